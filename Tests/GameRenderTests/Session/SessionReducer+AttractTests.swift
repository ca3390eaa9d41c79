import GameCore
import GameTesting
import Testing

@testable import GameRender

@Suite struct SessionReducerAttractTests {
  /// A session whose attract mode starts a demo after three idle ticks.
  private static func store() -> TestStore<SessionReducer> {
    let store = TestStore(
      initialState: SessionState(seed: 1, buttons: 1, entryDelay: 0),
      reducer: SessionReducer(),
      environment: SessionDependencies(today: { "2026-11-28" }, place: { _ in nil }))
    let mode = AttractMode(idleTicks: 3, demoTicks: 10, lingerTicks: 2)
    store.send(.attract(.chosen(mode))) { $0.attract.mode = mode }
    return store
  }

  @Test func withTheModeOffIdleTicksCountNothing() {
    let store = TestStore(
      initialState: SessionState(seed: 1, buttons: 1, entryDelay: 0),
      reducer: SessionReducer(),
      environment: SessionDependencies(today: { "" }, place: { _ in nil }))
    for _ in 0..<5 { store.send(.attract(.playerTicked(idle: true))) }
    #expect(store.state.requests.isEmpty)
  }

  @Test func theIdleTicksOfTheModeAskForADemoAndStartTheWaitOver() {
    let store = Self.store()
    store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 1 }
    store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 2 }
    store.send(.attract(.playerTicked(idle: true))) {
      $0.attract.idleTicks = 0
      $0.requests = [.startDemo]
    }
    // Not started (a paused game): the next idle spell asks again.
    store.send(.attract(.playerTicked(idle: true))) {
      $0.requests = []
      $0.attract.idleTicks = 1
    }
  }

  @Test func aTickWithInputOrOnAScreenADemoMayNotCoverStartsTheWaitOver() {
    let store = Self.store()
    store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 1 }
    store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 2 }
    store.send(.attract(.playerTicked(idle: false))) { $0.attract.idleTicks = 0 }
    store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 1 }
    store.send(.attract(.woke)) { $0.attract.idleTicks = 0 }
    store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 1 }
    store.send(.attract(.steppedBack)) { $0.attract.idleTicks = 0 }
  }

  @Test func demosAreNumberedFromOneAndTheirEndIsKept() {
    let store = Self.store()
    for (number, end) in [(1, AttractEnd.timeUp), (2, .input)] {
      store.send(.attract(.playerTicked(idle: true))) { $0.attract.idleTicks = 1 }
      store.send(.attract(.demoStarted)) {
        $0.attract.demosShown = number
        $0.attract.demoOnScreen = number
      }
      store.send(.attract(.demoEnded(end))) {
        $0.attract.demoOnScreen = nil
        $0.attract.lastEnd = end
        $0.attract.idleTicks = 0
      }
    }
  }
}
