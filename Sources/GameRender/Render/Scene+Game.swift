import GameCore

extension Scene {
  /// What `state` shows: copies positions out of fixed point into `Float` world units.
  ///
  /// The game's angles are binary (0 = +x, clockwise, 49,152 = up); the sheet's sprites face
  /// up, so the drawn angle is the game's turned a quarter back.
  init(state: Game.State) {
    self.init()
    worldWidth = Float(Tuning.worldWidth)
    worldHeight = Float(Tuning.worldHeight)
    phase = Self.phase(state.session.phase)
    score = state.score.score
    highScore = state.score.highScore
    lives = state.score.lives
    wave = state.score.wave
    updateWorld(state.entities)
  }

  static func phase(_ phase: Session.Phase) -> Phase {
    switch phase {
    case .title: .title
    case .playing: .playing
    case .paused: .paused
    case .gameOver: .gameOver
    }
  }

  /// Every entity: what the world subscription rebuilds after each tick.
  mutating func updateWorld(_ state: WorldEntities) {
    tick = state.tick
    sprites.removeAll(keepingCapacity: true)
    if let ship = state.ship, ship.isVisible {
      sprites.append(
        Sprite(
          id: Scene.shipID, kind: .ship(thrusting: ship.isThrusting), x: Self.units(ship.position.x),
          y: Self.units(ship.position.y), angle: Self.radians(ship.angle), radius: 16,
          vx: Self.units(ship.velocity.x), vy: Self.units(ship.velocity.y)))
    }
    for (index, rock) in state.rocks.enumerated() {
      sprites.append(
        Sprite(
          id: index, kind: .rock(size: Int(rock.size.rawValue), shape: Int(rock.shape)),
          x: Self.units(rock.position.x), y: Self.units(rock.position.y),
          angle: Self.radians(rock.angle), radius: Float(rock.radius) * 1.15,
          vx: Self.units(rock.velocity.x), vy: Self.units(rock.velocity.y),
          spin: Float(rock.spin) * 2 * .pi / 65_536))
    }
    let saucer = state.saucer
    if saucer.isActive {
      sprites.append(
        Sprite(
          id: -2, kind: .saucer(small: saucer.isSmall), x: Self.units(saucer.position.x),
          y: Self.units(saucer.position.y), angle: 0, radius: Float(saucer.radius) * 1.5,
          vx: Self.units(saucer.velocity.x), vy: Self.units(saucer.velocity.y)))
    }
    for (index, bullet) in state.bullets.enumerated() {
      sprites.append(
        Sprite(
          id: 100_000 + index, kind: bullet.owner == .ship ? .bullet : .saucerBullet,
          x: Self.units(bullet.position.x), y: Self.units(bullet.position.y), angle: 0, radius: 2,
          vx: Self.units(bullet.velocity.x), vy: Self.units(bullet.velocity.y)))
    }
    particles.removeAll(keepingCapacity: true)
    for particle in state.particles {
      particles.append(
        Particle(
          x: Self.units(particle.position.x), y: Self.units(particle.position.y),
          vx: Self.units(particle.velocity.x), vy: Self.units(particle.velocity.y),
          life: min(1, Float(particle.ticksLeft) / 40), ember: particle.kind != .dust))
    }
  }

  static func units(_ value: Fixed) -> Float { Float(value.raw) / 65_536 }

  static func radians(_ angle: Angle) -> Float {
    Float(angle.raw &+ 16_384) * 2 * .pi / 65_536
  }
}
