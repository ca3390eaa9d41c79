import GameCore
import Testing

@Suite struct SubscriptionTests {
  struct State: Equatable {
    var score = 0
    var lives = 3
  }

  enum Action: Sendable {
    case scored(Int)
    case died
    case scoredAndUnscored
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .scored(let points): state.score += points
    case .died: state.lives -= 1
    case .scoredAndUnscored:
      return .send([.scored(5), .scored(-5)])
    }
    return .none
  }

  static func makeStore() -> Store<State, Action, Void> {
    Store(initialState: State(), reducer: reducer, environment: ())
  }

  @Test func calledWithOldAndNewOnlyWhenTheValueChanged() {
    let store = Self.makeStore()
    var changes: [(Int, Int)] = []
    let subscription = store.subscribe(\.score) { changes.append(($0, $1)) }
    store.send(.died)
    store.send(.scored(10))
    store.send(.scored(0))
    store.send(.scored(5))
    #expect(changes.map(\.0) == [0, 10])
    #expect(changes.map(\.1) == [10, 15])
    subscription.cancel()
  }

  @Test func calledAtMostOncePerBatchWhateverTheBatchQueued() {
    let store = Self.makeStore()
    var calls = 0
    let subscription = store.subscribe(\.score) { _, _ in calls += 1 }
    store.send(.scoredAndUnscored)  // +5 then -5 in one batch: no net change
    #expect(calls == 0)
    store.step(.scored(1))
    store.step(.scored(1))
    #expect(calls == 2)
    subscription.cancel()
  }

  @Test func subscribersOfOneKeyPathShareOneComparisonAndKeepOrder() {
    let store = Self.makeStore()
    var order: [Int] = []
    let subscriptions = (0..<5).map { index in
      store.subscribe(\.score) { _, _ in order.append(index) }
    }
    store.send(.scored(1))
    #expect(order == [0, 1, 2, 3, 4])
    subscriptions[2].cancel()
    store.send(.scored(1))
    #expect(order == [0, 1, 2, 3, 4, 0, 1, 3, 4])
  }

  @Test func cancelAndReleaseBothUnsubscribe() {
    let store = Self.makeStore()
    var cancelledCalls = 0
    var releasedCalls = 0
    let cancelled = store.subscribe(\.score) { _, _ in cancelledCalls += 1 }
    var released: Subscription? = store.subscribe(\.score) { _, _ in releasedCalls += 1 }
    store.send(.scored(1))
    cancelled.cancel()
    cancelled.cancel()  // a second cancel does nothing
    released = nil
    store.send(.scored(1))
    #expect(cancelledCalls == 1)
    #expect(releasedCalls == 1)
    #expect(!cancelled.isActive)
    _ = released
  }

  @Test func manySubscribeCancelCyclesStayCorrect() {
    let store = Self.makeStore()
    var calls = 0
    var keep: [Subscription] = []
    for round in 0..<2_000 {
      let subscription = store.subscribe(\.lives) { _, _ in calls += 1 }
      if round % 100 == 0 { keep.append(subscription) } else { subscription.cancel() }
    }
    store.send(.died)
    #expect(calls == keep.count)
  }

  @Test func wholeStateSubscribersHearEveryBatch() {
    let store = Self.makeStore()
    var seen: [State] = []
    let subscription = store.subscribe { seen.append($0) }
    store.send(.scored(2))
    store.send(.died)
    #expect(seen == [State(score: 2, lives: 3), State(score: 2, lives: 2)])
    subscription.cancel()
  }

  @Test func aSubscriberCancellingAnotherMidNotificationIsSafe() {
    let store = Self.makeStore()
    var calls: [String] = []
    var second: Subscription?
    let first = store.subscribe(\.score) { _, _ in
      calls.append("first")
      second?.cancel()
    }
    second = store.subscribe(\.score) { _, _ in calls.append("second") }
    store.send(.scored(1))
    store.send(.scored(1))
    #expect(calls == ["first", "first"])
    first.cancel()
  }
}
