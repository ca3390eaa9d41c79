import GameCore
import GameScene

/// A test game with the screens of an arcade game: a title (whose stars drift, so a frozen
/// title shows), play, a pause, and a game over ranked on the high-score table. "go" starts a
/// game and scores a point a tick while held; a game lasts 32 ticks. Its one bot, "runner",
/// starts games and holds "go". The window's settings open on the title, the headless ones in
/// play. Playing, it hums: the attract mode's demos must be silent.
struct TitleGame: PlayableGame {
  enum Phase: UInt8, Sendable { case title, playing, paused, over }

  struct Settings: GameSettings {
    var startsAtTitle = true
    init() {}
    static var declared: [Setting<Settings>] {
      [Setting("title", \.startsAtTitle, help: "start at the title screen")]
    }
    static var headless: Settings {
      var settings = Settings()
      settings.startsAtTitle = false
      return settings
    }
    var encoded: [UInt8] { [startsAtTitle ? 1 : 0] }
    init(encoded: [UInt8]) throws {
      guard encoded.count == 1, encoded[0] <= 1 else {
        throw SettingError.invalid("settings", value: "\(encoded)", reason: "one byte, 0 or 1")
      }
      startsAtTitle = encoded[0] == 1
    }
  }

  struct State: GameState {
    var tick = 0
    var phase: Phase
    /// The title's stars: they move every tick the title is shown.
    var drift = 0
    var score = 0
    var ticksLeft = 0
    var held: TickInput = []

    func stableHash(into hasher: inout StableHasher) {
      for value in [tick, Int(phase.rawValue), drift, score, ticksLeft, Int(held.rawValue)] {
        hasher.combine(value)
      }
    }

    var hashSections: [(name: String, hash: UInt64)] {
      var hasher = StableHasher()
      stableHash(into: &hasher)
      return [("all", hasher.finalized)]
    }
  }

  enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  struct Bot: GameBot {
    func input(for state: State) -> TickInput {
      // Presses "go" on a screen that waits for it (a press: let go every other tick).
      state.phase == .playing || state.tick % 2 == 0 ? .go : []
    }
  }

  static let id = "title"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout([
    Button("go", symbol: "G", keys: ["Space"]),
    Button("pause", symbol: "P", keys: ["P"], pauses: true),
  ])
  static let botNames = ["runner"]
  static let gameTicks = 32

  static func bot(named name: String, seed: UInt64) -> Bot? { name == "runner" ? Bot() : nil }

  static func initialState(seed: UInt64, settings: Settings) -> State {
    var state = State(phase: .title, drift: Int(seed % 100))
    if !settings.startsAtTitle { begin(&state) }
    return state
  }

  static func begin(_ state: inout State) {
    (state.phase, state.score, state.ticksLeft) = (.playing, 0, gameTicks)
  }

  static func isGameOver(_ state: State) -> Bool { state.phase == .over }
  static func isPlaying(_ state: State) -> Bool { state.phase == .playing }

  static func ranking(of state: State) -> Ranking? {
    state.phase == .over ? Ranking(value: state.score) : nil
  }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    let pressed = input.subtracting(state.held)
    state.held = input
    state.tick += 1
    switch state.phase {
    case .title, .over:
      state.drift += 1
      if pressed.contains(.go) { Self.begin(&state) }
    case .paused:
      if pressed.contains(.hold) { state.phase = .playing }
    case .playing:
      if pressed.contains(.hold) {
        state.phase = .paused
        break
      }
      if input.contains(.go) { state.score += 1 }
      state.ticksLeft -= 1
      if state.ticksLeft == 0 { state.phase = .over }
    }
    return .none
  }

  static func scene(of state: State) -> Scene {
    var scene = Scene(tick: state.tick)
    scene.world.append(
      .rect(Rect(x: Float(state.drift % 1280), y: 100, width: 4, height: 4, color: .white)))
    scene.overlay.append(.text(Text("\(state.phase) \(state.score)", x: 20, y: 20)))
    return scene
  }

  static func sounds(of state: State) -> Sounds {
    Sounds(loops: state.phase == .playing ? ["hum"] : [])
  }
}

extension TickInput {
  static let go = TickInput(bit: 0)
  /// TitleGame's pause button.
  static let hold = TickInput(bit: 1)
}
