/// What one tick looks like to the renderer: a flat list of sprites and the HUD numbers.
///
/// The renderer never reads `Game.State` while drawing: `Scene(state:)` (in Scene+Game.swift)
/// copies out what is visible, in world units as `Float`, once per tick. Keeping the drawing
/// side on this small value lets golden-image tests and benchmarks build scenes by hand, and
/// keeps floating point out of the simulation.
package struct Scene: Equatable {
  /// Which screen is showing.
  package enum Phase: Equatable { case title, playing, paused, gameOver }

  /// What a sprite is; picks the image and its nominal radius.
  enum Kind: Equatable {
    case ship(thrusting: Bool)
    case rock(size: Int, shape: Int)
    case saucer(small: Bool)
    case bullet
    case saucerBullet
  }

  /// One thing on screen.
  struct Sprite: Equatable {
    /// Stable across ticks for the same entity: interpolation pairs sprites by it.
    var id: Int
    var kind: Kind
    /// Centre in world units.
    var x: Float
    var y: Float
    /// Radians, clockwise, 0 = facing up (the sheet's orientation).
    var angle: Float
    /// Drawn radius in world units: the sprite is scaled so its outline matches it.
    var radius: Float
    /// World units per tick: frames between ticks draw the sprite this far back in time.
    var vx: Float = 0
    var vy: Float = 0
    /// Radians per tick.
    var spin: Float = 0
  }

  /// Cosmetic particle from the game's state (explosion dust, debris, sparks).
  struct Particle: Equatable {
    var x: Float
    var y: Float
    var vx: Float
    var vy: Float
    /// 1 when new, falling to 0 as it dies.
    var life: Float
    /// Warm debris (ship, saucer) rather than cool dust.
    var ember: Bool
  }

  var phase: Phase = .title
  /// World size in world units; the view fits it into the frame, keeping its aspect.
  var worldWidth: Float = 1280
  var worldHeight: Float = 720
  var sprites: [Sprite] = []
  var particles: [Particle] = []
  var score = 0
  var highScore = 0
  var lives = 0
  var wave = 0
  /// The simulation tick this scene was taken at: blinking text uses it, never the wall clock.
  var tick = 0
  /// True while the player holds the rewind key (the platform sets it).
  var rewinding = false
  /// True when nothing moved since the tick before (the game is paused, though its tick
  /// counter runs on): frames are then drawn without interpolation. ``SceneFeed`` sets it.
  var isStill = false

  /// Identifier of the ship sprite: the particle system watches it for thrust and death.
  static let shipID = -1
}

extension Scene {
  /// The scene `fraction` of a tick before `self` is reached from `previous` (0 = previous,
  /// 1 = self).
  ///
  /// Rocks, bullets and particles move in straight lines, so they are drawn back along their
  /// velocity: no pairing between ticks is needed, and a rock that just split does not slide.
  /// The ship turns and thrusts, so it is blended with its own previous position, unless it
  /// wrapped around an edge or just appeared.
  ///
  /// Only two consecutive ticks in which the world moved are blended: a still scene (paused)
  /// or a `previous` that is not the tick before (just after a rewind) gives `self` as it is,
  /// so nothing is drawn back along a velocity that was not applied.
  func interpolated(from previous: Scene, fraction: Float) -> Scene {
    guard fraction < 1, !isStill, previous.tick + 1 == tick else { return self }
    let back = 1 - fraction
    var result = self
    let oldShip = previous.sprites.first { $0.id == Scene.shipID }
    for i in result.sprites.indices {
      let new = result.sprites[i]
      if new.id == Scene.shipID {
        guard let old = oldShip else { continue }
        let dx = new.x - old.x
        let dy = new.y - old.y
        if abs(dx) > worldWidth / 2 || abs(dy) > worldHeight / 2 { continue }
        result.sprites[i].x = old.x + dx * fraction
        result.sprites[i].y = old.y + dy * fraction
        var turn = new.angle - old.angle
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        result.sprites[i].angle = old.angle + turn * fraction
      } else {
        result.sprites[i].x -= new.vx * back
        result.sprites[i].y -= new.vy * back
        result.sprites[i].angle -= new.spin * back
      }
    }
    for i in result.particles.indices {
      result.particles[i].x -= result.particles[i].vx * back
      result.particles[i].y -= result.particles[i].vy * back
    }
    return result
  }
}
