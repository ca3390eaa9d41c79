import Benchmark
import GameCore

// Units. The fast benchmarks (a, a', b, b', d, d', d'', f) run 10^6 actions per iteration and
// report time in µs, so a time figure is picoseconds per action: 1,234 reads as 1.234 ns per
// action.
// Their malloc count is per 10^6 actions, so any count below a few hundred is 0 per action
// (with these explicit metrics the harness adds at most one of its own). The slow benchmarks
// (c, c') run 10^3 actions per iteration and set `scalingFactor: .kilo`, so the harness prints
// their figures per action (columns marked `*`): time in ns per action, mallocs per action.
let actionsPerIteration = 1_000_000
func slowConfiguration() -> Benchmark.Configuration {
  Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 20,
    scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 2_000,
    thresholds: regressionThresholds)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .microseconds,
    warmupIterations: 2,
    maxDuration: .seconds(3),
    maxIterations: 40,
    thresholds: regressionThresholds)

  Benchmark("a raw loop calling the reducer function on a local var") { benchmark in
    var state = CounterState()
    for i in 0..<actionsPerIteration { callReducer(&state, cycle[i & 3]) }
    blackHole(state)
  }

  Benchmark("a0 raw loop with the reducer inlined into it") { benchmark in
    var state = CounterState()
    for i in 0..<actionsPerIteration { reduceCounter(&state, cycle[i & 3]) }
    blackHole(state)
  }

  Benchmark("a' raw closure-built Reducer on a local var") { benchmark in
    // Laundered so the compiler cannot see which closure it is, as in a store.
    let reducer = opaque(counterReducer)
    var state = CounterState()
    for i in 0..<actionsPerIteration {
      _ = reducer.reduce(into: &state, action: cycle[i & 3], environment: ())
    }
    blackHole(state)
  }

  Benchmark("b store.send, closure Reducer, no subscribers") { benchmark in
    let store = Store(initialState: CounterState(), reducer: counterReducer, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state)
  }

  Benchmark("b' store.send, ReducerProtocol type, no subscribers") { benchmark in
    let store = Store(initialState: CounterState(), reducer: Counter(), environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state)
  }

  // The target case at the (a)/(b') scale: 10^6 actions an iteration, time in µs, so
  // the figure is picoseconds per action.
  Benchmark("c1 store.send, 1 key-path subscriber, value unchanged, ReducerProtocol type") {
    benchmark in
    let store = Store(initialState: CounterState(), reducer: Counter(), environment: ())
    var calls = 0
    let subscription = store.subscribe(\.level) { _, _ in calls += 1 }
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    precondition(calls == 0, "the watched value must not change")
    subscription.cancel()
    blackHole(store.state)
  }

  for count in [1, 1_000] {
    // The 1,000 share 4 key paths, which the store compares once each per batch; the next
    // benchmark watches 1,000 distinct key paths.
    let name =
      count == 1
      ? "c store.send, 1 key-path subscribers, values unchanged"
      : "c store.send, \(count) key-path subscribers on 4 key paths, values unchanged"
    Benchmark(
      name,
      configuration: slowConfiguration()
    ) { benchmark in
      let store = Store(initialState: CounterState(), reducer: counterReducer, environment: ())
      let paths: [KeyPath<CounterState, Int>] = [\.level, \.limit, \.owner]
      var calls = 0
      var subscriptions: [Subscription] = []
      for index in 0..<count {
        if index % 4 == 3 {
          store.subscribe(\.title) { _, _ in calls += 1 }.store(in: &subscriptions)
        } else {
          store.subscribe(paths[index % 4]) { _, _ in calls += 1 }.store(in: &subscriptions)
        }
      }
      benchmark.startMeasurement()
      for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
      benchmark.stopMeasurement()
      precondition(calls == 0, "the watched values must not change")
      blackHole(subscriptions)
    }
  }

  Benchmark(
    "c store.send, 1000 key-path subscribers on 1000 distinct key paths, values unchanged",
    configuration: slowConfiguration()
  ) { benchmark in
    let store = Store(initialState: WideState(), reducer: wideCounterReducer, environment: ())
    var calls = 0
    var subscriptions: [Subscription] = []
    let leafKeyPaths = makeLeafKeyPaths()
    for path in leafKeyPaths {
      store.subscribe(path) { _, _ in calls += 1 }.store(in: &subscriptions)
    }
    precondition(Set(leafKeyPaths).count == 1_000, "the key paths must be distinct")
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    precondition(calls == 0, "the watched values must not change")
    blackHole(subscriptions)
  }

  Benchmark(
    "c' store.send, 1000 subscribers to a value changed every 4th action",
    configuration: slowConfiguration()
  ) { benchmark in
    let store = Store(initialState: CounterState(), reducer: counterReducer, environment: ())
    var calls = 0
    var subscriptions: [Subscription] = []
    for _ in 0..<1_000 {
      store.subscribe(\.flag) { _, _ in calls &+= 1 }.store(in: &subscriptions)
    }
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(calls)
    blackHole(subscriptions)
  }

  Benchmark("d store.send through a 3-level pullback, closure Reducers") { benchmark in
    let store = Store(initialState: Level1(), reducer: pulledBackClosures, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(nestedActions[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.level2.level3.counter)
  }

  Benchmark("d' store.send through a 3-level pullback, ReducerProtocol types") { benchmark in
    let store = Store(initialState: Level1(), reducer: pulledBackTypes, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(nestedActions[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.level2.level3.counter)
  }

  Benchmark(
    "d'' store.send through a 3-level pullback, ReducerProtocol types and struct case paths"
  ) { benchmark in
    let store = Store(initialState: Level1(), reducer: pulledBackStructs, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(nestedActions[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.level2.level3.counter)
  }

  Benchmark("f store.send to one of 8 counters by id, forEach, ReducerProtocol type") {
    benchmark in
    let store = Store(initialState: CountedElements(), reducer: forEachCounters, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(elementActions[i & 31]) }
    benchmark.stopMeasurement()
    blackHole(store.state.elements[0].counter.count)
  }

  // A scoped store against a direct send of the same parent actions: the parent holds the
  // counter one level down (a pullback with a struct case path).
  Benchmark("e store.send of the parent's action, one level above the counter") { benchmark in
    let store = Store(initialState: Level3(), reducer: oneLevel, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(.counter(cycle[i & 3])) }
    benchmark.stopMeasurement()
    blackHole(store.state.counter)
  }

  Benchmark("e' scoped.send, the same actions through store.scope") { benchmark in
    let store = Store(initialState: Level3(), reducer: oneLevel, environment: ())
    let scoped = opaque(store.scope(state: \.counter, action: Level3Action.counter))
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { scoped.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.counter)
  }

  Benchmark("e''' typed.send, the same actions through a scope with a struct case path") {
    benchmark in
    let store = Store(initialState: Level3(), reducer: oneLevel, environment: ())
    // Laundered too: the scope's type is kept, which is all its speed needs.
    let typed = opaque(store.scope(state: \.counter, action: ToCounter()))
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { typed.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.counter)
  }

  Benchmark("e'' scoped.state.count, a read through store.scope") { benchmark in
    let store = Store(initialState: Level3(), reducer: oneLevel, environment: ())
    // Laundered, so the optimiser cannot see the read's closure and hoist it out of the loop.
    let scoped = opaque(store.scope(state: \.counter))
    var sum = 0
    benchmark.startMeasurement()
    for _ in 0..<actionsPerIteration { sum &+= scoped.state.count }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
}

/// Returns its argument through a call the optimiser cannot look into.
@inline(never)
func opaque<T>(_ value: T) -> T { value }
