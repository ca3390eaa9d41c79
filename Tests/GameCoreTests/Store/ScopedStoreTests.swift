import GameCore
import Testing

@Suite struct ScopedStoreTests {
  struct Hud: Equatable {
    var score = 0
    var lives = 3
    /// A computed property: a key path through it has no byte offset.
    var label: String { "\(score)/\(lives)" }
  }

  struct AppState: Equatable {
    var hud = Hud()
    var ticks = 0
  }

  enum HudAction: Sendable {
    case scored(Int)
  }

  enum AppAction: Sendable {
    case hud(HudAction)
    case tick
  }

  static let reducer = Reducer<AppState, AppAction, Void> { state, action, _ in
    switch action {
    case .hud(.scored(let points)): state.hud.score += points
    case .tick: state.ticks += 1
    }
    return .none
  }

  @Test func aScopeReadsTheChildStateAndSendsWrappedActions() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let hud = store.scope(state: \.hud, action: AppAction.hud)
    hud.send(.scored(50))
    #expect(hud.state == Hud(score: 50, lives: 3))
    #expect(store.state.hud.score == 50)
  }

  @Test func aScopesKeyPathSubscriptionFiresOnlyForItsValue() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let hud = store.scope(state: \.hud)
    var scores: [Int] = []
    let subscription = hud.subscribe(\.score) { _, new in scores.append(new) }
    store.send(.tick)
    store.send(.hud(.scored(5)))
    store.send(.tick)
    #expect(scores == [5])
    subscription.cancel()
  }

  @Test func scopesNest() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let lives = store.scope(state: \.hud).scope(state: \.lives)
    var seen: [Int] = []
    let subscription = lives.subscribe { seen.append($0) }
    store.send(.tick)
    #expect(lives.state == 3)
    #expect(seen == [3])
    subscription.cancel()
  }

  @Test func aScopeThroughAComputedPropertyOrAStoredOneReadsTheCurrentValue() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let label = store.scope(state: \.hud.label)
    let score = store.scope(state: \.hud.score)
    let ticks = store.scope(state: \.ticks)
    store.send(.hud(.scored(7)))
    store.send(.tick)
    #expect(label.state == "7/3")
    #expect(score.state == 7)
    #expect(ticks.state == 1)
  }

  @Test func aScopeOfAScopeSendsThroughBothAndAGenericScopeWorksAlike() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let app = store.scope(state: \.self, action: { (action: AppAction) in action })
    let hud = app.scope(state: \.hud, action: AppAction.hud)
    hud.send(.scored(3))
    hud.send(.scored(4))
    #expect(hud.state.score == 7)
    func scoreScope(of parent: some StoreProtocol<AppState, AppAction>) -> Int {
      parent.scope(state: \.hud.score).state
    }
    #expect(scoreScope(of: store) == 7)
    #expect(scoreScope(of: app) == 7)
  }

  struct ToHud: CasePathProtocol {
    func embedValue(_ value: HudAction) -> AppAction { .hud(value) }
    func extractValue(from root: AppAction) -> HudAction? {
      if case .hud(let action) = root { action } else { nil }
    }
  }

  @Test func aTypedScopeSendsEmbeddedReadsInPlaceAndSubscribesThroughTheParent() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let hud: StoreScope<Store<Reducer<AppState, AppAction, Void>>, ToHud, Hud> =
      store.scope(state: \.hud, action: ToHud())
    var scores: [Int] = []
    var wholes: [Hud] = []
    let byPath = hud.subscribe(\.score) { _, new in scores.append(new) }
    let whole = hud.subscribe { wholes.append($0) }
    hud.send(.scored(4))
    store.send(.tick)
    hud.send(.scored(6))
    #expect(hud.state == Hud(score: 10, lives: 3))
    #expect(store.state.hud.score == 10)
    #expect(scores == [4, 10])
    #expect(wholes.map(\.score) == [4, 4, 10])
    byPath.cancel()
    whole.cancel()
  }

  @Test func aTypedScopeOfAScopeAndOfAComputedPropertyReadTheCurrentValue() {
    let store = Store(initialState: AppState(), reducer: Self.reducer, environment: ())
    let hud = store.scope(state: \.hud, action: ToHud())
    let label = hud.scope(state: \.label)
    let lives = hud.scope(state: \.lives)
    hud.send(.scored(2))
    #expect(label.state == "2/3")
    #expect(lives.state == 3)
    // A closure scope's reads and the typed scope's agree.
    #expect(store.scope(state: \.hud, action: AppAction.hud).state == hud.state)
  }
}
