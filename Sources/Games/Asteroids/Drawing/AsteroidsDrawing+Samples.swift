import GameCore
import GameScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hand-built scenes, one per screen: the golden images and the render benchmark draw these,
/// so they do not change when the game's rules do.
extension AsteroidsDrawing {
  /// A scene of `phase` with rocks of every size and shape and, while playing or paused, the
  /// thrusting ship, bullets and a saucer. `score` and `lives` default to the goldens'.
  public static func sample(
    _ phase: Session.Phase, tick: Int = 0, score: Int? = nil, lives: Int? = nil
  ) -> Scene {
    var scene = field(tick: tick, phase: phase)
    var id = 0
    let rocks: [(Int, Float, Float)] = [
      (0, 180, 200), (0, 1050, 520), (0, 820, 160), (1, 400, 560), (1, 640, 130),
      (1, 1120, 240), (2, 300, 380), (2, 960, 380), (2, 560, 640), (2, 1200, 660),
    ]
    for (n, rock) in rocks.enumerated() {
      addRock(
        to: &scene, id: id, size: rock.0, shape: n & 3, x: rock.1, y: rock.2,
        angle: Float(n) * 0.7, radius: [44, 23, 11.5][rock.0])
      id += 1
    }
    if phase != .title && phase != .gameOver {
      addShip(to: &scene, x: 640, y: 380, angle: 0.6, thrusting: true)
      addBullet(to: &scene, id: id, saucer: false, x: 700, y: 335)
      addBullet(to: &scene, id: id + 1, saucer: false, x: 760, y: 292)
      addSaucer(to: &scene, small: false, x: 240, y: 620, radius: 27)
      addBullet(to: &scene, id: id + 3, saucer: true, x: 300, y: 590)
    }
    addHUD(
      to: &scene, phase: phase, score: score ?? (phase == .title ? 0 : 12_340),
      highScore: 25_480, lives: lives ?? (phase == .gameOver ? 0 : 3), wave: 4)
    return scene
  }

  /// The playing sample `tick` ticks after a rock blew up beside the thrusting ship: warm
  /// debris and cool dust flying out of the blast (the game's particles, fading as they go).
  ///
  /// The exhaust flame is the renderer's own and grows tick by tick: let the renderer observe
  /// `explosion(tick: 0)` through `explosion(tick: n)` in order, then draw the last.
  public static func explosion(tick: Int) -> Scene {
    var scene = sample(.playing, tick: tick)
    let age = Float(tick)
    var random = SplitMix64(rawState: 0xB1A57)
    for n in 0..<72 {
      let angle = (Float(n) + unit(&random)) * 2 * .pi / 72
      let speed = 0.8 + unit(&random) * 3.2
      let lifetime = 24 + unit(&random) * 40
      let vx = cos(angle) * speed
      let vy = sin(angle) * speed
      scene.particles.append(
        Particle(
          image: n % 3 == 0 ? "ember" : "spark", x: 880 + vx * age, y: 300 + vy * age, vx: vx,
          vy: vy, life: max(0, min(1, (lifetime - age) / 40))))
    }
    return scene
  }

  /// A stress scene of `count` sprites spread over the frame (the render benchmark): every
  /// `rockEvery`-th a small rock (turned when `turnRocks`), the rest bullets.
  public static func crowded(_ count: Int, rockEvery: Int = 4, turnRocks: Bool = true) -> Scene {
    var scene = field(tick: 1, phase: .playing)
    var random = SplitMix64(rawState: 42)
    scene.world.reserveCapacity(count)
    for id in 0..<count {
      let x = 40 + unit(&random) * 1200
      let y = 40 + unit(&random) * 640
      if rockEvery > 0 && id % rockEvery == 0 {
        addRock(
          to: &scene, id: id, size: 2, shape: id & 3, x: x, y: y,
          angle: turnRocks ? Float(id % 64) * 0.1 : 0, radius: 11.5)
      } else {
        addBullet(to: &scene, id: id, saucer: false, x: x, y: y)
      }
    }
    return scene
  }

  /// Uniform in [0, 1) from the top 24 bits of the next draw: cosmetic randomness only.
  static func unit(_ random: inout SplitMix64) -> Float {
    Float(random.next() >> 40) / Float(1 << 24)
  }
}
