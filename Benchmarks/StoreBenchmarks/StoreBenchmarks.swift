import Benchmark
import GameCore

// Each iteration runs one million actions, and time is reported in microseconds per iteration,
// so the figure reads as nanoseconds per action with three decimals (1,234 µs = 1.234 ns per
// action); mallocs per iteration divided by 10^6 are allocations per action.
let actionsPerIteration = 1_000_000

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .microseconds,
    warmupIterations: 2,
    maxDuration: .seconds(3),
    maxIterations: 40)

  Benchmark("a raw reducer function on a local var (inlined)") { benchmark in
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
    let store = StoreOf(initialState: CounterState(), reducer: Counter(), environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state)
  }

  for count in [1, 1_000] {
    Benchmark("c store.send, \(count) key-path subscribers, values unchanged") { benchmark in
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
      for i in 0..<actionsPerIteration { store.send(cycle[i & 3]) }
      benchmark.stopMeasurement()
      precondition(calls == 0, "the watched values must not change")
      blackHole(subscriptions)
    }
  }

  Benchmark("c' store.send, 1000 subscribers to a value changed every 4th action") { benchmark in
    let store = Store(initialState: CounterState(), reducer: counterReducer, environment: ())
    var calls = 0
    var subscriptions: [Subscription] = []
    for _ in 0..<1_000 {
      store.subscribe(\.flag) { _, _ in calls &+= 1 }.store(in: &subscriptions)
    }
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(cycle[i & 3]) }
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
    let store = StoreOf(initialState: Level1(), reducer: pulledBackTypes, environment: ())
    benchmark.startMeasurement()
    for i in 0..<actionsPerIteration { store.send(nestedActions[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.level2.level3.counter)
  }
}

/// Returns its argument through a call the optimiser cannot look into.
@inline(never)
func opaque<T>(_ value: T) -> T { value }
