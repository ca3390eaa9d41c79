import GameCore
import Testing

@Suite struct StoreTests {
  /// A reducer that logs each action and, on `.start`, sends another through the store it runs
  /// in. (A closure-built `Reducer` cannot do this: its closure is `@Sendable` and the store is
  /// not, so the compiler refuses; a concrete reducer type holding a reference can.)
  final class StoreBox {
    var store: Store<Logging>?
  }

  struct Logging: ReducerProtocol {
    let box: StoreBox

    func reduce(into state: inout LogState, action: LogAction, environment: Void)
      -> Effect<LogAction>
    {
      switch action {
      case .start:
        state.log.append("start")
        box.store?.send(.note("sent-while-reducing"))
        return .send([.followUp("effect-1"), .followUp("effect-2")])
      case .followUp(let name), .note(let name):
        state.log.append(name)
      case .timer(let name):
        state.log.append("timer:\(name)")
      }
      return .none
    }
  }

  struct Harness {
    let store: Store<Logging>
    init() {
      let box = StoreBox()
      store = Store(initialState: LogState(), reducer: Logging(box: box), environment: ())
      box.store = store
    }
  }

  @Test func actionsSentWhileReducingAreQueuedInOrderNeverRecursive() {
    let harness = Harness()
    harness.store.send(.start)
    #expect(harness.store.state.log == ["start", "sent-while-reducing", "effect-1", "effect-2"])
  }

  @Test func actionsSentBySubscribersRunAfterTheBatchAndNotifyAgain() {
    let store = Store<Reducer<LogState, LogAction, Void>>(
      initialState: LogState(),
      reducer: Reducer { state, action, _ in
        if case .note(let name) = action { state.log.append(name) }
        return .none
      }, environment: ())
    var seen: [[String]] = []
    let subscription = store.subscribe(\.log) { _, new in
      seen.append(new)
      if new == ["a"] { store.send(.note("from-subscriber")) }
    }
    store.send(.note("a"))
    #expect(store.state.log == ["a", "from-subscriber"])
    #expect(seen == [["a"], ["a", "from-subscriber"]])
    subscription.cancel()
  }

  @Test func actionsSentByMiddlewareAreQueuedBehindTheCurrentOne() {
    let store = Store<Reducer<LogState, LogAction, Void>>(
      initialState: LogState(),
      reducer: Reducer { state, action, _ in
        if case .note(let name) = action { state.log.append(name) }
        return .none
      }, environment: ())
    store.use(
      Middleware(willReduce: { action, _, _ in
        if action == .note("first") { store.send(.note("from-middleware")) }
      }))
    store.send(.note("first"))
    #expect(store.state.log == ["first", "from-middleware"])
  }

  @Test func stepRunsTheTickActionThenDueTimersAsOneBatch() {
    let store = Store<Reducer<LogState, LogAction, Void>>(
      initialState: LogState(),
      reducer: Reducer { state, action, _ in
        switch action {
        case .start:
          state.log.append("tick")
          return state.log.count == 1 ? .after(ticks: 2, .timer("t")) : .none
        case .timer(let name):
          state.log.append("timer:\(name)")
        default: break
        }
        return .none
      }, environment: ())
    var notifications = 0
    let subscription = store.subscribe { _ in notifications += 1 }
    store.step(.start)
    store.step(.start)
    #expect(store.state.log == ["tick", "tick"])
    store.step(.start)
    #expect(store.state.log == ["tick", "tick", "tick", "timer:t"])
    #expect(notifications == 3)
    #expect(store.tick == 3)
    subscription.cancel()
  }

  @Test func eachTopLevelSendIsOneRevisionWithHistory() {
    let store = Store(
      initialState: 0, reducer: counterReducer, environment: (),
      history: HistoryPolicy(capacity: 2))
    store.send(.incrementTapped)
    store.send(.incrementTapped)
    store.send(.decrementTapped)
    #expect(store.state == 1)
    #expect(store.revision == 3)
  }

  @Test func readingStateInsideTheReducerStopsWithAnExplanation() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Box { var store: Store<Reading>? }
      struct Reading: ReducerProtocol {
        let box: Box
        func reduce(into count: inout Int, action: CounterAction, environment: Void)
          -> Effect<CounterAction>
        {
          count += box.store!.state
          return .none
        }
      }
      let box = Box()
      let store = Store(initialState: 0, reducer: Reading(box: box), environment: ())
      box.store = store
      store.send(.incrementTapped)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains(StoreMisuse.stateReadWhileReducing))
      #expect(text.contains("Store.state was read while the reducer was running"))
      #expect(text.contains("Read the `state` parameter inside the reducer"))
    }
  }

  @Test func misuseMessagesSayWhatWhyAndHowToFix() {
    let message = StoreMisuse.stateReadWhileReducing
    #expect(message.contains("was read while the reducer was running"))
    #expect(message.contains("half-updated value"))
    #expect(message.contains("Read the `state` parameter inside the reducer"))
    #expect(StoreMisuse.historyDisabled.contains("HistoryPolicy"))
    #expect(StoreMisuse.stepWhileProcessing.contains("cannot nest"))
    #expect(StoreMisuse.restoreWhileProcessing.contains("undo()/restore(to:)"))
    #expect(!StoreMisuse.restoreWhileProcessing.contains("step"))
  }
}
