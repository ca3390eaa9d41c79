import GameCore

/// The smallest game that exercises the whole engine: two players' buttons, settings that
/// round-trip strictly, a seeded bot, and a state with named sections.
///
/// Player 1 adds with button 0 and doubles with button 1; player 2 (bits 8 and 9) subtracts
/// and resets. A `step` setting scales what each press adds.
struct TallyGame: Game {
  struct State: GameState {
    var tick = 0
    var total: Int
    var presses = 0
    var step: Int

    func stableHash(into hasher: inout StableHasher) {
      for section in hashSections { hasher.combine(section.hash) }
    }

    var hashSections: [(name: String, hash: UInt64)] {
      [
        ("tick", tick.stableHashValue), ("total", total.stableHashValue),
        ("presses", presses.stableHashValue), ("step", step.stableHashValue),
      ]
    }
  }

  enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  struct Settings: GameSettings {
    var step = 1
    static var headless: Settings { Settings() }
    static var declared: [Setting<Settings>] {
      [Setting("step", \.step, 1...9, help: "what an add adds")]
    }
  }

  /// Presses "add" on a seeded rhythm; "idle" presses nothing.
  struct Bot: GameBot {
    var random: SplitMix64
    var idle: Bool
    mutating func input(for state: State) -> TickInput {
      if idle { return [] }
      return random.next() % 3 == 0 ? .add : []
    }
  }

  static let id = "tally"
  static let version: UInt16 = 3
  static let buttons = ButtonLayout([
    Button("add", symbol: "A", keys: ["A"]),
    Button("double", symbol: "D", keys: ["D"]),
    Button("spare-2", symbol: "2", keys: []), Button("spare-3", symbol: "3", keys: []),
    Button("spare-4", symbol: "4", keys: []), Button("spare-5", symbol: "5", keys: []),
    Button("spare-6", symbol: "6", keys: []), Button("spare-7", symbol: "7", keys: []),
    Button("subtract", symbol: "S", keys: ["Left"], player: 2),
    Button("reset", symbol: "R", keys: ["Right"], player: 2, pauses: true),
  ])

  static func initialState(seed: UInt64, settings: Settings) -> State {
    State(total: Int(seed % 10), step: settings.step)
  }

  static let botNames = ["drummer", "idle"]

  static func bot(named name: String, seed: UInt64) -> Bot? {
    guard botNames.contains(name) else { return nil }
    return Bot(random: SplitMix64(seed: seed), idle: name == "idle")
  }

  static func metrics(of state: State) -> [Metric] {
    [Metric("total", state.total), Metric("presses", state.presses)]
  }

  /// A step of 9 is five times the work (a stand-in for a game's stress settings).
  static func replayWork(of settings: Settings) -> Int { settings.step == 9 ? 5 : 1 }

  static var workloads: [(name: String, settings: Settings)] {
    var big = Settings()
    big.step = 9
    return [("step 9", big)]
  }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    if input.contains(.add) { state.total += state.step }
    if input.contains(.double) { state.total *= 2 }
    if input.contains(.subtract) { state.total -= state.step }
    if input.contains(.reset) { state.total = 0 }
    state.presses += input.rawValue.nonzeroBitCount
    return .none
  }
}

extension TickInput {
  static let add = TickInput(bit: 0)
  static let double = TickInput(bit: 1)
  static let subtract = TickInput(bit: 8)
  static let reset = TickInput(bit: 9)
}
