import GameCore
import Testing

@testable import GameScene

/// ``PlayableGame/isPlaying(_:)``: the engine asks the state whether play is under way; a game
/// that does not say keeps what its scenes passed as the deprecated `isRunning:`.
@Suite struct IsPlayingTests {
  /// A game that writes no `isPlaying`: its scene marks play as older games did.
  struct OldGame: PlayableGame {
    struct State: GameState {
      var tick = 0
      var paused = false
      func stableHash(into hasher: inout StableHasher) {
        hasher.combine(tick)
        hasher.combine(paused ? 1 : 0)
      }
    }
    enum Action: TickAction { case tick(TickInput) }
    static let id = "old"
    static let version: UInt16 = 1
    static let buttons = ButtonLayout([Button("pause", symbol: "P", keys: ["P"], pauses: true)])
    static func initialState(seed: UInt64, settings: NoSettings) -> State { State() }
    func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
      guard case .tick(let input) = action else { return .none }
      state.tick += 1
      if input.contains(TickInput(bit: 0)) { state.paused.toggle() }
      return .none
    }
    static func scene(of state: State) -> Scene {
      var scene = Scene(tick: state.tick)
      // What `Scene(tick:isRunning:)` stores.
      scene.runningMark = !state.paused
      return scene
    }
    static func screenshots(_ shoot: inout PhotoShoot<Self>, seed: UInt64) {}
  }

  @Test func byDefaultTheScenesOldMarkSaysWhetherPlayIsUnderWay() {
    var state = OldGame.State()
    #expect(OldGame.isPlaying(state))
    state.paused = true
    #expect(!OldGame.isPlaying(state))
  }

  @Test func aSceneMadeWithoutTheOldMarkIsInPlay() {
    #expect(Scene(tick: 0).runningMark)
  }
}
