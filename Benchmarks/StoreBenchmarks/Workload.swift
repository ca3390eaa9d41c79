import GameCore

/// The workload of the store benchmarks: a counter with a 16-entry history ring and four
/// actions cycling (increment, decrement, toggle flag, record).
struct CounterState: Equatable {
  var count = 0
  var flag = false
  var history = [Int](repeating: 0, count: 16)
  var cursor = 0
  /// Fields the 1,000 subscribers watch; the workload never changes them.
  var title = "counter"
  var level = 1
  var limit = 1_000
  var owner = 7
}

enum CounterAction: Equatable, Sendable {
  case increment
  case decrement
  case toggle
  case record
}

let cycle: [CounterAction] = [.increment, .decrement, .toggle, .record]

/// The reducer as a plain function: what (a) calls directly.
@inline(__always)
func reduceCounter(_ state: inout CounterState, _ action: CounterAction) {
  switch action {
  case .increment: state.count &+= 1
  case .decrement: state.count &-= 1
  case .toggle: state.flag.toggle()
  case .record:
    state.history[state.cursor] = state.count
    state.cursor = (state.cursor + 1) & 15
  }
}

/// The reducer as a function the loop calls: what (a) measures, the mission's "plain function
/// call". Kept out of line so that the loop really calls it once per action, as a store must;
/// inlined (``reduceCounter``), the optimiser sees the whole four-action cycle and folds it.
@inline(never)
func callReducer(_ state: inout CounterState, _ action: CounterAction) {
  reduceCounter(&state, action)
}

/// The closure-built form.
let counterReducer = Reducer<CounterState, CounterAction, Void> { state, action, _ in
  reduceCounter(&state, action)
  return .none
}

/// The specialisable form.
struct Counter: ReducerProtocol {
  @inline(__always)
  func reduce(into state: inout CounterState, action: CounterAction, environment: Void)
    -> Effect<CounterAction>
  {
    reduceCounter(&state, action)
    return .none
  }
}

// Three levels of parents around the counter, for the pullback benchmark.
struct Level1 { var level2 = Level2() }
struct Level2 { var level3 = Level3() }
struct Level3 { var counter = CounterState() }
enum Level1Action: Sendable { case level2(Level2Action) }
enum Level2Action: Sendable { case level3(Level3Action) }
enum Level3Action: Sendable { case counter(CounterAction) }

let toLevel2 = CasePath<Level1Action, Level2Action>(
  embed: Level1Action.level2, extract: { if case .level2(let a) = $0 { a } else { nil } })
let toLevel3 = CasePath<Level2Action, Level3Action>(
  embed: Level2Action.level3, extract: { if case .level3(let a) = $0 { a } else { nil } })
let toCounter = CasePath<Level3Action, CounterAction>(
  embed: Level3Action.counter, extract: { if case .counter(let a) = $0 { a } else { nil } })

let nestedActions: [Level1Action] = cycle.map { .level2(.level3(.counter($0))) }

let pulledBackClosures: Reducer<Level1, Level1Action, Void> =
  counterReducer
  .pullback(state: \Level3.counter, action: toCounter, environment: { $0 })
  .pullback(state: \Level2.level3, action: toLevel3, environment: { $0 })
  .pullback(state: \Level1.level2, action: toLevel2, environment: { $0 })

let pulledBackTypes = Counter()
  .pullback(state: \Level3.counter, action: toCounter, environment: { (_: Void) in })
  .pullback(state: \Level2.level3, action: toLevel3, environment: { (_: Void) in })
  .pullback(state: \Level1.level2, action: toLevel2, environment: { (_: Void) in })

// The same three case paths as structs: the compiler sees through them (`CasePathProtocol`).
struct ToLevel2: CasePathProtocol {
  func embedValue(_ value: Level2Action) -> Level1Action { .level2(value) }
  func extractValue(from root: Level1Action) -> Level2Action? {
    if case .level2(let a) = root { a } else { nil }
  }
}
struct ToLevel3: CasePathProtocol {
  func embedValue(_ value: Level3Action) -> Level2Action { .level3(value) }
  func extractValue(from root: Level2Action) -> Level3Action? {
    if case .level3(let a) = root { a } else { nil }
  }
}
struct ToCounter: CasePathProtocol {
  func embedValue(_ value: CounterAction) -> Level3Action { .counter(value) }
  func extractValue(from root: Level3Action) -> CounterAction? {
    if case .counter(let a) = root { a } else { nil }
  }
}

/// The counter one level down, for the scoped-store benchmarks.
let oneLevel = Counter().pullback(state: \Level3.counter, action: ToCounter())

/// Struct case paths and the parent's environment passed through (no environment closure).
let pulledBackStructs = Counter()
  .pullback(state: \Level3.counter, action: ToCounter())
  .pullback(state: \Level2.level3, action: ToLevel3())
  .pullback(state: \Level1.level2, action: ToLevel2())

// A state with 1,000 distinct watched values, for the key-path subscriber benchmark: the
// counter plus a 10 × 10 × 10 tree of stored properties, so that every leaf's key path is a
// chain of stored properties with a byte offset.
struct Leaf {
  var v0 = 0, v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9
}
struct Branch {
  var l0 = Leaf(), l1 = Leaf(), l2 = Leaf(), l3 = Leaf(), l4 = Leaf()
  var l5 = Leaf(), l6 = Leaf(), l7 = Leaf(), l8 = Leaf(), l9 = Leaf()
}
struct Tree {
  var b0 = Branch(), b1 = Branch(), b2 = Branch(), b3 = Branch(), b4 = Branch()
  var b5 = Branch(), b6 = Branch(), b7 = Branch(), b8 = Branch(), b9 = Branch()
}
struct WideState {
  var counter = CounterState()
  var tree = Tree()
}

/// The 1,000 leaf key paths of `WideState.tree`, each built by appending three stored
/// properties.
func makeLeafKeyPaths() -> [KeyPath<WideState, Int>] {
  let branches: [KeyPath<Tree, Branch>] = [
    \.b0, \.b1, \.b2, \.b3, \.b4, \.b5, \.b6, \.b7, \.b8, \.b9,
  ]
  let leaves: [KeyPath<Branch, Leaf>] = [
    \.l0, \.l1, \.l2, \.l3, \.l4, \.l5, \.l6, \.l7, \.l8, \.l9,
  ]
  let values: [KeyPath<Leaf, Int>] = [
    \.v0, \.v1, \.v2, \.v3, \.v4, \.v5, \.v6, \.v7, \.v8, \.v9,
  ]
  var paths: [KeyPath<WideState, Int>] = []
  for branch in branches {
    for leaf in leaves {
      for value in values {
        let path = (\WideState.tree).appending(path: branch).appending(path: leaf)
        paths.append(path.appending(path: value))
      }
    }
  }
  return paths
}

/// The counter workload on the wide state; the tree never changes.
let wideCounterReducer = Reducer<WideState, CounterAction, Void> { state, action, _ in
  reduceCounter(&state.counter, action)
  return .none
}

// Eight counters addressed by id, for the forEach benchmark: each action names one counter.
struct CountedElement: Identifiable {
  let id: Int
  var counter = CounterState()
}
struct CountedElements { var elements = IdentifiedArray((0..<8).map { CountedElement(id: $0) }) }
enum CountedElementsAction: Sendable { case element(id: Int, action: CounterAction) }

/// The counter as the reducer of one element.
struct ElementCounter: ReducerProtocol {
  @inline(__always)
  func reduce(into state: inout CountedElement, action: CounterAction, environment: Void)
    -> Effect<CounterAction>
  {
    reduceCounter(&state.counter, action)
    return .none
  }
}

let toElement = CasePath<CountedElementsAction, (Int, CounterAction)>(
  embed: { .element(id: $0.0, action: $0.1) },
  extract: { if case .element(let id, let action) = $0 { (id, action) } else { nil } })

/// Each of the eight counters in turn, each cycling through the four actions.
let elementActions: [CountedElementsAction] = (0..<32).map {
  .element(id: $0 & 7, action: cycle[($0 >> 3) & 3])
}

let forEachCounters = ElementCounter().forEach(state: \CountedElements.elements, action: toElement)
