import Foundation
import GameCore
import GameScene

/// The particles of a scene's ``Emitter``s (a ship's exhaust): purely a drawing effect, so the
/// renderer runs them and nothing of them is in the game's state.
///
/// Particles a game replays (explosion debris) are in its state and come as
/// ``Scene/particles``; an emitter's are not worth a field in every snapshot. They advance
/// once per simulation tick (never per drawn frame) with their own seeded generator, so an
/// exported replay draws the same flames every time and the simulation's random stream is
/// never touched. While the scene stands still (paused) they stand still too.
struct EmitterParticles {
  struct Particle {
    var x: Float, y: Float
    var previousX: Float, previousY: Float
    var vx: Float, vy: Float
    var age: Int, lifetime: Int
    var drag: Float
    /// The image's number in the game's sheet.
    var image: Int
  }

  /// Upper bound: a crowd of emitters cannot grow the frame cost without limit.
  static let capacity = 1_500

  private(set) var items: [Particle] = []
  private var random: SplitMix64

  init(seed: UInt64 = 0x5EED) { random = SplitMix64(rawState: seed) }

  /// Moves every particle one tick, then lets each emitter of `scene` emit; a still scene
  /// freezes them where they are. `image` turns an image name into its number in the sheet.
  mutating func advance(from previous: Scene, to scene: Scene, image: (String) -> Int) {
    if scene.isStill {
      for i in items.indices {
        items[i].previousX = items[i].x
        items[i].previousY = items[i].y
      }
      return
    }
    var kept: [Particle] = []
    kept.reserveCapacity(items.count)
    for var particle in items where particle.age < particle.lifetime {
      particle.previousX = particle.x
      particle.previousY = particle.y
      particle.x += particle.vx
      particle.y += particle.vy
      particle.vx *= particle.drag
      particle.vy *= particle.drag
      particle.age += 1
      kept.append(particle)
    }
    items = kept
    guard scene.tick > previous.tick else { return }
    for emitter in scene.emitters { emit(emitter, image: image(emitter.image)) }
  }

  /// Forgets every particle (the timeline jumped: a rewind).
  mutating func removeAll() { items.removeAll() }

  private mutating func emit(_ emitter: Emitter, image: Int) {
    for _ in 0..<emitter.perTick {
      let angle = emitter.direction + (random.unit() - 0.5) * emitter.spread
      let velocity = emitter.speed + random.unit() * emitter.speedRange
      let lifetime = emitter.lifetime + Int(random.unit() * emitter.lifetimeRange)
      guard items.count < Self.capacity else { continue }
      items.append(
        Particle(
          x: emitter.x, y: emitter.y, previousX: emitter.x, previousY: emitter.y,
          vx: sin(angle) * velocity, vy: -cos(angle) * velocity, age: 0, lifetime: lifetime,
          drag: emitter.drag, image: image))
    }
  }
}
