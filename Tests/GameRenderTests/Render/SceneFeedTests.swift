import GameCore
import GameScene
import Testing

@testable import GameRender

@Suite struct SceneFeedTests {
  @Test func theFeedFollowsTheStoreTickByTick() {
    let store = Store(
      initialState: TinyGame.initialState(seed: 2, settings: NoSettings()), reducer: TinyGame(),
      environment: ())
    let feed = SceneFeed(TinyGame.self, store: store)
    #expect(feed.scene == TinyGame.scene(of: store.state))
    store.step(.tick(.right))
    store.step(.tick(.right))
    #expect(feed.scene.tick == 2)
    #expect(feed.previous.tick == 1)
    #expect(feed.scene.world == TinyGame.scene(of: store.state).world)
  }

  @Test func aPausedTickIsStillAndDrawnWithoutInterpolation() {
    let store = Store(
      initialState: TinyGame.initialState(seed: 5, settings: NoSettings()), reducer: TinyGame(),
      environment: ())
    let feed = SceneFeed(TinyGame.self, store: store)
    for _ in 0..<5 { store.step(.tick(.right)) }
    #expect(!feed.scene.isStill)
    #expect(feed.scene.interpolated(from: feed.previous, fraction: 0.5) != feed.scene)

    store.step(.tick(.pause))
    #expect(!TinyGame.isPlaying(store.state))
    for _ in 0..<3 {
      store.step(.tick(.right))
      #expect(feed.scene.isStill)
      #expect(feed.scene.interpolated(from: feed.previous, fraction: 0.3) == feed.scene)
    }

    store.step(.tick([.pause, .right]))
    #expect(TinyGame.isPlaying(store.state))
    #expect(!feed.scene.isStill)
  }

  @Test func rewindingMovesTheFeedBackATick() {
    let store = Store(
      initialState: TinyGame.initialState(seed: 5, settings: NoSettings()), reducer: TinyGame(),
      environment: (), history: HistoryPolicy(capacity: 8, interval: 1))
    let feed = SceneFeed(TinyGame.self, store: store)
    for _ in 0..<4 { store.step(.tick(.right)) }
    #expect(store.undo())
    #expect(feed.scene.tick == 3)
    #expect(feed.scene == TinyGame.scene(of: store.state))
  }
}
