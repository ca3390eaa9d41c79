import GameCore
import Testing

@Suite struct PullbackTests {
  struct Environment: Sendable {
    var step: Int
    var load: @Sendable (Int) async -> Int = { $0 }
  }

  struct Child: Equatable {
    var total = 0
    var loaded: [Int] = []
  }

  enum ChildAction: Equatable, Sendable {
    case advance
    case load(Int)
    case loaded(Int)
  }

  struct Parent: Equatable {
    var child = Child()
    var log: [String] = []
  }

  enum ParentAction: Equatable, Sendable {
    case child(ChildAction)
    case other
  }

  /// Adds the environment's step; loads through the environment's async function.
  struct ChildReducer: ReducerProtocol {
    func reduce(into state: inout Child, action: ChildAction, environment: Environment)
      -> Effect<ChildAction>
    {
      switch action {
      case .advance:
        state.total += environment.step
      case .load(let n):
        return .run { (environment: Environment, send) in
          send(.loaded(await environment.load(n)))
        }
      case .loaded(let n):
        state.loaded.append(n)
      }
      return .none
    }
  }

  struct ChildCase: CasePathProtocol {
    func embedValue(_ value: ChildAction) -> ParentAction { .child(value) }
    func extractValue(from root: ParentAction) -> ChildAction? {
      if case .child(let action) = root { action } else { nil }
    }
  }

  static let childReducer = Reducer<Child, ChildAction, Environment> { state, action, environment in
    ChildReducer().reduce(into: &state, action: action, environment: environment)
  }

  static let childPath = CasePath<ParentAction, ChildAction>(
    embed: ParentAction.child, extract: { if case .child(let a) = $0 { a } else { nil } })

  static let logReducer = Reducer<Parent, ParentAction, Environment> { state, action, _ in
    state.log.append("\(action)")
    return .none
  }

  @Test func withoutAnEnvironmentFunctionTheChildGetsTheParentsEnvironment() {
    let store = Store(
      initialState: Parent(),
      reducer: ChildReducer().pullback(state: \Parent.child, action: ChildCase()),
      environment: Environment(step: 5))
    store.send(.child(.advance))
    store.send(.other)
    store.send(.child(.advance))
    #expect(store.state == Parent(child: Child(total: 10)))
  }

  @Test func asyncWorkOfAChildGetsTheParentsEnvironment() async {
    let store = Store(
      initialState: Parent(),
      reducer: ChildReducer().pullback(state: \Parent.child, action: ChildCase()),
      environment: Environment(step: 1, load: { $0 * 100 }))
    store.send(.child(.load(3)))
    await store.settle()
    #expect(store.state.child.loaded == [300])
  }

  @Test func theClosureFormWithoutAnEnvironmentFunctionCombinesWithOtherReducers() {
    let reducer: Reducer<Parent, ParentAction, Environment> =
      Self.childReducer.pullback(state: \Parent.child, action: Self.childPath) <> Self.logReducer
    let store = Store(initialState: Parent(), reducer: reducer, environment: Environment(step: 2))
    store.send(.child(.advance))
    #expect(store.state.child.total == 2)
    #expect(store.state.log == ["child(GameCoreTests.PullbackTests.ChildAction.advance)"])
  }

  @Test func anEnvironmentFunctionStillGivesTheChildItsOwnEnvironment() {
    let store = Store(
      initialState: Parent(),
      reducer: ChildReducer().pullback(
        state: \Parent.child, action: ChildCase(),
        environment: { (parent: Int) in Environment(step: parent * 3) }),
      environment: 7)
    store.send(.child(.advance))
    #expect(store.state.child.total == 21)
  }

  @Test func asyncWorkOfAChildGetsTheEnvironmentTheFunctionMakes() async {
    let store = Store(
      initialState: Parent(),
      reducer: ChildReducer().pullback(
        state: \Parent.child, action: ChildCase(),
        environment: { (parent: Int) in Environment(step: 1, load: { $0 + parent }) }),
      environment: 40)
    store.send(.child(.load(2)))
    await store.settle()
    #expect(store.state.child.loaded == [42])
  }
}
