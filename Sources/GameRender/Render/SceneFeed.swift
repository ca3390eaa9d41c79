import GameCore
import GameScene

/// The renderer's subscription to a game's store: keeps the last two scenes current.
///
/// It subscribes through a read-only view of the store (``StoreProtocol`` whose action is
/// `Never`), so the drawing side cannot write the state. Each notification round turns the
/// state into a scene with the game's ``PlayableGame/scene(of:)``; a new tick (forward, or
/// back while rewinding) first moves the latest scene to ``previous``.
///
/// ```swift
/// let feed = SceneFeed(Pong.self, store: store)
/// store.step(.tick(input))
/// renderer.draw(feed.scene, previous: feed.previous, fraction: 0.5)
/// ```
package final class SceneFeed<G: PlayableGame> {
  /// The scene after the latest tick.
  package private(set) var scene: Scene
  /// The scene one tick earlier: the renderer draws between the two.
  package private(set) var previous: Scene
  private var subscription: Subscription?

  /// Follows `store`, which the feed can only read.
  package init(_ game: G.Type, store: some StoreProtocol<G.State, Never>) {
    scene = G.scene(of: store.state)
    previous = scene
    subscription = store.subscribe { [unowned self] state in update(state) }
  }

  /// Follows a game's store through a read-only scope of it.
  package convenience init(_ game: G.Type, store: Store<G>) {
    self.init(G.self, store: store.scope(state: \.self))
  }

  private func update(_ state: G.State) {
    // A further round within the same tick only refreshes the latest, so the renderer keeps
    // interpolating between two ticks.
    if state.tick != scene.tick { previous = scene }
    scene = G.scene(of: state)
    // Once per tick rather than once per frame: a tick that moved nothing (a paused game) is
    // drawn as it is, not wobbling back along velocities that are not being applied, and
    // rewind passes over it.
    // The overlay counts too: a game drawn in frame pixels only (a field of blocks, a clock)
    // moves there.
    scene.isStill =
      scene.world == previous.world && scene.overlay == previous.overlay
      && scene.particles == previous.particles && scene.emitters == previous.emitters
  }

  deinit { subscription?.cancel() }
}
