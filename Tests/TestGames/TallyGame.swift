import GameCore

/// The smallest game that exercises the whole engine: two players' buttons, settings that
/// round-trip strictly, a seeded bot, and a state with named sections.
///
/// Player 1 adds with button 0 and doubles with button 1; player 2 (bits 8 and 9) subtracts
/// and resets. A `step` setting scales what each press adds.
public struct TallyGame: Game {
  public struct State: GameState {
    public var tick = 0
    public var total: Int
    public var presses = 0
    public var step: Int

    public func stableHash(into hasher: inout StableHasher) {
      for section in hashSections { hasher.combine(section.hash) }
    }

    public var hashSections: [(name: String, hash: UInt64)] {
      [
        ("tick", tick.stableHashValue), ("total", total.stableHashValue),
        ("presses", presses.stableHashValue), ("step", step.stableHashValue),
      ]
    }
  }

  public enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  public struct Settings: GameSettings {
    public var step = 1
    public init() {}
    public static var headless: Settings { Settings() }
    public static var declared: [Setting<Settings>] {
      [Setting("step", \.step, 1...9, help: "what an add adds")]
    }
  }

  /// Presses "add" on a seeded rhythm; "idle" presses nothing.
  public struct Bot: GameBot {
    public var random: SplitMix64
    public var idle: Bool
    public mutating func input(for state: State) -> TickInput {
      if idle { return [] }
      return random.next() % 3 == 0 ? .add : []
    }
  }

  public static let id = "tally"
  public static let version: UInt16 = 3
  public static let buttons = ButtonLayout([
    Button("add", symbol: "A", keys: ["A"]),
    Button("double", symbol: "D", keys: ["D"]),
    Button("spare-2", symbol: "2", keys: []), Button("spare-3", symbol: "3", keys: []),
    Button("spare-4", symbol: "4", keys: []), Button("spare-5", symbol: "5", keys: []),
    Button("spare-6", symbol: "6", keys: []), Button("spare-7", symbol: "7", keys: []),
    Button("subtract", symbol: "S", keys: ["Left"], player: 2),
    Button("reset", symbol: "R", keys: ["Right"], player: 2, pauses: true),
  ])

  public static func initialState(seed: UInt64, settings: Settings) -> State {
    State(total: Int(seed % 10), step: settings.step)
  }

  public static let botNames = ["drummer", "idle"]

  public static func bot(named name: String, seed: UInt64) -> Bot? {
    guard botNames.contains(name) else { return nil }
    return Bot(random: SplitMix64(seed: seed), idle: name == "idle")
  }

  public static func metrics(of state: State) -> [Metric] {
    [Metric("total", state.total), Metric("presses", state.presses)]
  }

  /// A step of 9 is five times the work (a stand-in for a game's stress settings).
  public static func replayWork(of settings: Settings) -> Int { settings.step == 9 ? 5 : 1 }

  public static var workloads: [(name: String, settings: Settings)] {
    var big = Settings()
    big.step = 9
    return [("step 9", big)]
  }

  public init() {}

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
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
  public static let add = TickInput(bit: 0)
  public static let double = TickInput(bit: 1)
  public static let subtract = TickInput(bit: 8)
  public static let reset = TickInput(bit: 9)
}
