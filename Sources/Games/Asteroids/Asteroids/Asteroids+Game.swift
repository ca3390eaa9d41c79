import GameCore

/// Asteroids as a game of the engine: its id, buttons, settings, bots and figures.
extension Asteroids: Game {
  public typealias Settings = AsteroidsSettings

  /// `asteroids`: the id in replay headers and on the command line.
  public static let id = "asteroids"
  public static let title = "Asteroids"

  /// Six buttons, in the bit order of every replay ever recorded (version-1 files included).
  public static let buttons = ButtonLayout([
    Button("rotate-left", symbol: "L", keys: ["Left", "A"], controller: ["dpleft", "leftx-"]),
    Button("rotate-right", symbol: "R", keys: ["Right", "D"], controller: ["dpright", "leftx+"]),
    Button("thrust", symbol: "T", keys: ["Up", "W"], controller: ["dpup", "x", "righttrigger"]),
    Button("fire", symbol: "F", keys: ["Space", "Left Ctrl"], controller: ["a"]),
    Button(
      "hyperspace", symbol: "H", keys: ["Left Shift", "Right Shift", "Down", "S"],
      controller: ["b", "y"]),
    Button("pause", symbol: "P", keys: ["P"], controller: ["start"], pauses: true),
  ])

  public static func initialState(seed: UInt64, settings: AsteroidsSettings) -> State {
    State(seed: seed, settings: settings)
  }

  public static var botNames: [String] { Bot.names }

  public static func bot(named name: String, seed: UInt64) -> Bot? {
    try? Bot(name: name, seed: seed)
  }

  /// The stress fields of the benchmarks: every wave a thousand, then ten thousand rocks.
  public static var workloads: [(name: String, settings: AsteroidsSettings)] {
    [1_000, 10_000].map { (count: Int) in
      ("rocks \(count)", AsteroidsSettings(rocks: count, startsAtTitle: false))
    }
  }

  /// A tick with the stress setting's N rocks costs about N / 64 normal ticks (the benchmarks:
  /// 1.1 µs a tick with 1,000 rocks, 11 µs with 10,000, against 86 ns).
  public static func replayWork(of settings: AsteroidsSettings) -> Int {
    1 + (settings.rocks ?? 0) / 64
  }

  public static func isGameOver(_ state: State) -> Bool { state.session.phase == .gameOver }
  public static func isPlaying(_ state: State) -> Bool { state.session.phase == .playing }

  /// A finished game ranks by its score on the one table.
  public static func ranking(of state: State) -> Ranking? {
    isGameOver(state) ? Ranking(value: state.score.score) : nil
  }

  public static func rankingText(_ value: Int, table: String) -> String {
    AsteroidsDrawing.twoDigits(value)
  }

  public static func metrics(of state: State) -> [Metric] {
    [
      Metric("score", state.score.score), Metric("wave", state.score.wave),
      Metric("lives", state.score.lives), Metric("phase", "\(state.session.phase)"),
    ]
  }
}

extension Asteroids.State: GameState {}

extension Asteroids.Action: TickAction {}

extension Bot: GameBot {}

extension TickInput {
  /// Asteroids: turn anticlockwise.
  public static let rotateLeft = TickInput(bit: 0)
  /// Asteroids: turn clockwise.
  public static let rotateRight = TickInput(bit: 1)
  /// Asteroids: thrust forward.
  public static let thrust = TickInput(bit: 2)
  /// Asteroids: fire.
  public static let fire = TickInput(bit: 3)
  /// Asteroids: jump into hyperspace.
  public static let hyperspace = TickInput(bit: 4)
  /// Asteroids: pause or resume.
  public static let pause = TickInput(bit: 5)
}
