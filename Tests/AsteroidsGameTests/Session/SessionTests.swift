import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct SessionTests {
  @Test func fireOnTheTitleScreenStartsAGame() {
    let store = TestStore(initialState: Session.State(), reducer: Session(), environment: ())
    store.step(.inputReceived([])) { $0.phaseTicks = 1 }
    store.step(.inputReceived(.fire)) {
      $0.held = .fire
      $0.phase = .playing
      $0.phaseTicks = 0
      $0.gamesStarted = 1
    }
  }

  @Test func pauseTogglesOnEachPressNotWhileHeld() {
    var initial = Session.State()
    initial.phase = .playing
    let store = TestStore(initialState: initial, reducer: Session(), environment: ())
    store.step(.inputReceived(.pause)) {
      $0.held = .pause
      $0.phase = .paused
    }
    store.step(.inputReceived(.pause)) { $0.phaseTicks = 1 }
    store.step(.inputReceived([])) {
      $0.held = []
      $0.phaseTicks = 2
    }
    store.step(.inputReceived(.pause)) {
      $0.held = .pause
      $0.phase = .playing
      $0.phaseTicks = 0
    }
  }

  @Test func gameOverWaitsBeforeFireRestarts() {
    var initial = Session.State()
    initial.phase = .playing
    initial.gamesStarted = 1
    let store = TestStore(initialState: initial, reducer: Session(), environment: ())
    store.send(.lastShipLost) { $0.phase = .gameOver }
    store.step(.inputReceived(.fire)) {
      $0.held = .fire
      $0.phaseTicks = 1
    }
    var state = store.state
    for _ in 0..<Tuning.restartDelay {
      _ = Session().reduce(into: &state, action: .inputReceived([]), environment: ())
    }
    _ = Session().reduce(into: &state, action: .inputReceived(.fire), environment: ())
    #expect(state.phase == .playing)
    #expect(state.gamesStarted == 2)
  }
}
