import GameCore

/// The rules of one tick: the order in which features move and what each event leads to.
///
/// Order matters for replays and is fixed: session, ship (with its gun and hyperspace), rocks,
/// bullets, saucer (with its gun), particles, collisions, respawn, waves.
extension Asteroids {
  func runTick(_ state: inout State, input: TickInput) {
    state.cues.removeAll(keepingCapacity: true)
    state.tick &+= 1
    let before = state.session
    send(.session(.inputReceived(input)), &state)
    let pressed = input.subtracting(before.held)
    if state.session.gamesStarted != before.gamesStarted {
      // The start tick only sets up: the press that started the game does not also shoot.
      startGame(&state)
      state.cues.append(.gameStarted)
      return
    } else if state.session.phase != before.phase {
      if state.session.phase == .paused { state.cues.append(.paused) }
      if before.phase == .paused { state.cues.append(.resumed) }
    }
    switch state.session.phase {
    case .paused:
      return
    case .title, .gameOver:
      // Attract mode: the field keeps drifting behind the text.
      send(.rocks(.drifted), &state)
      if !state.bullets.items.isEmpty { send(.bullets(.flew), &state) }
      if !state.particles.items.isEmpty { send(.particles(.faded), &state) }
    case .playing:
      play(&state, input: input, pressed: pressed)
    }
  }

  func play(_ state: inout State, input: TickInput, pressed: TickInput) {
    let wasAlive = state.ship.isAlive
    send(.ship(.controlled(input)), &state)
    if wasAlive && !state.ship.isAlive {
      shipLost(&state)  // hyperspace went wrong
    }
    if state.ship.isActive && pressed.contains(.hyperspace) {
      let destination = Vector(
        x: Fixed(raw: Int32(truncatingIfNeeded: state.rng.next(below: UInt64(World.widthRaw)))),
        y: Fixed(raw: Int32(truncatingIfNeeded: state.rng.next(below: UInt64(World.heightRaw)))))
      let fails = state.rng.next(below: Tuning.hyperspaceFailureOdds) == 0
      send(.ship(.hyperspaceEntered(destination: destination, fails: fails)), &state)
      state.cues.append(.hyperspace)
    }
    if state.ship.isActive && input.contains(.fire) && state.ship.fireCooldown == 0
      && state.bullets.count(of: .ship) < Tuning.shipBulletCap
    {
      let ship = state.ship
      let direction = Vector(angle: ship.angle, length: .one)
      let bullet = Bullets.Bullet(
        position: World.wrap(ship.position + direction * Fixed(Int(Tuning.shipRadius))),
        velocity: ship.velocity + direction * Tuning.bulletSpeed,
        ticksLeft: Tuning.bulletLifetime, owner: .ship)
      send(.bullets(.fired(bullet)), &state)
      send(.ship(.fired), &state)
      state.cues.append(.fire)
    }

    send(.rocks(.drifted), &state)
    // Skipping children with nothing to do saves a dispatch each (a tenth of a typical tick).
    if !state.bullets.items.isEmpty { send(.bullets(.flew), &state) }
    let saucerWasActive = state.saucer.isActive
    send(.saucer(.flew(seed: state.rng.next(), smallPercent: smallSaucerPercent(state))), &state)
    if state.saucer.isActive && !saucerWasActive { state.cues.append(.saucerAppeared) }
    if state.saucer.isActive && state.saucer.fireTicks == 0
      && state.bullets.count(of: .saucer) < Tuning.saucerBulletCap
    {
      saucerFires(&state)
    }
    if !state.particles.items.isEmpty { send(.particles(.faded), &state) }

    resolveCollisions(&state)

    if !state.ship.isAlive && state.ship.respawnTicks == 0 && state.score.lives > 0
      && isRespawnSafe(state)
    {
      send(.ship(.respawned), &state)
    }
    let wave = state.score.wave
    let beats = state.score.beats
    send(.score(.fieldChecked(rocksLeft: state.rocks.items.count)), &state)
    if state.score.beats != beats { state.cues.append(beats % 2 == 0 ? .beatLow : .beatHigh) }
    if state.score.wave != wave {
      spawnField(&state, wave: state.score.wave)
      state.cues.append(.waveStarted)
    }
  }

  /// A fresh game: new ship, empty sky, score reset (the high score kept), wave 1.
  func startGame(_ state: inout State) {
    send(.ship(.reset), &state)
    send(.bullets(.cleared), &state)
    send(.rocks(.cleared), &state)
    send(
      .score(.gameStarted(lives: min(max(state.settings.lives, 1), AsteroidsSettings.maxLives))),
      &state)
    spawnField(&state, wave: 1)
  }

  /// The rocks of `wave` (or the stress field), and the wave's saucer schedule.
  func spawnField(_ state: inout State, wave: Int) {
    let seed = state.rng.next()
    let avoiding = state.ship.position
    if let count = state.settings.rocks {
      send(
        .rocks(
          .fieldFilled(
            count: min(max(count, 0), AsteroidsSettings.maxRocks), avoiding: avoiding, seed: seed)),
        &state)
    } else {
      let count = min(Tuning.waveStartRocks + 2 * (wave - 1), Tuning.waveMaxRocks)
      send(
        .rocks(
          .waveSpawned(
            count: count, speedBonus: speedBonus(wave: wave), avoiding: avoiding, seed: seed)),
        &state)
    }
    let interval = max(
      Tuning.saucerMinInterval,
      Tuning.saucerInterval - Tuning.saucerDelayPerWave * Int32(min(wave, 64) - 1))
    send(.saucer(.scheduled(firstIn: Tuning.saucerFirstDelay, interval: interval)), &state)
  }

  /// Extra rock speed in wave `wave`, in 1/64 units per tick; grows until wave 8.
  func speedBonus(wave: Int) -> Int32 {
    Tuning.waveSpeedBonus * Int32(min(max(wave - 1, 0), 7))
  }

  /// The chance that a saucer appearing now is small: rises with the score, certain past
  /// ``Tuning/smallSaucerScore``.
  func smallSaucerPercent(_ state: State) -> UInt64 {
    let score = state.score.score
    if score >= Tuning.smallSaucerScore { return 100 }
    return UInt64(10 + score * 50 / Tuning.smallSaucerScore)
  }

  /// The saucer shoots at the ship with an aim error from the gameplay RNG (small saucers
  /// aim better), or anywhere when there is no ship to aim at.
  func saucerFires(_ state: inout State) {
    let saucer = state.saucer
    var angle = Angle(raw: UInt16(truncatingIfNeeded: state.rng.next()))
    if state.ship.isActive {
      let error = Tuning.saucerAimError[saucer.isSmall ? 1 : 0]
      angle = World.offset(from: saucer.position, to: state.ship.position).angle
        .turned(by: state.rng.next(in: -error...error))
    }
    let bullet = Bullets.Bullet(
      position: saucer.position, velocity: Vector(angle: angle, length: Tuning.saucerBulletSpeed),
      ticksLeft: Tuning.bulletLifetime, owner: .saucer)
    send(.bullets(.fired(bullet)), &state)
    send(.saucer(.fired), &state)
    state.cues.append(.saucerFire)
  }
}
