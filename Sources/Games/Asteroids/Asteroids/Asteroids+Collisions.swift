import GameCore

/// Who hit what this tick, and what each hit leads to.
///
/// Every test is a circle overlap in integers (``World/areWithin(_:_:distance:)``), wrap-aware.
/// Bullets are checked newest first, so removing a spent bullet never shifts one still to be
/// checked.
extension Asteroids {
  func resolveCollisions(_ state: inout State) {
    var index = state.bullets.items.count - 1
    while index >= 0 {
      let bullet = state.bullets.items[index]
      if let rock = firstRock(near: bullet.position, radius: 0, in: state.rocks.items) {
        rockHit(&state, index: rock, scoring: bullet.owner == .ship)
        send(.bullets(.bulletSpent(index: index)), &state)
      } else if bullet.owner == .ship && state.saucer.isActive
        && World.areWithin(bullet.position, state.saucer.position, distance: state.saucer.radius)
      {
        saucerHit(&state, scoring: true)
        send(.bullets(.bulletSpent(index: index)), &state)
      } else if bullet.owner == .saucer && state.ship.isVulnerable
        && World.areWithin(bullet.position, state.ship.position, distance: Tuning.shipRadius)
      {
        send(.ship(.destroyed), &state)
        shipLost(&state)
        send(.bullets(.bulletSpent(index: index)), &state)
      }
      index -= 1
    }

    if state.ship.isVulnerable,
      let rock = firstRock(
        near: state.ship.position, radius: Tuning.shipRadius, in: state.rocks.items)
    {
      // Ramming a rock still breaks it and scores: the classic's consolation prize.
      rockHit(&state, index: rock, scoring: true)
      send(.ship(.destroyed), &state)
      shipLost(&state)
    }
    if state.ship.isVulnerable && state.saucer.isActive
      && World.areWithin(
        state.ship.position, state.saucer.position,
        distance: Tuning.shipRadius + state.saucer.radius)
    {
      saucerHit(&state, scoring: true)
      send(.ship(.destroyed), &state)
      shipLost(&state)
    }
    if state.saucer.isActive,
      let rock = firstRock(
        near: state.saucer.position, radius: state.saucer.radius, in: state.rocks.items)
    {
      rockHit(&state, index: rock, scoring: false)
      saucerHit(&state, scoring: false)
    }
  }

  /// The index of the first rock overlapping a circle at `position`, by a linear scan: with
  /// at most a handful of probes per tick (bullets, ship, saucer), one pass over a compact
  /// array beats building a spatial index, even at 10,000 rocks.
  @inline(__always)
  func firstRock(near position: Vector, radius: Int32, in rocks: [Rock]) -> Int? {
    let px = position.x.raw
    let py = position.y.raw
    let width = World.widthRaw
    let height = World.heightRaw
    return rocks.withUnsafeBufferPointer { rocks -> Int? in
      for index in rocks.indices {
        let limit = (rocks[index].size.radius + radius) << 16
        var dx = rocks[index].position.x.raw &- px
        if dx >= width >> 1 { dx &-= width } else if dx < -(width >> 1) { dx &+= width }
        if dx >= limit || dx <= -limit { continue }
        var dy = rocks[index].position.y.raw &- py
        if dy >= height >> 1 { dy &-= height } else if dy < -(height >> 1) { dy &+= height }
        if dy >= limit || dy <= -limit { continue }
        let x = Int64(dx)
        let y = Int64(dy)
        let r = Int64(limit)
        if x * x + y * y < r * r { return index }
      }
      return nil
    }
  }

  /// A rock was hit: it splits, dust flies, and (for the player's hits) points are scored.
  func rockHit(_ state: inout State, index: Int, scoring: Bool) {
    let rock = state.rocks.items[index]
    let seed = state.rng.next()
    send(
      .rocks(.rockShot(index: index, speedBonus: speedBonus(wave: state.score.wave), seed: seed)),
      &state)
    send(
      .particles(.burst(at: rock.position, count: 12 - 3 * Int(rock.size.rawValue), kind: .dust)),
      &state)
    switch rock.size {
    case .large: state.cues.append(.largeRockExploded)
    case .medium: state.cues.append(.mediumRockExploded)
    case .small: state.cues.append(.smallRockExploded)
    }
    if scoring { score(rock.size.points, &state) }
  }

  /// The saucer was destroyed, by the player (`scoring`) or by a rock.
  func saucerHit(_ state: inout State, scoring: Bool) {
    let saucer = state.saucer
    send(.saucer(.destroyed), &state)
    send(.particles(.burst(at: saucer.position, count: 14, kind: .spark)), &state)
    state.cues.append(.saucerExploded)
    if scoring { score(saucer.points, &state) }
  }

  func score(_ points: Int, _ state: inout State) {
    let lives = state.score.lives
    send(.score(.pointsScored(points)), &state)
    if state.score.lives > lives { state.cues.append(.extraLife) }
  }

  /// The ship was destroyed (it already knows): a life is gone, and maybe the game.
  func shipLost(_ state: inout State) {
    send(.particles(.burst(at: state.ship.position, count: 24, kind: .debris)), &state)
    state.cues.append(.shipExploded)
    send(.score(.shipLost), &state)
    if state.score.lives == 0 {
      // The saucer leaves with the player: game over shows only the drifting field.
      let interval = state.saucer.interval
      send(.saucer(.scheduled(firstIn: Tuning.saucerFirstDelay, interval: interval)), &state)
      send(.session(.lastShipLost), &state)
      state.cues.append(.gameOver)
    }
  }

  /// True when nothing dangerous is near the centre, where the ship respawns.
  func isRespawnSafe(_ state: State) -> Bool {
    let center = World.center
    if firstRock(near: center, radius: Tuning.respawnClearance, in: state.rocks.items) != nil {
      return false
    }
    if state.saucer.isActive
      && World.areWithin(center, state.saucer.position, distance: Tuning.respawnClearance)
    {
      return false
    }
    for bullet in state.bullets.items where bullet.owner == .saucer {
      if World.areWithin(center, bullet.position, distance: Tuning.respawnClearance) {
        return false
      }
    }
    return true
  }
}
