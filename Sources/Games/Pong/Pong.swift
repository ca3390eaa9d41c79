import GameCore
import GameScene

/// Pong for one player against the rules' own paddle, or for two: the right paddle is the
/// computer's until player 2 presses Up or Down, and theirs for the rest of the game. A whole
/// game on the engine in one file, drawing included; first to 11 wins. Positions are whole
/// 1/256ths of a unit on a 160 × 90 court.
public struct Pong: PlayableGame {
  public enum Phase: UInt8, StateValue, Sendable { case title, playing, paused, gameOver }

  public struct State: GameState {
    public var tick = 0
    public var phase = Phase.title
    /// True once player 2 took the right paddle.
    public var twoPlayers = false
    /// Paddle centres (y), left and right, and the ball's centre and velocity per tick, kept
    /// inside the state (``Numbers``).
    public var paddles: Numbers<(Int, Int)> = [45 * unit, 45 * unit]
    public var ball: Numbers<(Int, Int, Int, Int)> = [80 * unit, 45 * unit, 0, 0]
    public var points: Numbers<(Int, Int)> = [0, 0]
    /// Ticks until the next serve, and the paddle hits of the game.
    public var serveIn = 64, hits = 0
    public var random: SplitMix64
    /// The buttons held the tick before (serve and pause act on a press).
    public var held: TickInput = []
    /// This tick's sounds (bits of `Pong.cueNames`).
    @Drawn public var cues = 0
  }
  public enum Action: TickAction, Sendable { case tick(TickInput) }

  /// Follows the ball with the left paddle and starts games: "coach"; or holds nothing: "idle".
  public struct Bot: GameBot {
    var idle: Bool
    public mutating func input(for state: State) -> TickInput {
      if idle { return [] }
      if state.phase != .playing { return state.held.contains(.serve) ? [] : .serve }
      // Meet the ball off centre, on the side that sends it away from the other paddle.
      let aim = state.paddles[1] > height / 2 ? 5 * unit : -5 * unit
      let gap = (state.ball[2] < 0 ? state.ball[1] + aim : height / 2) - state.paddles[0]
      return gap < -unit ? .up : gap > unit ? .down : []
    }
  }

  static let unit = 256, width = 160 * unit, height = 90 * unit, paddleHalf = 8 * unit
  static let cueNames = ["paddle", "wall", "score"]
  public static let id = "pong", title = "Pong", botNames = ["coach", "idle"]
  public static let version: UInt16 = 2
  public static let sourceFile: String? = #filePath
  public static let buttons = ButtonLayout([
    Button("up", symbol: "U", keys: ["W"], controller: ["dpup", "lefty-"]),
    Button("down", symbol: "D", keys: ["S"], controller: ["dpdown", "lefty+"]),
    Button("up-2", symbol: "u", keys: ["Up"], controller: ["dpup", "lefty-"], player: 2),
    Button("down-2", symbol: "d", keys: ["Down"], controller: ["dpdown", "lefty+"], player: 2),
    Button("serve", symbol: "S", keys: ["Space"], controller: ["a"]),
    Button("pause", symbol: "P", keys: ["P"], controller: ["start"], pauses: true),
  ])
  public init() {}
  public static func initialState(seed: UInt64, settings: NoSettings) -> State {
    State(random: SplitMix64(seed: seed))
  }
  public static func bot(named name: String, seed: UInt64) -> Bot? {
    botNames.contains(name) ? Bot(idle: name == "idle") : nil
  }
  public static func isGameOver(_ state: State) -> Bool { state.phase == .gameOver }
  public static func metrics(of state: State) -> [Metric] {
    [
      Metric("score", state.points[0]), Metric("opponent", state.points[1]),
      Metric("hits", state.hits), Metric("phase", "\(state.phase)"),
    ]
  }

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    let pressed = input.subtracting(state.held)
    state.tick += 1
    state.held = input
    state.cues = 0
    switch state.phase {
    case .title, .gameOver:
      guard pressed.contains(.serve) else { break }
      (state.phase, state.points, state.hits, state.twoPlayers) = (.playing, [0, 0], 0, false)
    case .paused where pressed.contains(.pause): state.phase = .playing
    case .playing where pressed.contains(.pause): state.phase = .paused
    case .playing: Self.play(&state, input)
    case .paused: break
    }
    return .none
  }
  /// One tick of play: paddles, then the ball, its bounces and the points.
  static func play(_ state: inout State, _ input: TickInput) {
    // Players move 1.5 units a tick; the computer's paddle follows the ball at 1 once it
    // is past the net.
    func move(_ up: TickInput, _ down: TickInput) -> Int {
      (input.contains(down) ? 3 * unit / 2 : 0) - (input.contains(up) ? 3 * unit / 2 : 0)
    }
    let goal = state.ball[2] > 0 && state.ball[0] > width / 2 ? state.ball[1] : height / 2
    let computer = max(-unit, min(unit, goal - state.paddles[1]))
    if !input.intersection([.up2, .down2]).isEmpty { state.twoPlayers = true }
    state.paddles[0] += move(.up, .down)
    state.paddles[1] += state.twoPlayers ? move(.up2, .down2) : computer
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
    var scene = Scene(
      tick: state.tick, worldWidth: 160, worldHeight: 90, isRunning: state.phase == .playing)
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
      text("W / S  left paddle     UP / DOWN  right paddle (two players)", 500, 1)
      text("first to 11 wins   P pause   hold BACKSPACE rewind", 540, 1)
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

/// A few numbers indexed like an array (`ball[2]`), stored inside the state itself as a tuple
/// of `Int`s: an Array's would be on the heap, a pointer away, and a batch of thousands of
/// games stepped together would chase three such pointers a tick each. The inspector and the
/// desync report list them as they would an array's (`ball[2]`, `ball.count`).
public struct Numbers<Storage: BitwiseCopyable & Sendable>: Equatable, Sendable,
  RandomAccessCollection, ExpressibleByArrayLiteral, CustomReflectable, StatePrimitive
{
  var storage: Storage
  /// The numbers `[a, b]`: as many as `Storage`, `(Int, Int)`, holds.
  public init(arrayLiteral values: Int...) {
    precondition(values.count * MemoryLayout<Int>.stride == MemoryLayout<Storage>.size)
    storage = values.withUnsafeBytes { $0.loadUnaligned(as: Storage.self) }
  }
  /// 0.
  public var startIndex: Int { 0 }
  /// How many numbers there are.
  public var endIndex: Int { MemoryLayout<Storage>.size / MemoryLayout<Int>.stride }
  /// The number at `index` (checked: the tuple's bytes are read as `Int`s).
  public subscript(index: Int) -> Int {
    get {
      precondition(indices.contains(index), "index \(index) of \(count) numbers")
      return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * 8, as: Int.self) }
    }
    set {
      precondition(indices.contains(index), "index \(index) of \(count) numbers")
      withUnsafeMutableBytes(of: &storage) {
        $0.storeBytes(of: newValue, toByteOffset: index * 8, as: Int.self)
      }
    }
  }
  /// The numbers as an array's elements.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
  /// The same numbers in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
  /// Each number, in order.
  public func stableHash(into hasher: inout StableHasher) {
    for value in self { hasher.combine(value) }
  }
}
