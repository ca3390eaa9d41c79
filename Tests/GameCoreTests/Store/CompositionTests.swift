import GameCore
import Testing

@Suite struct CompositionTests {
  typealias Child = HitCounter
  typealias ChildAction = HitCounterAction
  static let childReducer = hitCounterReducer

  struct Parent: Equatable {
    var main = Child(id: 0)
    var popup: Child?
    var list: IdentifiedArray<Child> = [Child(id: 1), Child(id: 2), Child(id: 3)]
    var parentSaw: [String] = []
  }

  enum ParentAction: Equatable, Sendable {
    case main(ChildAction)
    case popup(ChildAction)
    case list(id: Int, action: ChildAction)
    case other
  }

  static let mainPath = CasePath<ParentAction, ChildAction>(
    embed: ParentAction.main, extract: { if case .main(let a) = $0 { a } else { nil } })
  static let popupPath = CasePath<ParentAction, ChildAction>(
    embed: ParentAction.popup, extract: { if case .popup(let a) = $0 { a } else { nil } })
  static let listPath = CasePath<ParentAction, (Int, ChildAction)>(
    embed: { ParentAction.list(id: $0.0, action: $0.1) },
    extract: { if case .list(let id, let a) = $0 { (id, a) } else { nil } })

  static let parentReducer: Reducer<Parent, ParentAction, Void> = .combine(
    childReducer.pullback(state: \Parent.main, action: mainPath, environment: { $0 }),
    childReducer.optional().pullback(state: \Parent.popup, action: popupPath, environment: { $0 }),
    childReducer.forEach(state: \Parent.list, action: listPath, environment: { $0 }),
    Reducer { state, action, _ in
      state.parentSaw.append("\(action)")
      return .none
    })

  static func makeStore() -> Store<Reducer<Parent, ParentAction, Void>> {
    Store(initialState: Parent(), reducer: parentReducer, environment: ())
  }

  @Test func pullbackRoutesOnlyTheChildsActionsToTheChildsState() {
    let store = Self.makeStore()
    store.send(.main(.hit))
    store.send(.other)
    #expect(store.state.main.hits == 1)
    #expect(store.state.list.map(\.hits) == [0, 0, 0])
    #expect(
      store.state.parentSaw == ["main(GameCoreTests.HitCounterAction.hit)", "other"])
  }

  @Test func pulledBackEffectsComeBackWrappedInTheParentsCase() {
    let store = Self.makeStore()
    store.send(.main(.hitLater))
    store.advanceTick()
    #expect(store.state.main.hits == 1)
  }

  @Test func withoutEnvironmentFunctionsEveryChildGetsTheParentsEnvironment() {
    // The environment is the number of hits each action adds.
    let childReducer = Reducer<Child, ChildAction, Int> { child, _, hitsPerAction in
      child.hits += hitsPerAction
      return .none
    }
    let reducer = Reducer<Parent, ParentAction, Int>.combine(
      childReducer.pullback(state: \Parent.main, action: Self.mainPath),
      childReducer.optional().pullback(state: \Parent.popup, action: Self.popupPath),
      childReducer.forEach(state: \Parent.list, action: Self.listPath))
    let store = Store(initialState: Parent(popup: Child(id: 5)), reducer: reducer, environment: 4)
    store.send(.main(.hit))
    store.send(.popup(.hit))
    store.send(.list(id: 3, action: .hit))
    store.send(.other)
    #expect(store.state.main.hits == 4)
    #expect(store.state.popup?.hits == 4)
    #expect(store.state.list.map(\.hits) == [0, 0, 4])
  }

  @Test func theSpecialisableFormComposesTheSameWay() {
    struct Hit: ReducerProtocol {
      func reduce(into state: inout Child, action: ChildAction, environment: Void)
        -> Effect<ChildAction>
      {
        if action == .hit { state.hits += 1 }
        return .none
      }
    }
    let reducer = Hit().pullback(state: \Parent.main, action: Self.mainPath, environment: { $0 })
      .combined(
        with: Hit().optional().pullback(
          state: \Parent.popup, action: Self.popupPath, environment: { $0 })
      )
      .combined(
        with: Hit().forEach(state: \Parent.list, action: Self.listPath, environment: { $0 })
      )
      .combined(with: EmptyReducer())
    let store = Store(
      initialState: Parent(popup: Child(id: 5)), reducer: reducer, environment: ())
    store.send(.main(.hit))
    store.send(.popup(.hit))
    store.send(.list(id: 2, action: .hit))
    #expect(store.state.main.hits == 1)
    #expect(store.state.popup?.hits == 1)
    #expect(store.state.list.map(\.hits) == [0, 1, 0])
  }
}

/// The examples in the composition operators' documentation, copied as written there: each
/// must compile and do what its page says.
extension CompositionTests {
  @Suite struct ReducerDocExample {
    struct AppState {
      var count = 0
      var favorites: [Int] = []
    }

    enum AppAction: Sendable {
      case counter(CounterAction)
      case favorite(Int)
    }

    static let favoritesReducer = Reducer<AppState, AppAction, Void> { state, action, _ in
      if case .favorite(let n) = action { state.favorites.append(n) }
      return .none
    }

    @Test func compilesAndRoutesEachActionToItsReducer() {
      // Reducer.swift
      let counterReducer = Reducer<Int, CounterAction, Void> { count, action, _ in
        switch action {
        case .incrementTapped: count += 1
        case .decrementTapped: count -= 1
        }
        return .none
      }
      let appReducer =
        counterReducer.pullback(
          state: \AppState.count,
          action: CasePath(
            embed: AppAction.counter,
            extract: { if case .counter(let action) = $0 { action } else { nil } }),
          environment: { _ in })
        <> Self.favoritesReducer

      let store = Store(initialState: AppState(), reducer: appReducer, environment: ())
      store.send(.counter(.incrementTapped))
      store.send(.favorite(3))
      #expect(store.state.count == 1)
      #expect(store.state.favorites == [3])
    }
  }

  @Suite struct PullbackDocExample {
    struct AppState { var count = 0 }
    enum AppAction: Sendable { case counter(CounterAction) }
    struct AppEnvironment: Sendable {}

    @Test func compilesAndLiftsTheChild() {
      // Pullback.swift
      let appReducer = counterReducer.pullback(
        state: \AppState.count,
        action: CasePath(
          embed: AppAction.counter,
          extract: { if case .counter(let action) = $0 { action } else { nil } }),
        environment: { (_: AppEnvironment) in })

      let store = Store(
        initialState: AppState(), reducer: appReducer, environment: AppEnvironment())
      store.send(.counter(.decrementTapped))
      #expect(store.state.count == -1)
    }
  }

  @Suite struct CombinedReducersDocExample {
    struct ShipState { var thrust = 0 }
    struct RocksState { var count = 3 }
    enum ShipAction: Sendable { case thrust }
    enum RocksAction: Sendable { case split }
    struct AppState {
      var ship = ShipState()
      var rocks = RocksState()
    }
    enum AppAction: Sendable {
      case ship(ShipAction)
      case rocks(RocksAction)
    }

    struct Ship: ReducerProtocol {
      func reduce(into state: inout ShipState, action: ShipAction, environment: Void)
        -> Effect<ShipAction>
      {
        state.thrust += 1
        return .none
      }
    }

    struct Rocks: ReducerProtocol {
      func reduce(into state: inout RocksState, action: RocksAction, environment: Void)
        -> Effect<RocksAction>
      {
        state.count += 1
        return .none
      }
    }

    @Test func compilesAndRunsBothInOrder() {
      // CombinedReducers.swift
      let ship = CasePath<AppAction, ShipAction>(
        embed: AppAction.ship,
        extract: { if case .ship(let action) = $0 { action } else { nil } })
      let rocks = CasePath<AppAction, RocksAction>(
        embed: AppAction.rocks,
        extract: { if case .rocks(let action) = $0 { action } else { nil } })
      let game = Ship().pullback(state: \AppState.ship, action: ship, environment: { $0 })
        .combined(
          with: Rocks().pullback(state: \AppState.rocks, action: rocks, environment: { $0 }))

      let store = Store(initialState: AppState(), reducer: game, environment: ())
      store.send(.ship(.thrust))
      store.send(.rocks(.split))
      #expect(store.state.ship.thrust == 1)
      #expect(store.state.rocks.count == 4)
    }
  }
}
