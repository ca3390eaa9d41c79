import GameCore

/// A game of analog input: a paddle that follows axis 0 (-127...127, a stick or the mouse's
/// height), and a pointer (axes 1 and 2, world units over a 160 × 90 world) whose clicks
/// (button 0) the state counts and sums.
public struct PaddleGame: Game {
  public struct State: GameState {
    public var tick = 0
    public var paddle = 0
    public var clicks = 0
    public var clickSum = 0
    public var presses = ButtonPresses()

    public func stableHash(into hasher: inout StableHasher) {
      for section in hashSections { hasher.combine(section.hash) }
    }

    public var hashSections: [(name: String, hash: UInt64)] {
      [
        ("tick", tick.stableHashValue), ("paddle", paddle.stableHashValue),
        ("clicks", clicks.stableHashValue), ("clickSum", clickSum.stableHashValue),
        ("presses", presses.stableHash),
      ]
    }
  }

  public enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  /// Moves the paddle on a seeded random walk, points anywhere, clicks now and then.
  public struct Bot: GameBot {
    public var random: SplitMix64
    public var target = 0
    public mutating func input(for state: State) -> TickInput {
      if random.next() % 16 == 0 { target = Int(random.next() % 255) - 127 }
      var input: TickInput = random.next() % 5 == 0 ? .click : []
      input[axis: PaddleGame.paddle] = target
      input[axis: PaddleGame.pointerX] = Int(random.next() % 160)
      input[axis: PaddleGame.pointerY] = Int(random.next() % 90)
      return input
    }
  }

  public static let paddle = 0
  public static let pointerX = 1
  public static let pointerY = 2

  public static let id = "paddle"
  public static let version: UInt16 = 1
  public static let buttons = ButtonLayout(
    [Button("click", symbol: "C", keys: ["Space"], mouse: ["left"])],
    axes: [Axis("paddle", range: -127...127, controller: ["lefty"], mouse: .y)],
    pointer: Pointer(width: 160, height: 90))

  public static func initialState(seed: UInt64, settings: NoSettings) -> State { State() }

  public static let botNames = ["wiggle"]

  public static func bot(named name: String, seed: UInt64) -> Bot? {
    name == "wiggle" ? Bot(random: SplitMix64(seed: seed)) : nil
  }

  public init() {}

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    // A quarter of the way to the axis each tick: the paddle eases towards the stick.
    state.paddle += (input[axis: Self.paddle] - state.paddle) / 4
    if state.presses.update(input).contains(.click) {
      state.clicks += 1
      state.clickSum += input[axis: Self.pointerX] * 100 + input[axis: Self.pointerY]
    }
    return .none
  }
}

extension TickInput {
  public static let click = TickInput(bit: 0)
}
