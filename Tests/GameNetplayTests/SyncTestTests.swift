import GameCore
import GameNetplay
import Synchronization
import Testing

/// A game that counts its reducer's calls outside its state: run again after a rollback, a
/// tick sees a different count, as a game with a global or a class instance would.
struct LeakyGame: Game {
  struct State: GameState {
    var tick = 0
    var total = 0
  }
  enum Action: TickAction, Equatable { case tick(TickInput) }
  static let id = "leaky"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout([Button("add", symbol: "A", keys: [])])
  static let calls = Atomic<Int>(0)

  static func initialState(seed: UInt64, settings: NoSettings) -> State { State() }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    state.tick += 1
    // The first 100 calls are honest; from then on the rules read the count.
    let calls = Self.calls.add(1, ordering: .relaxed).newValue
    if calls > 100 { state.total += calls }
    return .none
  }
}

@Suite struct SyncTestTests {
  @Test(arguments: [1, 8, 32])
  func aGameWhoseStateIsWholePasses(window: Int) {
    let report = SyncTest<FourSeats>.run(
      seed: 3, settings: NoSettings(), window: window, ticks: 500
    ) { state in
      var random = SplitMix64(seed: UInt64(state.tick))
      return TickInput(rawValue: UInt32(truncatingIfNeeded: random.next()) & 0xFF)
    }
    #expect(report.mismatch == nil)
    #expect(report.rollbacks == 500 - window + 1)
    #expect(report.resimulatedTicks == report.rollbacks * window)
    // The rollbacks left the game where a straight run ends.
    let straight = Simulation<FourSeats>(seed: 3)
    for tick in 0..<500 {
      var random = SplitMix64(seed: UInt64(tick))
      straight.step(TickInput(rawValue: UInt32(truncatingIfNeeded: random.next()) & 0xFF))
    }
    #expect(report.hash == straight.hash)
  }

  @Test func aGameThatKeepsSomethingOutsideItsStateFails() throws {
    let report = SyncTest<LeakyGame>.run(seed: 1, settings: NoSettings(), window: 4, ticks: 200)
    let mismatch = try #require(report.mismatch)
    #expect(mismatch.first != mismatch.again)
    #expect(mismatch.tick <= 100, "found at the first tick run again after the leak begins")
  }

  @Test func aBotWrittenForPlayerOnePlaysEverySeat() {
    let layout = FourSeats.buttons
    // Player 1's "right" (bit 1) is player 3's "right" (bit 5).
    #expect(layout.moved(TickInput(bit: 1), toPlayer: 3) == TickInput(bit: 5))
    #expect(layout.moved(TickInput(bit: 0), toPlayer: 1) == TickInput(bit: 0))
    #expect(FourSeats.seats(for: NoSettings()) == 4)
  }
}
