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
}
