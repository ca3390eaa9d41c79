import GameCore
import GameTesting
import Testing

@Suite struct OptionalReducerTests {
  typealias Child = HitCounter
  typealias ChildAction = HitCounterAction
  static let childReducer = hitCounterReducer

  struct Parent: Equatable {
    var popup: Child?
  }

  enum ParentAction: Equatable, Sendable {
    case popup(ChildAction)
    case closed
  }

  static let popupPath = CasePath<ParentAction, ChildAction>(
    embed: ParentAction.popup, extract: { if case .popup(let a) = $0 { a } else { nil } })

  static let parentReducer: Reducer<Parent, ParentAction, Void> = .combine(
    childReducer.optional().pullback(state: \Parent.popup, action: popupPath, environment: { $0 }),
    Reducer { state, action, _ in
      if action == .closed { state.popup = nil }
      return .none
    })

  /// Counts hits on an optional child, in the specialisable form.
  struct Hit: ReducerProtocol {
    func reduce(into state: inout Child, action: ChildAction, environment: Void)
      -> Effect<ChildAction>
    {
      if action == .hit { state.hits += 1 }
      return .none
    }
  }

  @Test func anOptionalChildRunsOnlyWhileItsStateExists() {
    let store = Store(initialState: Parent(), reducer: Self.parentReducer, environment: ())
    store.send(.popup(.hit))
    #expect(store.state.popup == nil)
    let withPopup = Store(
      initialState: Parent(popup: Child(id: 9)), reducer: Self.parentReducer, environment: ())
    withPopup.send(.popup(.hit))
    #expect(withPopup.state.popup?.hits == 1)
  }

  @Test func whileTheStateIsAbsentAnActionStartsNoEffect() {
    let store = TestStore(initialState: Parent(), reducer: Self.parentReducer, environment: ())
    // A timer started here would be pending when the test ends, and fail it.
    store.send(.popup(.hitLater))
    store.advance()
  }

  @Test func whileTheStateExistsTheChildsEffectsRun() {
    let store = TestStore(
      initialState: Parent(popup: Child(id: 1)), reducer: Self.parentReducer, environment: ())
    store.send(.popup(.hitLater))
    store.advance()
    store.receive(.popup(.hit)) { $0.popup?.hits = 1 }
  }

  @Test func anEffectArrivingAfterTheStateWentAwayIsIgnored() {
    let store = TestStore(
      initialState: Parent(popup: Child(id: 1)), reducer: Self.parentReducer, environment: ())
    store.send(.popup(.hitLater))
    store.send(.closed) { $0.popup = nil }
    store.advance()
    store.receive(.popup(.hit))
  }

  @Test func theSpecialisableFormLeavesNilAloneAndReducesAPresentState() {
    var absent: Child? = nil
    let none = Hit().optional().reduce(into: &absent, action: .hit, environment: ())
    #expect(absent == nil)
    #expect(none.isNone)
    var present: Child? = Child(id: 2)
    _ = Hit().optional().reduce(into: &present, action: .hit, environment: ())
    _ = Hit().optional().reduce(into: &present, action: .hit, environment: ())
    #expect(present == Child(id: 2, hits: 2))
  }

  @Test func theClosureFormLeavesNilAloneAndReducesAPresentState() {
    let reducer = counterReducer.optional()
    let absent = Store(initialState: nil as Int?, reducer: reducer, environment: ())
    absent.send(.incrementTapped)
    #expect(absent.state == nil)
    let present = Store(initialState: 3 as Int?, reducer: reducer, environment: ())
    present.send(.decrementTapped)
    present.send(.decrementTapped)
    #expect(present.state == 1)
  }
}

/// The example in `OptionalReducer.swift`'s documentation, copied as written there: it must
/// compile and do what its page says.
extension OptionalReducerTests {
  @Suite struct OptionalReducerDocExample {
    struct Menu { var selected = 0 }
    enum MenuAction: Sendable { case down }
    struct AppState { var menu: Menu? }
    enum AppAction: Sendable { case menu(MenuAction) }

    static let menuReducer = Reducer<Menu, MenuAction, Void> { menu, _, _ in
      menu.selected += 1
      return .none
    }

    @Test func compilesAndRunsOnlyWhileTheStateExists() {
      let menuReducer = Self.menuReducer
      // OptionalReducer.swift
      let appReducer = menuReducer.optional().pullback(
        state: \AppState.menu,
        action: CasePath(
          embed: AppAction.menu,
          extract: { if case .menu(let action) = $0 { action } else { nil } }),
        environment: { $0 })

      let store = Store(initialState: AppState(), reducer: appReducer, environment: ())
      store.send(.menu(.down))
      #expect(store.state.menu == nil)
      let open = Store(initialState: AppState(menu: Menu()), reducer: appReducer, environment: ())
      open.send(.menu(.down))
      #expect(open.state.menu?.selected == 1)
    }
  }
}
