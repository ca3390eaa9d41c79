import GameCore
import Testing

@testable import GameRender

@Suite struct SceneFeedTests {
  @Test func theFeedFollowsTheStoreTickByTick() {
    let store = StoreOf(initialState: Game.State(seed: 2), reducer: Game(), environment: ())
    let feed = SceneFeed(store: store)
    #expect(feed.scene.phase == .title)
    store.step(.tick([.fire]))
    store.step(.tick([]))
    #expect(feed.scene.phase == .playing)
    #expect(feed.scene.tick == 2)
    #expect(feed.previous.tick == 1)
    #expect(feed.scene.lives == store.state.score.lives)
    #expect(feed.scene.sprites.contains { $0.id == Scene.shipID })
  }

  @Test func theHUDChangesOnlyThroughItsScopeAndTheWorldOnlyThroughItsOwn() {
    // Two stores: the HUD scope comes from one, the session and world scopes from the other,
    // so whatever reaches each part of the scene shows which scope it came through.
    let numbers = StoreOf(initialState: Game.State(seed: 1), reducer: Game(), environment: ())
    let game = StoreOf(initialState: Game.State(seed: 2), reducer: Game(), environment: ())
    let feed = SceneFeed(
      hud: numbers.scope(state: \.score), session: game.scope(state: \.session),
      world: game.scope(state: \.entities))

    numbers.send(.score(.pointsScored(250)))
    #expect(feed.scene.score == 250)
    #expect(feed.scene.highScore == 250)
    #expect(feed.scene.tick == 0)

    game.send(.score(.pointsScored(1_000)))
    game.step(.tick([.fire]))
    game.step(.tick([]))
    #expect(feed.scene.score == 250, "the game store's score must not reach the HUD")
    #expect(feed.scene.phase == .playing)
    #expect(feed.scene.tick == 2)
    #expect(feed.scene.sprites == Scene(state: game.state).sprites)

    numbers.send(.score(.shipLost))
    #expect(feed.scene.lives == numbers.state.score.lives)
    #expect(feed.scene.tick == 2, "the HUD's store must not move the world")
  }

  @Test func aPausedTickIsStillAndDrawnWithoutInterpolation() {
    let store = StoreOf(initialState: Game.State(seed: 5), reducer: Game(), environment: ())
    let feed = SceneFeed(store: store)
    store.step(.tick([.fire]))
    for _ in 0..<20 { store.step(.tick([])) }
    #expect(!feed.scene.isStill)
    #expect(feed.scene.interpolated(from: feed.previous, fraction: 0.5) != feed.scene)

    store.step(.tick([.pause]))
    #expect(feed.scene.phase == .paused)
    for _ in 0..<3 {
      store.step(.tick([]))
      #expect(feed.scene.isStill)
      #expect(feed.scene.interpolated(from: feed.previous, fraction: 0.3) == feed.scene)
    }

    store.step(.tick([.pause]))
    #expect(feed.scene.phase == .playing)
    #expect(!feed.scene.isStill)
  }
}
