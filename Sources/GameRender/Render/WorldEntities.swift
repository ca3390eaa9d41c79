import GameCore

/// The part of the game state the world is drawn from: every entity and the tick; nothing of
/// the score, and of the session only whether the ship is on screen.
///
/// The renderer's world subscription is a scope of the store on `Game.State.entities`, so the
/// drawing of rocks, bullets and debris cannot come to depend on the HUD's numbers.
/// Copying one out costs a few retains: the entity lists are copy-on-write arrays.
package struct WorldEntities: Equatable {
  /// The simulation tick: frames between ticks and blinking text count in it.
  var tick: Int
  /// The player's ship; nil while it is not on screen (the title shows the field alone).
  var ship: Ship.State?
  /// The rock field.
  var rocks: [Rock]
  /// The saucer (drawn only while active).
  var saucer: Saucer.State
  /// Shots in flight, the player's and the saucer's.
  var bullets: [Bullets.Bullet]
  /// Explosion debris and dust.
  var particles: [Particles.Particle]
}

extension Game.State {
  /// What the world part of the scene shows (see ``WorldEntities``).
  package var entities: WorldEntities {
    WorldEntities(
      tick: tick, ship: session.phase == .title ? nil : ship, rocks: rocks.items, saucer: saucer,
      bullets: bullets.items, particles: particles.items)
  }
}
