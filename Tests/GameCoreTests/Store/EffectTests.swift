import GameCore
import Testing

@Suite struct EffectTests {
  enum Action: Equatable, Sendable {
    case start
    case startAsync(Int)
    case loaded(Int)
    case fired(String)
    case cancelTimers
    case cancelLoad
  }

  struct Environment: Sendable {
    var value: @Sendable (Int) async -> Int
    /// Called by the async work right after it sent its result: the test's handshake.
    var didSend: @Sendable () async -> Void = {}
  }

  static let reducer = Reducer<[String], Action, Environment> { log, action, _ in
    switch action {
    case .start:
      log.append("start")
      return .merge(
        .after(ticks: 3, .fired("three"), id: "timers"),
        .after(ticks: 1, .fired("one"), id: "timers"),
        .after(ticks: 3, .fired("three-b")),
        .after(ticks: 0, .fired("zero-is-one")))
    case .startAsync(let n):
      log.append("async \(n)")
      return .run(id: "load") { (environment: Environment, send) in
        send(.loaded(await environment.value(n)))
        await environment.didSend()
      }
    case .loaded(let n):
      log.append("loaded \(n)")
    case .fired(let name):
      log.append(name)
    case .cancelTimers:
      return .cancel(id: "timers")
    case .cancelLoad:
      return .cancel(id: "load")
    }
    return .none
  }

  static func makeStore(
    value: @escaping @Sendable (Int) async -> Int = { $0 * 10 },
    didSend: @escaping @Sendable () async -> Void = {}
  ) -> Store<Reducer<[String], Action, Environment>> {
    Store(
      initialState: [], reducer: reducer, environment: Environment(value: value, didSend: didSend))
  }

  @Test func timersFireAtTheirTickInSchedulingOrder() {
    let store = Self.makeStore()
    store.send(.start)
    #expect(store.state == ["start"])
    store.advanceTick()
    #expect(store.state == ["start", "one", "zero-is-one"])
    store.advanceTick()
    #expect(store.state.count == 3)
    store.advanceTick()
    #expect(store.state == ["start", "one", "zero-is-one", "three", "three-b"])
  }

  @Test func cancelledTimersNeverFire() {
    let store = Self.makeStore()
    store.send(.start)
    store.advanceTick()
    store.send(.cancelTimers)
    for _ in 0..<5 { store.advanceTick() }
    #expect(store.state == ["start", "one", "zero-is-one", "three-b"])
  }

  @Test func asyncResultsArriveOnlyAtATickBoundary() async {
    let produced = Gate()
    let store = Self.makeStore(didSend: { await produced.open() })
    store.send(.startAsync(4))
    // Wait until the work has sent its result: the result must still wait for the boundary.
    await produced.wait()
    #expect(store.undeliveredEffectCount == 1)
    #expect(store.state == ["async 4"])
    await store.settle()
    #expect(store.state == ["async 4", "loaded 40"])
  }

  @Test func asyncResultsAreDeliveredByTheNextStep() async {
    let store = Self.makeStore()
    store.send(.startAsync(2))
    while store.state.count < 2 {
      await Task.yield()
      store.advanceTick()
    }
    #expect(store.state == ["async 2", "loaded 20"])
  }

  @Test func cancelledAsyncWorkNeverDelivers() async {
    let gate = Gate()
    let store = Self.makeStore(value: { n in
      await gate.wait()
      return n
    })
    store.send(.startAsync(1))
    store.send(.cancelLoad)
    await gate.open()
    await store.settle()
    for _ in 0..<3 { store.advanceTick() }
    #expect(store.state == ["async 1"])
  }

  @Test func resultsAlreadyProducedButNotDrainedAreDroppedOnCancel() async {
    let produced = Gate()
    let store = Self.makeStore(didSend: { await produced.open() })
    store.send(.startAsync(3))
    // Wait until the work says its result sits in the inbox, undelivered: no timing guess.
    await produced.wait()
    #expect(store.undeliveredEffectCount == 1)
    store.send(.cancelLoad)
    #expect(store.undeliveredEffectCount == 0)
    store.advanceTick()
    #expect(store.state == ["async 3"])
  }

  @Test func sendManyDeliversInOrderAfterTheAction() {
    let store = Store<Reducer<[String], String, Void>>(
      initialState: [],
      reducer: Reducer { log, action, _ in
        log.append(action)
        return action == "go" ? .send(["a", "b", "c"]) : .none
      }, environment: ())
    store.send("go")
    #expect(store.state == ["go", "a", "b", "c"])
  }
}

/// Holds async work until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
