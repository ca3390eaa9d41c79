import GameCore
import Testing

@Suite struct HistoryTests {
  enum Action: Equatable, Sendable {
    case add(Int)
    case addLater(Int)
  }

  static let reducer = Reducer<Int, Action, Void> { total, action, _ in
    switch action {
    case .add(let n): total += n
    case .addLater(let n): return .after(ticks: 2, .add(n))
    }
    return .none
  }

  static func makeStore(capacity: Int, interval: Int = 1) -> Store<Reducer<Int, Action, Void>> {
    Store(
      initialState: 0, reducer: reducer, environment: (),
      history: HistoryPolicy(capacity: capacity, interval: interval))
  }

  @Test func undoGoesBackOneBatchAtATime() {
    let store = Self.makeStore(capacity: 10)
    store.send(.add(1))
    store.send(.add(10))
    store.send(.add(100))
    #expect(store.undo())
    #expect(store.state == 11)
    #expect(store.undo())
    #expect(store.state == 1)
    store.send(.add(5))
    #expect(store.state == 6)
    #expect(store.undo())
    #expect(store.state == 1)
  }

  @Test func undoStopsAtTheBound() {
    let store = Self.makeStore(capacity: 3)
    for n in 1...10 { store.send(.add(n)) }
    var undone = 0
    while store.undo() { undone += 1 }
    #expect(undone == 3)
    #expect(store.state == (1...7).reduce(0, +))
  }

  @Test(arguments: [1, 4, 16])
  func restoreReReducesFromTheNearestSnapshot(interval: Int) {
    let store = Self.makeStore(capacity: 8, interval: interval)
    var states: [Int] = [0]
    for n in 1...40 {
      store.send(.add(n))
      states.append(store.state)
    }
    let range = store.restorableRevisions!
    for target in stride(from: 40, through: range.lowerBound, by: -3) {
      store.restore(to: target)
      #expect(store.state == states[target], "revision \(target)")
      #expect(store.revision == target)
    }
  }

  @Test func restoreBringsPendingTimersBack() {
    let store = Self.makeStore(capacity: 10)
    store.send(.addLater(7))
    store.advanceTick()
    store.advanceTick()
    #expect(store.state == 7)
    store.restore(to: 1)  // after the send, before any tick
    #expect(store.state == 0)
    #expect(store.tick == 0)
    store.advanceTick()
    store.advanceTick()
    #expect(store.state == 7)
  }

  @Test(arguments: [(16, 4), (3, 1), (1, 1), (5, 50)])
  func memoryStaysWithinTheBoundHoweverLongItRuns(capacity: Int, interval: Int) {
    let store = Self.makeStore(capacity: capacity, interval: interval)
    // Input logged per batch: the step itself, and async results (none here).
    let inputBound = 2 * (capacity + 1) * interval + interval + 64
    var mostSnapshots = 0
    var mostInputs = 0
    for n in 0..<20_000 {
      if n % 3 == 0 { store.send(.addLater(1)) } else { store.step(.add(n & 7)) }
      let storage = store.historyStorage!
      mostSnapshots = max(mostSnapshots, storage.snapshots)
      mostInputs = max(mostInputs, storage.inputs)
    }
    let range = store.restorableRevisions!
    #expect(range.count <= capacity * interval + 1)
    #expect(range.upperBound == 20_000)
    // What is stored, not only what is reachable, stays bounded all along.
    #expect(mostSnapshots <= 2 * capacity)
    #expect(mostInputs <= inputBound)
    #expect(mostInputs > 0)
  }

  @Test func restoreNotifiesSubscribersOnce() {
    let store = Self.makeStore(capacity: 4)
    store.send(.add(1))
    store.send(.add(1))
    var changes: [(Int, Int)] = []
    let subscription = store.subscribe(\.self) { changes.append(($0, $1)) }
    store.undo()
    #expect(changes.count == 1)
    #expect(changes.first.map { [$0.0, $0.1] } == [2, 1])
    subscription.cancel()
  }
}
