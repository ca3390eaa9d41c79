import GameCore
import GameScene

/// Breakout: knock every brick out of the wall with the ball. A cleared wall brings the next
/// level, a row deeper and faster; a lost ball costs a life. The field is 160 × 90, y down.
public struct Breakout: PlayableGame {
  public enum Phase: UInt8, StateValue, Sendable { case title, playing, paused, over }
  /// What happened this tick that makes a sound (`soundEffects` has one of each name).
  public enum Cue: UInt8, StateValue, CaseIterable, Sendable {
    case wall, paddle, brick, lost, level
  }

  /// The state, described once: the engine hashes, diffs and inspects it from these fields.
  public struct State: GameState {
    public var tick = 0, phase = Phase.title
    public var level = 1, lives = 3, score = 0
    public var paddle = Fixed(80)  // its centre; it runs along y 82
    public var ball = Vector(80, 80), velocity = Vector(0, 0)  // its centre, its move a tick
    /// Ticks the ball rides on the paddle before it leaves: a second after each serve.
    public var serveIn = 64
    /// One flag a cell of the level's `wall(level:)`, row by row: still standing.
    public var bricks: [Bool] = []
    public var startLevel = 1, startLives = 3  // where a new game starts: the settings'
    public var presses = ButtonPresses()
    public var random: SplitMix64  // the serve's angle, the only chance in the game
    /// This tick's sounds: only heard, so the hash leaves them out.
    @Drawn public var cues: [Cue] = []
    public var bricksLeft: Int { bricks.count { $0 } }
  }

  public enum Action: TickAction, Equatable, Sendable { case tick(TickInput) }

  public static let id = "breakout", title = "Breakout"
  /// Bump it whenever a rule or setting changes: older replays are then refused.
  public static let version: UInt16 = 1
  public static let buttons = ButtonLayout(
    [
      Button("left", symbol: "L", keys: ["Left", "A"], controller: ["dpleft"]),
      Button("right", symbol: "R", keys: ["Right", "D"], controller: ["dpright"]),
      Button("serve", symbol: "S", keys: ["Space"], controller: ["a"], mouse: ["left"]),
      Button("pause", symbol: "P", keys: ["P"], controller: ["start"], pauses: true),
    ], axes: [Axis("paddle", range: -80...80, controller: ["leftx"], mouse: .x)])
  public static let botNames = ["ace"], rankingTables = ["score"]

  static let radius = Fixed(ratio: 3, 2), paddleY = Fixed(82)
  static let halfPaddle = Fixed(10), paddleSpeed = Fixed(2)
  /// The walls the ball bounces off: left and right outside the field, the top under the score.
  static let walls = [Box(-8, -8, 8, 106), Box(160, -8, 8, 106), Box(-8, 0, 176, 9)]

  public init() {}

  public static func initialState(seed: UInt64, settings: BreakoutSettings) -> State {
    var state = State(
      startLevel: settings.level, startLives: settings.lives, random: SplitMix64(seed: seed))
    start(&state)
    if settings.title { state.phase = .title }
    return state
  }

  /// The bricks of a level: ten columns of 16 × 5, a row more each level up to eight.
  public static func wall(level: Int) -> Grid {
    Grid(origin: Vector(0, 12), cellSize: Vector(16, 5), columns: 10, rows: 3 + min(level, 5))
  }

  /// The ball's speed, world units a tick: 1 on level 1, an eighth more each level, up to 2.
  static func speed(level: Int) -> Fixed { Fixed(ratio: 7 + min(level, 9), 8) }

  static func paddleBox(_ paddle: Fixed) -> Box {
    Box(x: paddle - halfPaddle, y: paddleY, width: halfPaddle * Fixed(2), height: Fixed(3))
  }

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    state.cues = []
    let pressed = state.presses.update(input)
    switch state.phase {
    case .title, .over: if pressed.contains(.serve) { Self.start(&state) }
    case .paused: if pressed.contains(.pause) { state.phase = .playing }
    case .playing where pressed.contains(.pause): state.phase = .paused
    case .playing: Self.play(&state, input)
    }
    return .none
  }

  /// A new game: the settings' level and lives, no points.
  static func start(_ state: inout State) {
    (state.phase, state.score, state.lives) = (.playing, 0, state.startLives)
    begin(level: state.startLevel, &state)
  }

  /// A level's whole wall, and the ball on the paddle.
  static func begin(level: Int, _ state: inout State) {
    state.level = level
    state.bricks = Array(repeating: true, count: 10 * wall(level: level).rows)
    serve(&state)
  }

  static func serve(_ state: inout State) {
    (state.serveIn, state.velocity) = (64, Vector(0, 0))
    state.ball = Vector(x: state.paddle, y: paddleY - radius)
  }

  /// The paddle follows the mouse or stick (the axis, 0 when let go) or `left`/`right`.
  static func steer(_ paddle: Fixed, _ input: TickInput) -> Fixed {
    let keys = (input.contains(.right) ? 1 : 0) - (input.contains(.left) ? 1 : 0)
    let aim = input[axis: 0] == 0 ? paddle + paddleSpeed * Fixed(keys) : Fixed(80 + input[axis: 0])
    let move = min(max(aim - paddle, -paddleSpeed * Fixed(2)), paddleSpeed * Fixed(2))
    return min(max(paddle + move, halfPaddle), Fixed(160) - halfPaddle)
  }

  /// One tick of play: the paddle, then the ball, its bounces and what they break.
  static func play(_ state: inout State, _ input: TickInput) {
    state.paddle = steer(state.paddle, input)
    if state.serveIn > 0 {
      state.serveIn -= 1
      state.ball.x = state.paddle
      if state.serveIn == 0 {
        let angle = Angle.up.turned(by: state.random.next(in: Int32(-4_000)...4_000))
        state.velocity = Vector(angle: angle, length: speed(level: state.level))
      }
      return
    }
    moveBall(&state)
    guard state.ball.y > Fixed(92) else { return }  // past the paddle and out of the field
    state.lives -= 1
    state.cues.append(.lost)
    if state.lives == 0 { state.phase = .over } else { serve(&state) }
  }

  /// The ball off the paddle: straight up from its centre, up to 60° aside from its ends.
  static func rebound(_ state: State) -> Vector {
    let offset = min(max((state.ball.x - state.paddle) / halfPaddle, -Fixed.one), .one)
    let angle = Angle.up.turned(by: Int32(Int(offset.raw) * 10_923 / 65_536))
    return Vector(angle: angle, length: speed(level: state.level))
  }

  /// Moves the ball, bouncing off walls, the paddle and the bricks near its path (the wall's
  /// cells it may reach), up to four times a tick; a cleared wall brings the next level.
  static func moveBall(_ state: inout State) {
    let wall = wall(level: state.level)
    var left = Fixed.one  // the part of this tick's move still to go
    for _ in 0..<4 {
      let ball = Circle(center: state.ball, radius: radius)
      let move = state.velocity * left
      let reach = ball.bounds.union(ball.moved(by: move).bounds)
      let near = wall.cells(overlapping: reach).filter { state.bricks[wall.index(of: $0)] }
      let boxes = walls + [paddleBox(state.paddle)] + near.map(wall.box(of:))
      guard let (index, hit) = ball.sweep(move, against: boxes) else {
        state.ball += move
        return
      }
      state.ball = hit.position
      state.velocity = state.velocity.bounced(off: hit.side)
      left = left * (Fixed.one - hit.time)
      if index < walls.count {
        state.cues.append(.wall)
      } else if index == walls.count {
        if hit.side == .top { state.velocity = rebound(state) }
        state.cues.append(.paddle)
      } else {
        let cell = near[index - walls.count - 1]
        state.bricks[wall.index(of: cell)] = false
        state.score += 10 * (wall.rows - cell.row)
        state.cues.append(.brick)
        guard state.bricksLeft == 0 else { continue }
        state.cues.append(.level)
        return begin(level: state.level + 1, &state)
      }
    }
  }

  /// Follows the ball, meeting it off centre to send it toward the lowest brick left.
  public struct Bot: GameBot {
    public mutating func input(for state: State) -> TickInput {
      if state.phase != .playing { return state.presses.held.contains(.serve) ? [] : .serve }
      let aim = Fixed((state.bricks.lastIndex(of: true) ?? 0) % 10 * 16 + 8)  // its column's centre
      let target = state.serveIn > 0 ? aim : state.ball.x + Fixed(aim < state.ball.x ? 5 : -5)
      return target < state.paddle - Fixed.one ? .left : target > state.paddle + .one ? .right : []
    }
  }

  public static func bot(named name: String, seed: UInt64) -> Bot? { name == "ace" ? Bot() : nil }

  public static func metrics(of state: State) -> [Metric] {
    [Metric("score", state.score), Metric("level", state.level), Metric("lives", state.lives)]
  }

  public static func isGameOver(_ state: State) -> Bool { state.phase == .over }
  public static func isPlaying(_ state: State) -> Bool { state.phase == .playing }

  /// A finished game ranks by its points; one of 0 takes no place.
  public static func ranking(of state: State) -> Ranking? {
    state.phase == .over ? Ranking(table: "score", value: state.score) : nil
  }
}

extension TickInput {
  static let left = TickInput(bit: 0), right = TickInput(bit: 1)
  static let serve = TickInput(bit: 2), pause = TickInput(bit: 3)
}
