import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

/// The rules of `Asteroids+Tick.swift` that draw from the gameplay stream: where hyperspace lands
/// and whether it fails, and where the saucer shoots.
@Suite struct GameTickTests {
  /// A game in play with an empty sky, so nothing but the rule under test happens.
  static func quietGame(seed: UInt64) -> Asteroids.State {
    var state = Asteroids.State(seed: seed, settings: AsteroidsSettings(startsAtTitle: false))
    state.rocks.items = []
    return state
  }

  static func tick(_ state: inout Asteroids.State, _ input: TickInput = []) {
    _ = Asteroids().reduce(into: &state, action: .tick(input), environment: ())
  }

  /// Where a jump drawn from `rng` lands and whether it fails: the two coordinates and the
  /// failure roll are the gameplay stream's next three draws.
  static func jump(after rng: inout SplitMix64) -> (destination: Vector, fails: Bool) {
    let x = Fixed(raw: Int32(truncatingIfNeeded: rng.next(below: UInt64(World.widthRaw))))
    let y = Fixed(raw: Int32(truncatingIfNeeded: rng.next(below: UInt64(World.heightRaw))))
    return (Vector(x: x, y: y), rng.next(below: Tuning.hyperspaceFailureOdds) == 0)
  }

  @Test func hyperspaceLandsWhereTheGameplayStreamSaysAndReappearsThere() throws {
    // A seed whose jump succeeds, so the ship comes back.
    let seed = try #require(
      (1...64 as ClosedRange<UInt64>).first { seed in
        var rng = Self.quietGame(seed: seed).rng
        return !Self.jump(after: &rng).fails
      })
    let initial = Self.quietGame(seed: seed)
    var rng = initial.rng
    let (destination, _) = Self.jump(after: &rng)
    let store = TestStore(initialState: initial, reducer: Asteroids(), environment: ())
    store.step(.tick(.hyperspace)) {
      $0.tick = 1
      $0.session.held = .hyperspace
      $0.session.phaseTicks = 1
      $0.ship.hyperspaceTicks = Tuning.hyperspaceTicks
      $0.ship.hyperspaceFails = false
      $0.ship.position = destination
      $0.rng = rng
      _ = $0.rng.next()  // the saucer's draw, after the jump's
      $0.saucer.spawnTicks -= 1
      $0.score.clearedTicks = 1
      $0.cues = [.hyperspace]
    }
    #expect(!store.state.ship.isActive)
    for _ in 0..<Tuning.hyperspaceTicks {
      store.step(.tick([])) {
        $0.tick += 1
        $0.session.held = []
        $0.session.phaseTicks += 1
        $0.ship.hyperspaceTicks -= 1
        _ = $0.rng.next()
        $0.saucer.spawnTicks -= 1
        $0.score.clearedTicks += 1
        $0.cues = []
      }
    }
    #expect(store.state.ship.isActive)
    #expect(store.state.ship.position == destination)
  }

  @Test func hyperspaceLandsAnywhereInTheWorldAndFailsAboutOneJumpInEight() {
    let seeds: ClosedRange<UInt64> = 1...400
    var failures = 0
    var destinations: Set<Vector> = []
    var leftHalf = 0
    var topHalf = 0
    for seed in seeds {
      var state = Self.quietGame(seed: seed)
      Self.tick(&state, .hyperspace)
      let landing = state.ship.position
      #expect((0..<World.widthRaw).contains(landing.x.raw))
      #expect((0..<World.heightRaw).contains(landing.y.raw))
      destinations.insert(landing)
      if landing.x.raw < World.widthRaw / 2 { leftHalf += 1 }
      if landing.y.raw < World.heightRaw / 2 { topHalf += 1 }
      for _ in 0..<Tuning.hyperspaceTicks { Self.tick(&state) }
      if state.ship.isAlive {
        #expect(state.ship.isActive && state.ship.position == landing)
      } else {
        failures += 1
        #expect(state.score.lives == Tuning.startingLives - 1)
        #expect(state.cues.contains(.shipExploded))
      }
    }
    #expect(destinations.count == seeds.count)
    // 400 jumps: 50 failures expected, standard deviation 6.6; uniform halves, 200 ± 10.
    #expect((30...70).contains(failures), "\(failures) of \(seeds.count) jumps failed")
    #expect((160...240).contains(leftHalf) && (160...240).contains(topHalf))
  }

  /// A quiet game with a saucer of the size given, about to shoot from the top left.
  static func saucerAboutToFire(seed: UInt64, small: Bool) -> Asteroids.State {
    var state = quietGame(seed: seed)
    state.saucer.isActive = true
    state.saucer.isSmall = small
    state.saucer.position = Vector(100, 100)
    state.saucer.velocity = Vector(x: Tuning.saucerSpeed[small ? 1 : 0], y: .zero)
    state.saucer.fireTicks = 1
    state.saucer.turnTicks = Tuning.saucerTurnInterval
    return state
  }

  @Test func theSaucerAimsAtTheShipWithAnErrorFromTheGameplayStream() {
    let initial = Self.saucerAboutToFire(seed: 23, small: false)
    var rng = initial.rng
    _ = rng.next()  // the saucer's flight draw
    _ = rng.next()  // a direction for when there is no ship to aim at
    let error = Tuning.saucerAimError[0]
    let miss = rng.next(in: -error...error)
    let store = TestStore(initialState: initial, reducer: Asteroids(), environment: ())
    store.step(.tick([])) {
      $0.tick = 1
      $0.session.phaseTicks = 1
      $0.saucer.position.x = Fixed(100) + Tuning.saucerSpeed[0]
      $0.saucer.turnTicks -= 1
      $0.saucer.fireTicks = Tuning.saucerFireInterval[0]
      let aim = World.offset(from: $0.saucer.position, to: $0.ship.position).angle
      $0.bullets.items = [
        Bullets.Bullet(
          position: $0.saucer.position,
          velocity: Vector(angle: aim.turned(by: miss), length: Tuning.saucerBulletSpeed),
          ticksLeft: Tuning.bulletLifetime, owner: .saucer)
      ]
      $0.rng = rng
      $0.score.clearedTicks = 1
      $0.cues = [.saucerFire]
    }
    // The cosmetic stream plays no part in it.
    var cosmetic = initial
    cosmetic.particles.rng = SplitMix64(seed: 999)
    Self.tick(&cosmetic)
    #expect(cosmetic.bullets == store.state.bullets)
  }

  @Test(arguments: [false, true])
  func saucerShotsStayWithinTheAimErrorAndSpreadAcrossIt(small: Bool) {
    let error = Tuning.saucerAimError[small ? 1 : 0]
    // The table trigonometry of a direction and back is exact to a few binary angle units.
    let slack: Int32 = 40
    var misses: [Int32] = []
    for seed in 1...300 as ClosedRange<UInt64> {
      var state = Self.saucerAboutToFire(seed: seed, small: small)
      Self.tick(&state)
      guard let shot = state.bullets.items.last, shot.owner == .saucer else {
        Issue.record("seed \(seed): the saucer did not fire")
        continue
      }
      let toShip = World.offset(from: shot.position, to: state.ship.position).angle
      misses.append(toShip.turn(to: shot.velocity.angle))
    }
    #expect(misses.allSatisfy { abs($0) <= error + slack })
    // Uniform over ±error: both sides used, to near the edge, and a mean miss near error/2.
    #expect((misses.min() ?? 0) < -error * 8 / 10)
    #expect((misses.max() ?? 0) > error * 8 / 10)
    let meanMiss = misses.map { Int(abs($0)) }.reduce(0, +) / max(misses.count, 1)
    #expect((Int(error) * 4 / 10...Int(error) * 6 / 10).contains(meanMiss))
  }
}
