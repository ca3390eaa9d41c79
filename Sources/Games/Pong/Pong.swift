import GameCore
import GameScene

/// Pong for one player against the rules' own paddle, or for two: the right paddle is the
/// computer's until player 2 presses Up or Down (or moves their stick), and theirs for the rest
/// of the game. A paddle moves on its keys, or follows its axis (the mouse, a stick) from the
/// tick the axis moves until a key is held. A whole game on the engine in one file, drawing
/// included; first to 11 wins. Positions are whole 1/256ths of a unit on a 160 × 90 court.
public struct Pong: PlayableGame {
  public enum Phase: UInt8, StateValue, Sendable { case title, playing, paused, gameOver }

  public struct State: GameState {
    public var tick = 0
    public var phase = Phase.title
    /// True once player 2 took the right paddle.
    public var twoPlayers = false
    /// Paddle centres (y), left and right, and the ball's centre and velocity per tick.
    public var paddles: Numbers<(Int, Int)> = [45 * unit, 45 * unit]
    public var ball: Numbers<(Int, Int, Int, Int)> = [80 * unit, 45 * unit, 0, 0]
    public var points: Numbers<(Int, Int)> = [0, 0]
    /// 1 for a paddle following its axis rather than its keys (added in rules version 3).
    public var aiming: Numbers<(Int, Int)> = [0, 0]
    /// Ticks until the next serve, and the paddle hits of the game.
    public var serveIn = 64, hits = 0
    public var random: SplitMix64
    /// The input of the tick before (serve and pause act on a press, an axis on a move).
    public var held: TickInput = []
    /// This tick's sounds (bits of `Pong.cueNames`).
    @Drawn public var cues = 0
  }
  public enum Action: TickAction, Sendable { case tick(TickInput) }

  /// Follows the ball with its paddle (the left unless told) and starts games: "coach"; or
  /// holds nothing: "idle".
  public struct Bot: GameBot {
    var idle: Bool, paddle = 0
    public mutating func input(for state: State) -> TickInput {
      if idle { return [] }
      if state.phase != .playing { return state.held.contains(.serve) ? [] : .serve }
      // Meet the ball off centre, on the side that sends it away from the other paddle.
      let aim = state.paddles[1 - paddle] > height / 2 ? 5 * unit : -5 * unit
      let coming = (state.ball[2] < 0) == (paddle == 0)
      let gap = (coming ? state.ball[1] + aim : height / 2) - state.paddles[paddle]
      return gap < -unit ? .up : gap > unit ? .down : []
    }
  }
  /// In a networked match the bot plays its seat's paddle.
  public static func input(of bot: inout Bot, for state: State, seat: Int) -> TickInput {
    bot.paddle = seat
    return buttons.moved(bot.input(for: state), toPlayer: seat + 1)
  }

  static let unit = 256, width = 160 * unit, height = 90 * unit, paddleHalf = 8 * unit
  static let cueNames = ["paddle", "wall", "score"]
  public static let id = "pong", title = "Pong", botNames = ["coach", "idle"]
  public static let version: UInt16 = 3
  public static let sourceFile: String? = #filePath
  /// The axes aim a paddle's centre in half units from the court's middle: -90 is the top.
  public static let buttons = ButtonLayout(
    [
      Button("up", symbol: "U", keys: ["W"], controller: ["dpup"]),
      Button("down", symbol: "D", keys: ["S"], controller: ["dpdown"]),
      Button("up-2", symbol: "u", keys: ["Up"], controller: ["dpup"], player: 2),
      Button("down-2", symbol: "d", keys: ["Down"], controller: ["dpdown"], player: 2),
      Button("serve", symbol: "S", keys: ["Space"], controller: ["a"]),
      Button("pause", symbol: "P", keys: ["P"], controller: ["start"], pauses: true),
    ],
    axes: [
      Axis("paddle", range: -90...89, controller: ["lefty"], mouse: .y),
      Axis("paddle-2", range: -90...89, controller: ["lefty"], player: 2),
    ])
  public init() {}
  public static func initialState(seed: UInt64, settings: NoSettings) -> State {
    State(random: SplitMix64(seed: seed))
  }
  public static func bot(named name: String, seed: UInt64) -> Bot? {
    botNames.contains(name) ? Bot(idle: name == "idle") : nil
  }
  public static func isGameOver(_ state: State) -> Bool { state.phase == .gameOver }
  public static func isPlaying(_ state: State) -> Bool { state.phase == .playing }
  public static func metrics(of state: State) -> [Metric] {
    [
      Metric("score", state.points[0]), Metric("opponent", state.points[1]),
      Metric("hits", state.hits), Metric("phase", "\(state.phase)"),
    ]
  }

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    let (pressed, last) = (input.subtracting(state.held), state.held)
    state.tick += 1
    state.held = input
    state.cues = 0
    switch state.phase {
    case .title, .gameOver:
      guard pressed.contains(.serve) else { break }
      (state.phase, state.points, state.hits, state.twoPlayers) = (.playing, [0, 0], 0, false)
    case .paused where pressed.contains(.pause): state.phase = .playing
    case .playing where pressed.contains(.pause): state.phase = .paused
    case .playing: Self.play(&state, input, last)
    case .paused: break
    }
    return .none
  }
  /// One tick of play (`last` the tick before's input): paddles, then the ball, its bounces
  /// and the points.
  static func play(_ state: inout State, _ input: TickInput, _ last: TickInput) {
    // Players move 1.5 units a tick, on their keys or towards where their axis aims: from
    // the tick the axis moves until a key is held. The computer's paddle follows the ball at
    // 1 once it is past the net.
    func move(_ side: Int, _ up: TickInput, _ down: TickInput) -> Int {
      let keys = input.intersection([up, down])
      let speed = 3 * unit / 2
      if !keys.isEmpty {
        state.aiming[side] = 0
        return (keys.contains(down) ? speed : 0) - (keys.contains(up) ? speed : 0)
      }
      if input[axis: side] != last[axis: side] { state.aiming[side] = 1 }
      guard state.aiming[side] == 1 else { return 0 }
      let aim = height / 2 + input[axis: side] * unit / 2
      return max(-speed, min(speed, aim - state.paddles[side]))
    }
    let goal = state.ball[2] > 0 && state.ball[0] > width / 2 ? state.ball[1] : height / 2
    let computer = max(-unit, min(unit, goal - state.paddles[1]))
    let player2 = !input.intersection([.up2, .down2]).isEmpty || input[axis: 1] != last[axis: 1]
    if player2 { state.twoPlayers = true }
    state.paddles[0] += move(0, .up, .down)
    state.paddles[1] += state.twoPlayers ? move(1, .up2, .down2) : computer
    for side in 0..<2 {
      state.paddles[side] = max(paddleHalf, min(height - paddleHalf, state.paddles[side]))
    }
    if state.serveIn > 0 {  // a second between points, then a serve to each side in turn
      state.serveIn -= 1
      guard state.serveIn == 0 else { return }
      state.ball[2] = (state.points[0] + state.points[1]) % 2 == 1 ? -unit : unit
      state.ball[3] = Int(state.random.next() % 256) - 128
      return
    }
    state.ball[0] += state.ball[2]
    state.ball[1] += state.ball[3]
    if state.ball[1] < unit || state.ball[1] > height - unit {
      let wall = state.ball[1] < unit ? unit : height - unit
      state.ball[1] = 2 * wall - state.ball[1]
      state.ball[3] = -state.ball[3]
      state.cues |= 2
    }
    let side = state.ball[2] < 0 ? 0 : 1
    let face = side == 0 ? 8 * unit : width - 8 * unit
    // Just crossed the paddle's face, within its length: it comes back faster, and steeper the
    // further from the paddle's centre it hit.
    let crossed = side == 0 ? state.ball[0] <= face : state.ball[0] >= face
    let offset = state.ball[1] - state.paddles[side]
    let justNow = abs(state.ball[0] - face) < abs(state.ball[2]) + unit
    if crossed && justNow && abs(offset) <= paddleHalf + unit {
      state.ball[0] = face
      state.ball[2] = max(-3 * unit, min(3 * unit, -state.ball[2] * 17 / 16))
      state.ball[3] = offset / 4
      state.hits += 1
      state.cues |= 1
    } else if state.ball[0] < 0 || state.ball[0] > width {
      state.points[1 - side] += 1
      state.cues |= 4
      state.serveIn = 64
      state.ball = [width / 2, height / 2, 0, 0]
      if state.points[1 - side] == 11 { state.phase = .gameOver }
    }
  }

  /// The court in world units (the net, the paddles, the ball moving between ticks), the score
  /// and the screens in the overlay.
  public static func scene(of state: State) -> Scene {
    var scene = Scene(tick: state.tick, worldWidth: 160, worldHeight: 90)
    func units(_ value: Int) -> Float { Float(value) / Float(unit) }
    func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float, _ motion: Motion = .still) {
      let color = w == 1 ? Color(90, 90, 90) : .white
      scene.world.append(.rect(Rect(x: x, y: y, width: w, height: h, color: color, motion: motion)))
    }
    for y in stride(from: 1, to: 90, by: 6) { rect(79.5, Float(y), 1, 3) }
    rect(6, units(state.paddles[0] - paddleHalf), 2, 16)
    rect(152, units(state.paddles[1] - paddleHalf), 2, 16)
    let moving = state.phase == .playing && state.serveIn == 0
    let velocity = Motion.linear(vx: units(state.ball[2]), vy: units(state.ball[3]), spin: 0)
    rect(units(state.ball[0]) - 1, units(state.ball[1]) - 1, 2, 2, moving ? velocity : .still)
    func text(_ string: String, _ y: Float, _ scale: Float) {
      scene.overlay.append(.text(Text(string, x: 640, y: y, scale: scale, alignment: .center)))
    }
    if state.phase != .playing {  // the screens' text over a dimmed court
      let dim = Color(0, 0, 0, alpha: 170)
      scene.overlay.append(.rect(Rect(x: 0, y: 0, width: 1280, height: 720, color: dim)))
    }
    text("\(state.points[0])      \(state.points[1])", 30, 4)
    let blink = state.tick / 32 % 2 == 0
    switch state.phase {
    case .title:
      text("PONG", 220, 6)
      if blink { text("PRESS SPACE TO SERVE", 400, 1.5) }
      text("W / S or MOUSE  left paddle     UP / DOWN  right paddle (two players)", 500, 1)
      text("first to 11 wins   P pause", 540, 1)
      // A line of its own, which a netplay match leaves out (it cannot rewind).
      scene.overlay.append(
        .text(
          Text("hold BACKSPACE to rewind", x: 640, y: 570, alignment: .center, engineKey: .rewind)))
    case .paused:
      text("PAUSED", 300, 4)
    case .gameOver:
      text(state.points[0] > state.points[1] ? "LEFT WINS" : "RIGHT WINS", 280, 4)
      if blink { text("PRESS SPACE TO PLAY AGAIN", 420, 1.5) }
    case .playing:
      break
    }
    return scene
  }

  public static func sounds(of state: State) -> Sounds {
    Sounds(oneShots: cueNames.indices.filter { state.cues & 1 << $0 != 0 }.map { cueNames[$0] })
  }
}

extension TickInput {
  static let up = TickInput(bit: 0), down = TickInput(bit: 1)
  static let up2 = TickInput(bit: 2), down2 = TickInput(bit: 3)
  static let serve = TickInput(bit: 4), pause = TickInput(bit: 5)
}
