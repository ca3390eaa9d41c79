import GameCore
import Testing

@Suite struct CasePathProtocolTests {
  struct Child: Equatable {
    var hits = 0
  }

  enum ChildAction: Equatable, Sendable {
    case hit
    case hitTwice
  }

  struct Parent: Equatable {
    var left = Child()
    var right = Child()
  }

  enum ParentAction: Equatable, Sendable {
    case left(ChildAction)
    case right(ChildAction)
    case other
  }

  /// Counts hits; `hitTwice` hits once now and once more through a follow-up action.
  struct ChildReducer: ReducerProtocol {
    func reduce(into state: inout Child, action: ChildAction, environment: Void)
      -> Effect<ChildAction>
    {
      state.hits += 1
      return action == .hitTwice ? .send(.hit) : .none
    }
  }

  struct LeftCase: CasePathProtocol {
    func embedValue(_ value: ChildAction) -> ParentAction { .left(value) }
    func extractValue(from root: ParentAction) -> ChildAction? {
      if case .left(let action) = root { action } else { nil }
    }
  }

  struct RightCase: CasePathProtocol {
    func embedValue(_ value: ChildAction) -> ParentAction { .right(value) }
    func extractValue(from root: ParentAction) -> ChildAction? {
      if case .right(let action) = root { action } else { nil }
    }
  }

  static let closureLeft = CasePath<ParentAction, ChildAction>(
    embed: ParentAction.left, extract: { if case .left(let a) = $0 { a } else { nil } })

  /// Reads a case path only through the protocol, as a generic ``Pullback`` does.
  static func roundTrip<Path: CasePathProtocol>(_ path: Path, _ value: Path.Value) -> Path.Value? {
    path.extractValue(from: path.embedValue(value))
  }

  static func makeStore() -> Store<some ReducerProtocol<Parent, ParentAction, Void>> {
    let reducer = ChildReducer().pullback(state: \Parent.left, action: LeftCase())
      .combined(with: ChildReducer().pullback(state: \Parent.right, action: RightCase()))
    return Store(initialState: Parent(), reducer: reducer, environment: ())
  }

  @Test func aStructCasePathEmbedsAndExtractsItsCase() {
    #expect(LeftCase().embedValue(.hit) == .left(.hit))
    #expect(LeftCase().extractValue(from: .left(.hitTwice)) == .hitTwice)
    #expect(LeftCase().extractValue(from: .right(.hit)) == nil)
    #expect(LeftCase().extractValue(from: .other) == nil)
  }

  @Test func aStructCasePathRoutesItsCaseToItsChildThroughPullback() {
    let store = Self.makeStore()
    store.send(.left(.hit))
    #expect(store.state == Parent(left: Child(hits: 1), right: Child()))
    store.send(.right(.hit))
    #expect(store.state == Parent(left: Child(hits: 1), right: Child(hits: 1)))
  }

  @Test func aStructCasePathIgnoresEveryOtherCase() {
    let store = Self.makeStore()
    store.send(.other)
    #expect(store.state == Parent())
    store.send(.right(.hit))
    #expect(store.state.left == Child())
  }

  @Test func childEffectsComeBackEmbeddedByTheStructCasePath() {
    let store = Self.makeStore()
    store.send(.right(.hitTwice))
    // The follow-up `.hit` came back as `.right(.hit)`, so it reached the right child only.
    #expect(store.state == Parent(left: Child(), right: Child(hits: 2)))
  }

  @Test func theClosureCasePathWorksThroughTheProtocol() {
    #expect(Self.roundTrip(Self.closureLeft, .hitTwice) == .hitTwice)
    #expect(Self.closureLeft.embedValue(.hit) == Self.closureLeft.embed(.hit))
    #expect(Self.closureLeft.extractValue(from: .right(.hit)) == nil)
    #expect(Self.roundTrip(CasePath<ParentAction, ParentAction>.`self`, .other) == .other)
  }

  @Test func closureAndStructCasePathsLiftTheSameWay() {
    let byClosure = Store(
      initialState: Parent(),
      reducer: ChildReducer().pullback(
        state: \Parent.left, action: Self.closureLeft, environment: { $0 }),
      environment: ())
    let byStruct = Store(
      initialState: Parent(),
      reducer: ChildReducer().pullback(state: \Parent.left, action: LeftCase()),
      environment: ())
    for action: ParentAction in [.left(.hit), .right(.hit), .other, .left(.hitTwice)] {
      byClosure.send(action)
      byStruct.send(action)
      #expect(byClosure.state == byStruct.state)
    }
    #expect(byStruct.state.left.hits == 3)
  }
}

/// The example in `CasePathProtocol`'s documentation, copied as written there; the documentation
/// of `pullback(state:action:)` (Pullback.swift) shows the same example.
extension CasePathProtocolTests {
  @Suite struct DocExample {
    struct AppState { var count = 0 }
    enum AppAction: Sendable { case counter(CounterAction) }

    struct Counter: ReducerProtocol {
      func reduce(into state: inout Int, action: CounterAction, environment: Void)
        -> Effect<CounterAction>
      {
        switch action {
        case .incrementTapped: state += 1
        case .decrementTapped: state -= 1
        }
        return .none
      }
    }

    @Test func compilesAndLiftsTheChild() {
      // CasePathProtocol.swift and Pullback.swift
      struct CounterCase: CasePathProtocol {
        func embedValue(_ value: CounterAction) -> AppAction { .counter(value) }
        func extractValue(from root: AppAction) -> CounterAction? {
          if case .counter(let action) = root { action } else { nil }
        }
      }
      let appReducer = Counter().pullback(state: \AppState.count, action: CounterCase())

      let store = Store(initialState: AppState(), reducer: appReducer, environment: ())
      store.send(.counter(.incrementTapped))
      store.send(.counter(.incrementTapped))
      #expect(store.state.count == 2)
    }
  }
}
