import Foundation
import GameCore

/// Hand-built scenes, one per screen: the golden images, the benchmark and the screenshot
/// command draw these, so they do not change when the game's rules do.
extension Scene {
  /// A scene of `phase` with a ship, rocks of every size and shape, bullets and a saucer.
  package static func sample(_ phase: Phase, tick: Int = 0) -> Scene {
    var scene = Scene(phase: phase, worldWidth: 1280, worldHeight: 720, tick: tick)
    scene.score = phase == .title ? 0 : 12_340
    scene.highScore = 25_480
    scene.lives = phase == .gameOver ? 0 : 3
    scene.wave = 4
    var id = 0
    func add(_ kind: Kind, _ x: Float, _ y: Float, _ angle: Float, _ radius: Float) {
      scene.sprites.append(Sprite(id: id, kind: kind, x: x, y: y, angle: angle, radius: radius))
      id += 1
    }
    let rocks: [(Int, Float, Float)] = [
      (0, 180, 200), (0, 1050, 520), (0, 820, 160), (1, 400, 560), (1, 640, 130),
      (1, 1120, 240), (2, 300, 380), (2, 960, 380), (2, 560, 640), (2, 1200, 660),
    ]
    for (n, rock) in rocks.enumerated() {
      add(.rock(size: rock.0, shape: n & 3), rock.1, rock.2, Float(n) * 0.7, [44, 23, 11.5][rock.0])
    }
    if phase != .title && phase != .gameOver {
      scene.sprites.append(
        Sprite(id: shipID, kind: .ship(thrusting: true), x: 640, y: 380, angle: 0.6, radius: 16))
      add(.bullet, 700, 335, 0, 2)
      add(.bullet, 760, 292, 0, 2)
      add(.saucer(small: false), 240, 620, 0, 27)
      add(.saucerBullet, 300, 590, 0, 2)
    }
    return scene
  }

  /// The playing sample `tick` ticks after a rock blew up beside the thrusting ship: warm
  /// debris and cool dust flying out of the blast (the game's particles, fading as they go).
  ///
  /// The exhaust flame is the renderer's own and grows tick by tick: let the renderer observe
  /// `explosion(tick: 0)` through `explosion(tick: n)` in order, then draw the last.
  package static func explosion(tick: Int) -> Scene {
    var scene = sample(.playing, tick: tick)
    let age = Float(tick)
    var random = SplitMix64(rawState: 0xB1A57)
    for n in 0..<72 {
      let angle = (Float(n) + random.unit()) * 2 * .pi / 72
      let speed = 0.8 + random.unit() * 3.2
      let lifetime = 24 + random.unit() * 40
      let vx = cos(angle) * speed
      let vy = sin(angle) * speed
      scene.particles.append(
        Particle(
          x: 880 + vx * age, y: 300 + vy * age, vx: vx, vy: vy,
          life: max(0, min(1, (lifetime - age) / 40)), ember: n % 3 == 0))
    }
    return scene
  }

  /// A stress scene of `count` sprites spread over the frame (the render benchmark): every
  /// `rockEvery`-th a small rock (turned when `turnRocks`), the rest bullets.
  package static func crowded(_ count: Int, rockEvery: Int = 4, turnRocks: Bool = true) -> Scene {
    var scene = Scene(phase: .playing, worldWidth: 1280, worldHeight: 720, tick: 1)
    var random = SplitMix64(rawState: 42)
    scene.sprites.reserveCapacity(count)
    for id in 0..<count {
      let x = 40 + random.unit() * 1200
      let y = 40 + random.unit() * 640
      let rock = rockEvery > 0 && id % rockEvery == 0
      let kind: Kind = rock ? .rock(size: 2, shape: id & 3) : .bullet
      scene.sprites.append(
        Sprite(
          id: id, kind: kind, x: x, y: y, angle: rock && turnRocks ? Float(id % 64) * 0.1 : 0,
          radius: rock ? 11.5 : 2))
    }
    return scene
  }
}
