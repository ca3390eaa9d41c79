import GameCore
import Synchronization
import Testing

/// What the store promises about middleware and async work: removable middleware, final
/// cancellation, no delivery from work that already returned.
@Suite struct StorePromisesTests {
  enum Action: Sendable { case increment, start, startLeaking, cancel }

  /// A `Send` smuggled out of its work, for the tests to call later.
  final class Smuggled: Sendable {
    let send = Mutex<Send<Action>?>(nil)
    /// Set when the long work has returned (after its cancellation).
    let ended = Mutex(false)
  }

  /// Yields until `condition` holds or 30 seconds pass; says whether it held.
  static func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      await Task.yield()
    }
    return true
  }

  static func reducer(_ smuggled: Smuggled) -> Reducer<Int, Action, Void> {
    Reducer { count, action, _ in
      switch action {
      case .increment:
        count += 1
        return .none
      case .start:
        return .run(id: "work") { send in
          smuggled.send.withLock { $0 = send }
          try? await Task.sleep(for: .seconds(60))
          smuggled.ended.withLock { $0 = true }
        }
      case .startLeaking:
        return .run { send in smuggled.send.withLock { $0 = send } }
      case .cancel:
        return .cancel(id: "work")
      }
    }
  }

  @Test func middlewareStopsWhenItsTokenIsCancelled() {
    let store = Store(initialState: 0, reducer: Self.reducer(Smuggled()), environment: ())
    let seen = Mutex(0)
    let token = store.use(Middleware(didReduce: { _, _, _ in seen.withLock { $0 += 1 } }))
    store.send(.increment)
    token.cancel()
    store.send(.increment)
    token.cancel()
    #expect(seen.withLock { $0 } == 1)
    #expect(store.state == 2)
  }

  @Test func middlewareThatCapturesItsStoreWeaklyLetsItGo() {
    weak var released: Store<Reducer<Int, Action, Void>>?
    do {
      let store = Store(initialState: 0, reducer: Self.reducer(Smuggled()), environment: ())
      store.use(Middleware(didReduce: { [weak store] _, _, _ in _ = store?.revision }))
      store.send(.increment)
      released = store
    }
    #expect(released == nil)
  }

  @Test func aCancelledWorksSendDeliversNothingEvenLater() async throws {
    let smuggled = Smuggled()
    let store = Store(initialState: 0, reducer: Self.reducer(smuggled), environment: ())
    store.send(.start)
    try #require(await Self.eventually { smuggled.send.withLock { $0 } != nil })
    store.send(.cancel)
    // The cancelled work ends (its sleep throws): a send after that must not deliver either.
    try #require(await Self.eventually { smuggled.ended.withLock { $0 } })
    smuggled.send.withLock { $0 }?(.increment)
    store.advanceTick()
    await store.settle()
    #expect(store.state == 0)
  }

  @Test func aSendThatOutlivesItsWorkDeliversNothing() async throws {
    let smuggled = Smuggled()
    let store = Store(initialState: 0, reducer: Self.reducer(smuggled), environment: ())
    store.send(.startLeaking)
    await store.settle()
    smuggled.send.withLock { $0 }?(.increment)
    store.advanceTick()
    await store.settle()
    #expect(store.state == 0)
  }
}
