import GameCore

/// The renderer's subscription to the store: keeps the last two scenes current.
///
/// Scoped the way the drawing is: the HUD part of the scene follows `\.score` and
/// `\.session.phase` (called only when those change), the world part follows every tick.
/// It reads the state and never sends an action.
package final class SceneFeed {
  /// The scene after the latest tick.
  package private(set) var scene: Scene
  /// The scene one tick earlier: the renderer draws between the two.
  private(set) var previous: Scene
  private var subscriptions: [Subscription] = []

  package init(store: StoreOf<Game>) {
    scene = Scene(state: store.state)
    previous = scene
    store.subscribe(\.score) { [unowned self] _, score in
      scene.updateScore(score)
    }.store(in: &subscriptions)
    store.subscribe(\.session.phase) { [unowned self] _, phase in
      scene.phase = Scene.phase(phase)
    }.store(in: &subscriptions)
    store.subscribe { [unowned self] state in
      previous = scene
      scene.updateWorld(state)
    }.store(in: &subscriptions)
  }

  deinit { for subscription in subscriptions { subscription.cancel() } }
}
