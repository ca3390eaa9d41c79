import GameCore

/// How the ace decides: danger first, then the best shot.
extension Bot {
  /// Buttons to hold and for how many ticks.
  struct Plan {
    var input: TickInput
    var ticks: Int
  }

  /// Something on a collision course: when it arrives and where it is now.
  struct Threat {
    var ticks: Int64
    var offset: Vector
  }

  /// A shot worth taking: the direction to fire in and how precisely.
  struct Aim {
    var angle: Angle
    var tolerance: Int32
    var cost: Int64
  }

  /// Ticks ahead the ace looks for collisions: about what a human sees coming.
  static let lookahead: Int64 = 40
  /// The ace leaves the ship alone above this speed (units/tick): dodging faster is worse.
  static let cruiseLimit: Int64 = 4

  mutating func decide(_ state: Asteroids.State) -> Plan {
    let ship = state.ship
    if let threat = nearestThreat(state) {
      if threat.ticks <= 4 && rng.chance(1, in: 5) { return Plan(input: [.hyperspace], ticks: 1) }
      let behind = abs(ship.angle.turn(to: threat.offset.angle)) > 16_384
      if behind && ship.velocity.lengthSquared < Self.cruiseLimit * Self.cruiseLimit {
        return Plan(input: [.thrust], ticks: 10)
      }
    }
    guard let aim = bestAim(state) else { return Plan(input: [], ticks: 16) }
    let turn = ship.angle.turn(to: aim.angle)
    if abs(turn) <= aim.tolerance {
      return Plan(input: [.fire], ticks: 12 + Int(rng.next(below: 8)))
    }
    let ticks = (Int(abs(turn)) + Int(Tuning.shipTurnRate) / 2) / Int(Tuning.shipTurnRate)
    return Plan(input: turn < 0 ? [.rotateLeft] : [.rotateRight], ticks: min(max(ticks, 1), 36))
  }

  /// The object that will come closest to the ship soonest, if any will touch it within
  /// ``lookahead`` ticks.
  func nearestThreat(_ state: Asteroids.State) -> Threat? {
    let ship = state.ship
    var best: Threat?
    func consider(_ position: Vector, _ velocity: Vector, radius: Int32) {
      let offset = World.offset(from: ship.position, to: position)
      // 8 fractional bits: products of world-sized offsets and speeds fit in 64 bits.
      let rx = Int64(offset.x.raw >> 8)
      let ry = Int64(offset.y.raw >> 8)
      let vx = Int64((velocity.x - ship.velocity.x).raw >> 8)
      let vy = Int64((velocity.y - ship.velocity.y).raw >> 8)
      let speed = vx * vx + vy * vy
      let t = speed == 0 ? 0 : min(max(-(rx * vx + ry * vy) / speed, 0), Self.lookahead + 1)
      guard t <= Self.lookahead else { return }
      let cx = rx + vx * t
      let cy = ry + vy * t
      let reach = Int64(radius + Tuning.shipRadius + 12) << 8
      guard cx * cx + cy * cy < reach * reach else { return }
      if best == nil || t < best!.ticks { best = Threat(ticks: t, offset: offset) }
    }
    for rock in state.rocks.items { consider(rock.position, rock.velocity, radius: rock.radius) }
    if state.saucer.isActive {
      consider(state.saucer.position, state.saucer.velocity, radius: state.saucer.radius)
    }
    for bullet in state.bullets.items where bullet.owner == .saucer {
      consider(bullet.position, bullet.velocity, radius: 1)
    }
    return best
  }

  /// The cheapest target to hit (turning time plus flight time), aimed where it will be when
  /// the bullet arrives; the saucer is preferred, being the one that shoots back.
  func bestAim(_ state: Asteroids.State) -> Aim? {
    let ship = state.ship
    let range: Int64 = 480
    var best: Aim?
    func consider(_ position: Vector, _ velocity: Vector, radius: Int32, bonus: Int64) {
      let offset = World.offset(from: ship.position, to: position)
      let squared = offset.lengthSquared
      guard squared < range * range else { return }
      let speed = Int64(Tuning.bulletSpeed.floor)
      if let best {
        // Flight time alone bounds the cost from below: a target that far cannot win, so the
        // square root and the arctangent are skipped (what keeps the ace fast in a 10,000-rock
        // field). Exact, so the choice is the same as without the shortcut.
        let reach = speed * (best.cost + bonus)
        if reach >= 0 && squared >= reach * reach { return }
      }
      let distance = Int64(Trig.squareRoot(squared))
      let flight = distance / speed
      let drift = Vector(x: velocity.x - ship.velocity.x, y: velocity.y - ship.velocity.y)
      let lead = offset + drift * Fixed(Int(flight))
      let angle = lead.angle
      let turn = Int64(abs(ship.angle.turn(to: angle))) / Int64(Tuning.shipTurnRate)
      let cost = turn * 2 + flight - bonus
      guard best == nil || cost < best!.cost else { return }
      let spread = Int64(radius) * 10_430 / max(Int64(lead.length), 1)  // atan(r/d) in units
      best = Aim(angle: angle, tolerance: Int32(min(max(spread, 200), 4_000)), cost: cost)
    }
    for rock in state.rocks.items {
      consider(rock.position, rock.velocity, radius: rock.radius, bonus: 0)
    }
    if state.saucer.isActive {
      consider(state.saucer.position, state.saucer.velocity, radius: state.saucer.radius, bonus: 30)
    }
    return best
  }
}
