import GameCore
import Testing

/// The store's inline check of watched plain-data values (the fast path of a send with
/// key-path subscribers): every size it reads, changes found and not found, and the typed
/// `==` having the last word.
@Suite struct QuickCheckTests {
  struct Pair: Equatable {
    var flag = false
    var count: Int64 = 0
  }

  struct State: Equatable {
    var flag = false
    var small: UInt16 = 0
    var medium: Int32 = 0
    var count = 0
    var pair = Pair()
    var zero = 0.0
    var name = "a"
    /// Computed: a key path through it has no offset.
    var isLong: Bool { name.count > 2 }

    static func == (lhs: State, rhs: State) -> Bool {
      lhs.flag == rhs.flag && lhs.small == rhs.small && lhs.medium == rhs.medium
        && lhs.count == rhs.count && lhs.pair == rhs.pair && lhs.zero == rhs.zero
        && lhs.name == rhs.name
    }
  }

  enum Action: Sendable {
    case flip, small, medium, count, pairFlag, pairCount, negativeZero, rename, nothing
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .flip: state.flag.toggle()
    case .small: state.small &+= 1
    case .medium: state.medium &+= 1
    case .count: state.count += 1
    case .pairFlag: state.pair.flag.toggle()
    case .pairCount: state.pair.count += 1
    case .negativeZero: state.zero = -state.zero
    case .rename: state.name += "a"
    case .nothing: break
    }
    return .none
  }

  @Test func everySizeOfPlainValueIsReportedWhenItChangesAndOnlyThen() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var heard: [String] = []
    var subscriptions: [Subscription] = []
    store.subscribe(\.flag) { _, new in heard.append("flag \(new)") }.store(in: &subscriptions)
    store.subscribe(\.small) { _, new in heard.append("small \(new)") }.store(in: &subscriptions)
    store.subscribe(\.medium) { _, new in heard.append("medium \(new)") }.store(in: &subscriptions)
    store.subscribe(\.count) { _, new in heard.append("count \(new)") }.store(in: &subscriptions)
    store.subscribe(\.pair) { _, new in heard.append("pair \(new.flag) \(new.count)") }
      .store(in: &subscriptions)
    for action in [Action.nothing, .flip, .nothing, .small, .medium, .count, .nothing] {
      store.send(action)
    }
    store.send(.pairFlag)
    store.send(.pairCount)
    store.send(.nothing)
    store.send(.flip)
    #expect(
      heard == [
        "flag true", "small 1", "medium 1", "count 1", "pair true 0", "pair true 1", "flag false",
      ])
  }

  @Test func differentBitsThatAreEqualValuesAreNotAChange() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var changes = 0
    let subscription = store.subscribe(\.zero) { _, _ in changes += 1 }
    store.send(.negativeZero)  // 0.0 to -0.0: other bits, the same value
    store.send(.negativeZero)
    store.send(.nothing)
    #expect(changes == 0)
    subscription.cancel()
  }

  @Test func aValueTheQuickCheckCannotReadStillWorksBesideOnesItCan() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var heard: [String] = []
    let names = store.subscribe(\.name) { _, new in heard.append(new) }
    let counts = store.subscribe(\.count) { _, new in heard.append("\(new)") }
    let long = store.subscribe(\.isLong) { _, new in heard.append("long \(new)") }
    store.send(.rename)
    store.send(.count)
    store.send(.nothing)
    #expect(heard == ["aa", "1"])
    names.cancel()
    // Only quick values left once the cancelled one is swept: still heard.
    store.send(.count)
    store.send(.rename)
    #expect(heard == ["aa", "1", "2", "long true"])
    counts.cancel()
    long.cancel()
  }

  @Test func aWholeStateSubscriberTurnsTheQuickPathOffAndCancellingItTurnsItBackOn() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var rounds = 0
    var counts: [Int] = []
    let whole = store.subscribe { _ in rounds += 1 }
    let count = store.subscribe(\.count) { _, new in counts.append(new) }
    store.send(.nothing)
    store.send(.count)
    #expect(rounds == 2)
    whole.cancel()
    store.send(.nothing)
    store.send(.count)
    store.send(.nothing)
    #expect(rounds == 2)
    #expect(counts == [1, 2])
    count.cancel()
  }

  @Test func aSubscriberThatSendsIsHeardInTheNextRoundAndANewcomerStartsFromNow() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var heard: [String] = []
    var subscriptions: [Subscription] = []
    store.subscribe(\.flag) { _, new in
      heard.append("flag \(new)")
      if new {
        store.send(.count)
        store.subscribe(\.small) { _, small in heard.append("small \(small)") }
          .store(in: &subscriptions)
      }
    }.store(in: &subscriptions)
    store.subscribe(\.count) { _, new in heard.append("count \(new)") }.store(in: &subscriptions)
    store.send(.flip)
    store.send(.nothing)
    store.send(.small)
    #expect(heard == ["flag true", "count 1", "small 1"])
  }
}
