import Foundation
import GameCore

/// The engine's flame trail: purely a drawing effect, so it lives in the renderer.
///
/// Explosion debris is in the game's state (deterministic, replayed); the exhaust is not worth
/// a field in every snapshot. It advances once per simulation tick (never per drawn frame)
/// with its own seeded generator, so an exported replay draws the same flames every time and
/// the simulation's random stream is never touched. While the game stands still (paused) the
/// flame stands still too.
struct Exhaust {
  struct Particle {
    var x: Float, y: Float
    var previousX: Float, previousY: Float
    var vx: Float, vy: Float
    var age: Int, lifetime: Int
    var ember: Bool
  }

  /// Upper bound: a wave of explosions cannot grow the frame cost without limit.
  static let capacity = 1_500

  private(set) var items: [Particle] = []
  private var random: SplitMix64

  init(seed: UInt64 = 0x5EED) { random = SplitMix64(rawState: seed) }

  /// Moves every particle one tick, then adds flame behind a thrusting ship; a still scene
  /// freezes the flame where it is.
  mutating func advance(from previous: Scene, to scene: Scene) {
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
      particle.vx *= 0.97
      particle.vy *= 0.97
      particle.age += 1
      kept.append(particle)
    }
    items = kept
    guard scene.tick > previous.tick else { return }
    if let ship = scene.sprites.first(where: { $0.id == Scene.shipID }),
      case .ship(thrusting: true) = ship.kind
    {
      flame(behind: ship)
    }
  }

  private mutating func flame(behind ship: Scene.Sprite) {
    for _ in 0..<2 {
      let angle = ship.angle + .pi + (random.unit() - 0.5) * 0.6
      let velocity: Float = 2.5 + random.unit() * 1.5
      let x = ship.x - sin(ship.angle) * ship.radius * 0.7
      let y = ship.y + cos(ship.angle) * ship.radius * 0.7
      spawn(x: x, y: y, vx: sin(angle) * velocity, vy: -cos(angle) * velocity,
            lifetime: 8 + Int(random.unit() * 8), ember: true)
    }
  }

  private mutating func spawn(x: Float, y: Float, vx: Float, vy: Float, lifetime: Int, ember: Bool) {
    guard items.count < Self.capacity else { return }
    items.append(
      Particle(x: x, y: y, previousX: x, previousY: y, vx: vx, vy: vy, age: 0,
               lifetime: lifetime, ember: ember))
  }
}
