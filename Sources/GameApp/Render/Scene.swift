/// What one tick looks like to the renderer: a flat list of sprites and the HUD numbers.
///
/// The renderer never reads `Game.State` while drawing: `Scene(state:)` (in Scene+Game.swift)
/// copies out what is visible, in world units as `Float`, once per tick. Keeping the drawing
/// side on this small value lets golden-image tests and benchmarks build scenes by hand, and
/// keeps floating point out of the simulation.
struct Scene: Equatable {
  /// Which screen is showing.
  enum Phase: Equatable { case title, playing, paused, gameOver }

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
    /// Collision radius in world units: the sprite is scaled so its outline matches it.
    var radius: Float
  }

  var phase: Phase = .title
  /// World size in world units; the view fits it into the frame, keeping its aspect.
  var worldWidth: Float = 1280
  var worldHeight: Float = 720
  var sprites: [Sprite] = []
  var score = 0
  var highScore = 0
  var lives = 0
  var wave = 0
  /// The simulation tick this scene was taken at: blinking text uses it, never the wall clock.
  var tick = 0
  /// True while the player holds the rewind key (the platform sets it).
  var rewinding = false

  /// Identifier of the ship sprite: the particle system watches it for thrust and death.
  static let shipID = -1
}

extension Scene {
  /// The scene between `previous` and `self` at `fraction` (0 = previous, 1 = self).
  ///
  /// Sprites are paired by id; one that just appeared, or that wrapped around an edge (moved
  /// more than half the world), is drawn where it is now rather than sliding across the screen.
  func interpolated(from previous: Scene, fraction: Float) -> Scene {
    guard fraction < 1, previous.tick != tick else { return self }
    var index: [Int: Sprite] = [:]
    index.reserveCapacity(previous.sprites.count)
    for sprite in previous.sprites { index[sprite.id] = sprite }
    var result = self
    for i in result.sprites.indices {
      guard let old = index[result.sprites[i].id] else { continue }
      let new = result.sprites[i]
      let dx = new.x - old.x
      let dy = new.y - old.y
      if abs(dx) > worldWidth / 2 || abs(dy) > worldHeight / 2 { continue }
      result.sprites[i].x = old.x + dx * fraction
      result.sprites[i].y = old.y + dy * fraction
      var turn = new.angle - old.angle
      if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
      result.sprites[i].angle = old.angle + turn * fraction
    }
    return result
  }
}
