import GameCore
import GameTesting
import Testing

@testable import GameRender

@Suite struct RewindReducerTests {
  private static func store() -> TestStore<RewindReducer> {
    TestStore(initialState: RewindState(), reducer: RewindReducer(), environment: ())
  }

  @Test func holdingTheKeyRewindsAndLettingGoDuringPlayAsksForNothing() {
    let store = Self.store()
    store.send(.polled(held: true, isEnteringInitials: false, isPlaying: true)) {
      $0.isRewinding = true
    }
    store.send(.polled(held: true, isEnteringInitials: false, isPlaying: false))
    store.send(.polled(held: false, isEnteringInitials: false, isPlaying: true)) {
      $0.isRewinding = false
    }
  }

  @Test func lettingGoOnAStillScreenPressesPauseOnceAndOnlyOnce() {
    let store = Self.store()
    store.send(.polled(held: true, isEnteringInitials: false, isPlaying: false)) {
      $0.isRewinding = true
    }
    store.send(.polled(held: false, isEnteringInitials: false, isPlaying: false)) {
      $0.isRewinding = false
      $0.requests = [.pressPauseOnce]
    }
    store.send(.polled(held: false, isEnteringInitials: false, isPlaying: false)) {
      $0.requests = []
    }
  }

  @Test func theKeyDoesNotRewindWhileInitialsAreEntered() {
    let store = Self.store()
    store.send(.polled(held: true, isEnteringInitials: true, isPlaying: false))
    #expect(!store.state.isRewinding, "Backspace is the initials entry's")
    store.send(.polled(held: false, isEnteringInitials: true, isPlaying: false))
    #expect(store.state.requests.isEmpty, "no rewind to let go of: no pause pressed")
  }

  @Test func anEntryOpeningWhileRewindingStopsTheRewindLikeLettingGo() {
    let store = Self.store()
    store.send(.polled(held: true, isEnteringInitials: false, isPlaying: false)) {
      $0.isRewinding = true
    }
    store.send(.polled(held: true, isEnteringInitials: true, isPlaying: false)) {
      $0.isRewinding = false
      $0.requests = [.pressPauseOnce]
    }
  }
}
