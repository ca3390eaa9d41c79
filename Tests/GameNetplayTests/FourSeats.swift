import GameCore

/// A small game with four seats, for netplay tests: each player pushes a marker left or right,
/// and a running mix of every position and input makes any difference in any input at any
/// tick change every later state.
struct FourSeats: Game {
  struct State: GameState {
    var tick = 0
    var positions: Numbers<(Int, Int, Int, Int)> = [0, 0, 0, 0]
    var mix: UInt64
  }

  enum Action: TickAction, Equatable { case tick(TickInput) }

  static let id = "four-seats"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout(
    (1...4).flatMap { player in
      [
        Button("left-\(player)", symbol: Character("\(player)"), keys: [], player: player),
        Button("right-\(player)", symbol: Character("\(player + 4)"), keys: [], player: player),
      ]
    })

  static func initialState(seed: UInt64, settings: NoSettings) -> State { State(mix: seed) }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    for player in 0..<4 {
      let left = input.contains(TickInput(bit: 2 * player))
      let right = input.contains(TickInput(bit: 2 * player + 1))
      state.positions[player] += (right ? 1 : 0) - (left ? 1 : 0)
      state.mix =
        (state.mix ^ UInt64(bitPattern: Int64(state.positions[player])))
        &* 0x9E37_79B9_7F4A_7C15
    }
    state.mix ^= UInt64(input.rawValue)
    return .none
  }

  /// A player who changes what they hold every few ticks, seeded: the inputs a network
  /// must carry exactly.
  struct Player {
    var random: SplitMix64
    var held = TickInput()
    let seat: Int

    init(seat: Int, seed: UInt64) {
      self.seat = seat
      random = SplitMix64(seed: seed &+ UInt64(seat) &* 7919)
    }

    mutating func input() -> TickInput {
      if random.next() % 5 == 0 {
        switch random.next() % 3 {
        case 0: held = TickInput(bit: 2 * seat)
        case 1: held = TickInput(bit: 2 * seat + 1)
        default: held = []
        }
      }
      return held
    }
  }
}
