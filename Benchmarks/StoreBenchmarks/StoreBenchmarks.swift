import Benchmark
import GameCore

/// Each iteration runs one million actions, so milliseconds per iteration read as nanoseconds
/// per action and mallocs per iteration / 10^6 as allocations per action.
let actionsPerIteration = 1_000_000

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .throughput],
    timeUnits: .milliseconds,
    warmupIterations: 2,
    scalingFactor: .mega,
    maxDuration: .seconds(3),
    maxIterations: 40)

  Benchmark("a raw reducer call on a local var") { benchmark in
    var state = CounterState()
    for i in benchmark.scaledIterations { reduceCounter(&state, cycle[i & 3]) }
    blackHole(state)
  }

  Benchmark("b store.send, closure Reducer, no subscribers") { benchmark in
    let store = Store(initialState: CounterState(), reducer: counterReducer, environment: ())
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state)
  }

  Benchmark("b' store.send, ReducerProtocol type, no subscribers") { benchmark in
    let store = StoreOf(initialState: CounterState(), reducer: Counter(), environment: ())
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
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
      for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
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
    for i in benchmark.scaledIterations { store.send(cycle[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(calls)
    blackHole(subscriptions)
  }

  Benchmark("d store.send through a 3-level pullback, closure Reducers") { benchmark in
    let store = Store(initialState: Level1(), reducer: pulledBackClosures, environment: ())
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { store.send(nestedActions[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.level2.level3.counter)
  }

  Benchmark("d' store.send through a 3-level pullback, ReducerProtocol types") { benchmark in
    let store = StoreOf(initialState: Level1(), reducer: pulledBackTypes, environment: ())
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { store.send(nestedActions[i & 3]) }
    benchmark.stopMeasurement()
    blackHole(store.state.level2.level3.counter)
  }
}
