import Testing

@testable import GameCore

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

  static func makeStore() -> Store<Reducer<State, Action, Void>> {
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

  /// A state that holds a reference lets it go with the store (nothing keeps the state alive).
  @Test func aStoresStateIsReleasedWithTheStore() {
    final class Token {}
    struct Held {
      var token: Token?
      var count = 0
    }
    weak var token: Token?
    do {
      let held = Held(token: Token())
      token = held.token
      let store = Store(
        initialState: held,
        reducer: Reducer<Held, Int, Void> { state, n, _ in
          state.count += n
          return .none
        }, environment: ())
      let subscription = store.subscribe(\.count) { _, _ in }
      store.send(1)
      #expect(token != nil)
      subscription.cancel()
    }
    #expect(token == nil)
  }

  @Test func aCancelledSubscriberThatCapturedTheStoreDoesNotKeepItAlive() {
    weak var released: Store<Reducer<State, Action, Void>>?
    do {
      let store = Self.makeStore()
      released = store
      let keyPath = store.subscribe(\.score) { _, _ in store.send(.died) }
      let whole = store.subscribe { _ in _ = store.state }
      store.send(.scored(1))
      keyPath.cancel()
      whole.cancel()
    }
    #expect(released == nil)
  }

  @Test func aSubscriberMaySendForManyRoundsUntilItsValueSettles() {
    let store = Self.makeStore()
    var rounds = 0
    let subscription = store.subscribe(\.score) { _, score in
      rounds += 1
      if score < 900 { store.send(.scored(1)) }
    }
    store.send(.scored(1))
    #expect(store.state.score == 900)
    #expect(rounds == 900)
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

  @Test func cancelOnlyMarksTheSubscriberAndALaterRoundSweeps() {
    let store = Self.makeStore()
    let subscriptions = (0..<4).map { _ in store.subscribe(\.score) { _, _ in } }
    let registry = store.subscribers
    let observation = registry.observations[\State.score] as? KeyPathObservation<State, Int>
    for subscription in subscriptions.prefix(3) { subscription.cancel() }
    // O(1): cancelling touched no array, it only counted.
    #expect(observation?.subscribers.count == 4)
    #expect(registry.cancelledCount == 3)
    // Cancelled now outnumber live: the next round sweeps before it compares.
    store.send(.scored(1))
    #expect(observation?.subscribers.count == 1)
    #expect(registry.cancelledCount == 0)
    subscriptions[3].cancel()
    // No one left: the next subscribe sweeps the key path away, then watches it afresh.
    let again = store.subscribe(\.lives) { _, _ in }
    #expect(registry.observations[\State.score] == nil)
    again.cancel()
  }

  @Test func computedKeyPathsAreWatchedToo() {
    let store = Self.makeStore()
    var changes: [Bool] = []
    let subscription = store.subscribe(\.isAlive) { _, new in changes.append(new) }
    store.send(.died)
    store.send(.died)
    store.send(.died)
    #expect(changes == [false])
    subscription.cancel()
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

extension SubscriptionTests {
  /// A state with values of several types, to check order across the store's per-type lists.
  struct Mixed: Equatable {
    var count = 0
    var name = ""
    var flag = false
    var grid = Grid()
  }

  struct Grid: Equatable {
    var rows = [Row](repeating: Row(), count: 3)
    var a = Row()
    var b = Row()
  }

  struct Row: Equatable {
    var x = 0
    var y = 0
    var z = 0
  }

  enum Edit: Sendable {
    case count(Int)
    case name(String)
    case flag(Bool)
    case all
    case leaf(row: Int, column: Int, value: Int)
  }

  static let mixedReducer = Reducer<Mixed, Edit, Void> { state, edit, _ in
    switch edit {
    case .count(let n): state.count = n
    case .name(let name): state.name = name
    case .flag(let flag): state.flag = flag
    case .all:
      state.count += 1
      state.name += "!"
      state.flag.toggle()
    case .leaf(let row, let column, let value):
      var target = row == 0 ? state.grid.a : state.grid.b
      switch column {
      case 0: target.x = value
      case 1: target.y = value
      default: target.z = value
      }
      if row == 0 { state.grid.a = target } else { state.grid.b = target }
    }
    return .none
  }

  static func makeMixedStore() -> Store<Reducer<Mixed, Edit, Void>> {
    Store(initialState: Mixed(), reducer: mixedReducer, environment: ())
  }
}

extension SubscriptionTests {
  @Test func changesOfDifferentValueTypesAreReportedInTheOrderFirstSubscribed() {
    let store = Self.makeMixedStore()
    var calls: [String] = []
    var subscriptions: [Subscription] = []
    store.subscribe(\.flag) { _, _ in calls.append("flag") }.store(in: &subscriptions)
    store.subscribe(\.count) { _, _ in calls.append("count 1") }.store(in: &subscriptions)
    store.subscribe(\.name) { _, _ in calls.append("name") }.store(in: &subscriptions)
    store.subscribe(\.count) { _, _ in calls.append("count 2") }.store(in: &subscriptions)
    store.subscribe { _ in calls.append("whole") }.store(in: &subscriptions)
    store.subscribe(\.flag) { _, _ in calls.append("flag 2") }.store(in: &subscriptions)
    store.send(.all)
    #expect(calls == ["flag", "flag 2", "count 1", "count 2", "name", "whole"])
  }

  @Test func nestedStoredKeyPathsBuiltByAppendingReportOnlyTheLeafThatChanged() {
    let store = Self.makeMixedStore()
    let rows: [KeyPath<Mixed, Row>] = [\.grid.a, \.grid.b]
    let columns: [KeyPath<Row, Int>] = [\.x, \.y, \.z]
    var calls: [String] = []
    var subscriptions: [Subscription] = []
    for (r, row) in rows.enumerated() {
      for (c, column) in columns.enumerated() {
        store.subscribe(row.appending(path: column)) { old, new in
          calls.append("\(r).\(c): \(old) -> \(new)")
        }.store(in: &subscriptions)
      }
    }
    // A subscript path has no byte offset: it is projected, and must behave the same.
    store.subscribe(\.grid.rows[1].y) { _, _ in calls.append("subscript") }
      .store(in: &subscriptions)
    store.send(.leaf(row: 1, column: 2, value: 7))
    store.send(.leaf(row: 0, column: 0, value: 3))
    store.send(.leaf(row: 0, column: 0, value: 3))
    store.send(.count(4))
    #expect(calls == ["1.2: 0 -> 7", "0.0: 0 -> 3"])
  }

  @Test func aSubscriberCancelledDuringARoundIsNeverCalledAgain() {
    let store = Self.makeMixedStore()
    var calls: [String] = []
    var later: [Subscription] = []
    let first = store.subscribe(\.count) { _, _ in
      calls.append("first")
      for subscription in later { subscription.cancel() }
    }
    later.append(store.subscribe(\.count) { _, _ in calls.append("same key path") })
    later.append(store.subscribe(\.name) { _, _ in calls.append("other key path") })
    later.append(store.subscribe { _ in calls.append("whole state") })
    store.send(.all)
    store.send(.all)
    #expect(calls == ["first", "first"])
    first.cancel()
  }

  @Test func sweepingCancelledSubscribersKeepsTheOrderOfTheOthers() {
    let store = Self.makeMixedStore()
    var calls: [Int] = []
    var subscriptions: [Subscription] = []
    for index in 0..<300 {
      let subscription =
        switch index % 3 {
        case 0: store.subscribe(\.count) { _, _ in calls.append(index) }
        case 1: store.subscribe(\.name) { _, _ in calls.append(index) }
        default: store.subscribe(\.flag) { _, _ in calls.append(index) }
        }
      subscriptions.append(subscription)
    }
    // Cancel all but every 7th: the cancelled outnumber the live, so the next round sweeps.
    for (index, subscription) in subscriptions.enumerated() where index % 7 != 0 {
      subscription.cancel()
    }
    store.send(.all)
    let survivors = Array(stride(from: 0, to: 300, by: 7))
    let expected =
      survivors.filter { $0 % 3 == 0 } + survivors.filter { $0 % 3 == 1 }
      + survivors.filter { $0 % 3 == 2 }
    #expect(calls == expected)
    // Subscribing after the sweep appends; the earlier order is unchanged.
    calls.removeAll()
    subscriptions.append(store.subscribe(\.count) { _, _ in calls.append(1_000) })
    store.send(.count(-1))
    #expect(calls == survivors.filter { $0 % 3 == 0 } + [1_000])
  }

  @Test func cancellingAndSubscribingFromACallbackDefersTheSweepAndKeepsOrder() {
    let store = Self.makeMixedStore()
    var calls: [String] = []
    var victims: [Subscription] = []
    var added: [Subscription] = []
    let first = store.subscribe(\.count) { _, new in
      calls.append("first \(new)")
      guard new == 1 else { return }
      // Cancelled now outnumber live; the subscribe below must not sweep mid-round.
      for victim in victims { victim.cancel() }
      added.append(store.subscribe(\.count) { _, new in calls.append("added \(new)") })
    }
    for index in 0..<20 {
      victims.append(store.subscribe(\.count) { _, _ in calls.append("victim \(index)") })
    }
    let last = store.subscribe(\.count) { _, new in calls.append("last \(new)") }
    store.send(.count(1))
    store.send(.count(2))
    #expect(calls == ["first 1", "last 1", "first 2", "last 2", "added 2"])
    first.cancel()
    last.cancel()
  }

  @Test func aKeyPathWatchedAgainAfterEveryoneLeftStartsFromTheCurrentValue() {
    let store = Self.makeMixedStore()
    var calls: [String] = []
    let keepAlive = store.subscribe(\.flag) { _, _ in }
    store.subscribe(\.count) { _, _ in calls.append("gone") }.cancel()
    store.send(.count(5))
    let again = store.subscribe(\.count) { old, new in calls.append("\(old) -> \(new)") }
    store.send(.name("x"))
    store.send(.count(6))
    #expect(calls == ["5 -> 6"])
    keepAlive.cancel()
    again.cancel()
  }

  @Test func aSubscriberReadingTheStoreSeesTheStateItWasNotifiedAbout() {
    let store = Self.makeMixedStore()
    var seen: [Int] = []
    let subscription = store.subscribe(\.name) { _, _ in seen.append(store.state.count) }
    store.send(.all)
    store.send(.all)
    #expect(seen == [1, 2])
    subscription.cancel()
  }

  @Test func aSubscriberSendingAnActionHearsItsEffectInAFurtherRoundOfTheSameSend() {
    let store = Self.makeMixedStore()
    var calls: [String] = []
    let counter = store.subscribe(\.count) { _, new in
      calls.append("count \(new)")
      if new == 1 { store.send(.name("from subscriber")) }
    }
    let names = store.subscribe(\.name) { _, new in calls.append("name \(new)") }
    store.send(.count(1))
    // One top-level send, two rounds: the name changed in the second, and the count, which
    // did not change again, is not reported twice.
    #expect(calls == ["count 1", "name from subscriber"])
    counter.cancel()
    names.cancel()
  }
}

extension SubscriptionTests.State {
  /// A computed property: its key path has no byte offset, so the store projects it.
  var isAlive: Bool { lives > 0 }
}
