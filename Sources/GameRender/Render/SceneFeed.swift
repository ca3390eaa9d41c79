import GameCore

/// The renderer's subscription to the store: keeps the last two scenes current.
///
/// It subscribes through read-only scopes, the way the drawing is split: the HUD through a
/// scope on the score (its score, high score, lives and wave, each called only when it
/// changes), the screens through a scope on the session (its phase), and the world through a
/// scope on the entities (``WorldEntities``, after every notification round; a new tick moves
/// the latest scene to ``previous``). The scopes send `Never`, so
/// the feed cannot write the state.
///
/// ```swift
/// let feed = SceneFeed(store: store)   // scopes the store itself
/// store.step(.tick(input))
/// renderer.draw(feed.scene, previous: feed.previous, fraction: 0.5)
/// ```
package final class SceneFeed {
  /// The scene after the latest tick.
  package private(set) var scene: Scene
  /// The scene one tick earlier: the renderer draws between the two.
  private(set) var previous: Scene
  private var subscriptions: [Subscription] = []

  /// Follows `store` through its score, session and entities scopes.
  package convenience init(store: StoreOf<Game>) {
    self.init(
      hud: store.scope(state: \.score), session: store.scope(state: \.session),
      world: store.scope(state: \.entities))
  }

  /// Follows three read-only stores: the HUD's numbers, the session's phase and the world.
  ///
  /// They are normally scopes of one game store; tests hand in scopes of different stores to
  /// show that each part of the scene comes from its own scope only.
  package init(
    hud: some StoreProtocol<Score.State, Never>,
    session: some StoreProtocol<Session.State, Never>,
    world: some StoreProtocol<WorldEntities, Never>
  ) {
    scene = Scene()
    scene.worldWidth = Float(Tuning.worldWidth)
    scene.worldHeight = Float(Tuning.worldHeight)
    let numbers = hud.state
    scene.score = numbers.score
    scene.highScore = numbers.highScore
    scene.lives = numbers.lives
    scene.wave = numbers.wave
    scene.phase = Scene.phase(session.state.phase)
    scene.updateWorld(world.state)
    previous = scene
    hud.subscribe(\.score) { [unowned self] _, score in scene.score = score }
      .store(in: &subscriptions)
    hud.subscribe(\.highScore) { [unowned self] _, best in scene.highScore = best }
      .store(in: &subscriptions)
    hud.subscribe(\.lives) { [unowned self] _, lives in scene.lives = lives }
      .store(in: &subscriptions)
    hud.subscribe(\.wave) { [unowned self] _, wave in scene.wave = wave }
      .store(in: &subscriptions)
    session.subscribe(\.phase) { [unowned self] _, phase in scene.phase = Scene.phase(phase) }
      .store(in: &subscriptions)
    world.subscribe { [unowned self] entities in
      // A new tick (forward, or back while rewinding) moves the latest scene to `previous`; a
      // further notification round within the same tick only refreshes the latest, so the
      // renderer keeps interpolating between two ticks.
      if entities.tick != scene.tick { previous = scene }
      scene.updateWorld(entities)
      // Once per tick rather than once per frame: a tick that moved nothing (a paused game)
      // is drawn as it is, not wobbling back along velocities that are not being applied.
      scene.isStill = scene.sprites == previous.sprites && scene.particles == previous.particles
    }.store(in: &subscriptions)
  }

  deinit { for subscription in subscriptions { subscription.cancel() } }
}
