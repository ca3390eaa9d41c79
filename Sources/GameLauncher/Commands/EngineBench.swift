import GameCore

/// The engine's own paths, measured as `bench` measures a game: the store benchmarks'
/// workload (a counter, a flag, a 16-entry history ring, four actions cycling) called raw, sent
/// to a store, sent with subscribers whose values do not change, and sent and read through a
/// scoped store. Rounds are interleaved and each figure is the median of its rounds, so the
/// ratios compare runs made side by side.
enum EngineBench {
  struct Counter: Equatable {
    var count = 0
    var flag = false
    var history = [Int](repeating: 0, count: 16)
    var cursor = 0
    var level = 1
  }

  enum Action: Sendable { case increment, decrement, toggle, record }

  struct Parent: Equatable {
    var counter = Counter()
    var leaves = Leaves()
  }

  enum ParentAction: Sendable { case counter(Action) }

  /// `ParentAction.counter` as a struct case path, for the typed scope.
  struct ToCounter: CasePathProtocol {
    func embedValue(_ value: Action) -> ParentAction { .counter(value) }
    func extractValue(from root: ParentAction) -> Action? {
      if case .counter(let action) = root { action } else { nil }
    }
  }

  /// 1,000 values nobody changes: each subscriber of the wide benchmark watches its own.
  struct Leaves: Equatable {
    var values = Ten<Ten<Ten<Int>>>(Ten(Ten(0)))
  }

  /// Ten stored values of `T`: stored properties, so a key path to one has a byte offset.
  struct Ten<T: Equatable>: Equatable {
    var v0, v1, v2, v3, v4, v5, v6, v7, v8, v9: T
    init(_ value: T) {
      (v0, v1, v2, v3, v4, v5, v6, v7, v8, v9) = (
        value, value, value, value, value, value, value, value, value, value
      )
    }
    static var paths: [WritableKeyPath<Ten, T>] {
      [\.v0, \.v1, \.v2, \.v3, \.v4, \.v5, \.v6, \.v7, \.v8, \.v9]
    }
  }

  static let cycle: [Action] = [.increment, .decrement, .toggle, .record]

  @inline(__always)
  static func reduce(_ state: inout Counter, _ action: Action) {
    switch action {
    case .increment: state.count &+= 1
    case .decrement: state.count &-= 1
    case .toggle: state.flag.toggle()
    case .record:
      state.history[state.cursor] = state.count
      state.cursor = (state.cursor + 1) & 15
    }
  }

  /// The floor: the reducer called through a function the loop cannot see into.
  @inline(never)
  static func callReducer(_ state: inout Counter, _ action: Action) { reduce(&state, action) }

  struct CounterReducer: ReducerProtocol {
    @inline(__always)
    func reduce(into state: inout Counter, action: Action, environment: Void) -> Effect<Action> {
      EngineBench.reduce(&state, action)
      return .none
    }
  }

  struct ParentReducer: ReducerProtocol {
    @inline(__always)
    func reduce(into state: inout Parent, action: ParentAction, environment: Void)
      -> Effect<ParentAction>
    {
      guard case .counter(let action) = action else { return .none }
      EngineBench.reduce(&state.counter, action)
      return .none
    }
  }

  /// Nanoseconds per action of each path, median of `rounds` interleaved rounds of `actions`.
  struct Result {
    var raw = 0.0
    var send = 0.0
    var oneSubscriber = 0.0
    var thousandSubscribers = 0.0
    var parentSend = 0.0
    var scopedSend = 0.0
    var scopedRead = 0.0
    var typedScopeSend = 0.0
  }

  static func per(_ count: Int, _ nanoseconds: Int) -> Double {
    Double(nanoseconds) / Double(count)
  }

  static func run(actions: Int, rounds: Int, timer: (() -> Void) -> Int) -> Result {
    var samples: [[Double]] = Array(repeating: [], count: 8)
    let slow = max(1, actions / 100)
    var sink = 0
    for _ in 0..<rounds {
      samples[0].append(
        per(
          actions,
          timer {
            var state = Counter()
            for i in 0..<actions { callReducer(&state, cycle[i & 3]) }
            sink &+= state.count
          }))
      let store = Store(initialState: Counter(), reducer: CounterReducer(), environment: ())
      samples[1].append(per(actions, timer { for i in 0..<actions { store.send(cycle[i & 3]) } }))
      var calls = 0
      let one = Store(initialState: Counter(), reducer: CounterReducer(), environment: ())
      let subscription = one.subscribe(\.level) { _, _ in calls += 1 }
      samples[2].append(per(actions, timer { for i in 0..<actions { one.send(cycle[i & 3]) } }))
      subscription.cancel()
      let parent = Store(initialState: Parent(), reducer: ParentReducer(), environment: ())
      var subscriptions: [Subscription] = []
      for a in Ten<Ten<Ten<Int>>>.paths {
        for b in Ten<Ten<Int>>.paths {
          for c in Ten<Int>.paths {
            let path = (\Parent.leaves.values).appending(path: a).appending(path: b)
              .appending(path: c)
            parent.subscribe(path) { _, _ in calls += 1 }.store(in: &subscriptions)
          }
        }
      }
      samples[3].append(
        per(slow, timer { for i in 0..<slow { parent.send(.counter(cycle[i & 3])) } }))
      for subscription in subscriptions { subscription.cancel() }
      precondition(calls == 0, "the watched values must not change")
      let direct = Store(initialState: Parent(), reducer: ParentReducer(), environment: ())
      samples[4].append(
        per(actions, timer { for i in 0..<actions { direct.send(.counter(cycle[i & 3])) } }))
      let scoped = direct.scope(state: \.counter, action: ParentAction.counter)
      samples[5].append(per(actions, timer { for i in 0..<actions { scoped.send(cycle[i & 3]) } }))
      samples[6].append(
        per(actions, timer { for _ in 0..<actions { sink &+= scoped.state.cursor } }))
      let typed = direct.scope(state: \.counter, action: ToCounter())
      samples[7].append(per(actions, timer { for i in 0..<actions { typed.send(cycle[i & 3]) } }))
      sink &+= store.state.count &+ one.state.count &+ direct.state.counter.count
    }
    precondition(sink != Int.min)
    func median(_ index: Int) -> Double { samples[index].sorted()[samples[index].count / 2] }
    return Result(
      raw: median(0), send: median(1), oneSubscriber: median(2), thousandSubscribers: median(3),
      parentSend: median(4), scopedSend: median(5), scopedRead: median(6),
      typedScopeSend: median(7))
  }
}
