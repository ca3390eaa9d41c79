import GameCore
import Testing

@Suite struct ScopedStoreTests {
  struct Hud: Equatable {
    var score = 0
    var lives = 3
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
}
