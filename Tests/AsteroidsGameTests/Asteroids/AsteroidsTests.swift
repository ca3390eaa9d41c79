import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct AsteroidsTests {
  static let playing = AsteroidsSettings(startsAtTitle: false)

  static func tick(_ state: inout Asteroids.State, _ input: TickInput = []) {
    _ = Asteroids().reduce(into: &state, action: .tick(input), environment: ())
  }

  @Test func aGameStartsOnTheTitleScreenOverADriftingField() {
    var state = Asteroids.State(seed: 1)
    #expect(state.session.phase == .title)
    #expect(state.rocks.items.count == Tuning.waveStartRocks)
    let before = state.rocks.items[0].position
    Self.tick(&state)
    #expect(state.rocks.items[0].position != before)
    Self.tick(&state, .fire)
    #expect(state.session.phase == .playing)
    #expect(state.score.wave == 1 && state.score.lives == Tuning.startingLives)
    #expect(state.cues == [.gameStarted])
  }

  @Test func losingTheLastShipEndsTheGameAndFireRestartsIt() {
    var state = Asteroids.State(seed: 2, settings: Self.playing)
    state.score.lives = 1
    state.rocks.items[0].position = state.ship.position
    state.rocks.items[0].velocity = .zero
    Self.tick(&state)
    #expect(!state.ship.isAlive)
    #expect(state.session.phase == .gameOver)
    #expect(state.cues.contains(.shipExploded) && state.cues.contains(.gameOver))
    #expect(state.score.score == RockSize.large.points)
    for _ in 0...Tuning.restartDelay { Self.tick(&state) }
    Self.tick(&state, .fire)
    #expect(state.session.phase == .playing)
    #expect(state.score.score == 0 && state.score.lives == Tuning.startingLives)
    #expect(state.score.highScore == RockSize.large.points)
    #expect(state.ship.isAlive)
  }

  /// One step of the game-over screen: the field drifts, debris fades, nothing else moves.
  static func attractTick(_ state: inout Asteroids.State, held: TickInput) {
    state.tick += 1
    state.session.held = held
    state.session.phaseTicks += 1
    if !state.particles.items.isEmpty {
      _ = Particles().reduce(into: &state.particles, action: .faded, environment: ())
    }
    state.cues = []
  }

  @Test func aSaucerShotThatTakesTheLastShipEndsTheGameAndFireRestartsIt() {
    var initial = Asteroids.State(seed: 12, settings: Self.playing)
    initial.score.lives = 1
    // One still rock far from the ship, and a saucer bullet sitting on the ship.
    initial.rocks.items = [Rock(position: Vector(100, 100), velocity: .zero, size: .large)]
    initial.bullets.items = [
      Bullets.Bullet(
        position: initial.ship.position, velocity: .zero, ticksLeft: 10, owner: .saucer)
    ]
    let store = TestStore(initialState: initial, reducer: Asteroids(), environment: ())
    store.step(.tick([])) {
      $0.tick = 1
      // phaseTicks counted this tick's input, then restarted with the new phase.
      $0.session.phase = .gameOver
      $0.ship.isAlive = false
      $0.ship.respawnTicks = Tuning.respawnDelay
      $0.bullets.items = []
      _ = $0.rng.next()  // the saucer's draw
      // The saucer flew a tick, then its schedule restarted: as it was when the wave began.
      _ = Particles().reduce(
        into: &$0.particles, action: .burst(at: World.center, count: 24, kind: .debris),
        environment: ())
      $0.score.lives = 0
      $0.score.beatTicks -= 1
      $0.cues = [.shipExploded, .gameOver]
    }
    // Fire does nothing until the restart delay has passed.
    store.step(.tick(.fire)) { Self.attractTick(&$0, held: .fire) }
    for _ in 1..<Tuning.restartDelay {
      store.step(.tick([])) { Self.attractTick(&$0, held: []) }
    }
    #expect(store.state.session.phase == .gameOver)
    store.step(.tick(.fire)) {
      $0.tick += 1
      $0.session.held = .fire
      $0.session.phase = .playing
      $0.session.phaseTicks = 0
      $0.session.gamesStarted = 2
      $0.ship = Ship.State()
      var score = Score.State()
      score.lives = Tuning.startingLives
      score.wave = 1
      $0.score = score
      let seed = $0.rng.next()
      $0.rocks.items = []
      _ = Rocks().reduce(
        into: &$0.rocks,
        action: .waveSpawned(
          count: Tuning.waveStartRocks, speedBonus: 0, avoiding: World.center, seed: seed),
        environment: ())
      $0.cues = [.gameStarted]
    }
  }

  @Test func aLostShipRespawnsOnlyWhenTheCentreIsClear() {
    var state = Asteroids.State(seed: 3, settings: Self.playing)
    state.rocks.items = [Rock(position: state.ship.position, velocity: .zero, size: .large)]
    Self.tick(&state)
    #expect(!state.ship.isAlive && state.score.lives == Tuning.startingLives - 1)
    // The rock split into two that sit at the centre: no respawn until they leave.
    state.rocks.items = state.rocks.items.map {
      var rock = $0
      rock.velocity = .zero
      return rock
    }
    for _ in 0...Tuning.respawnDelay { Self.tick(&state) }
    #expect(!state.ship.isAlive)
    state.rocks.items = [Rock(position: Vector(10, 10), velocity: .zero, size: .small)]
    Self.tick(&state)
    #expect(state.ship.isAlive && state.ship.invulnerableTicks > 0)
  }

  @Test func pauseFreezesTheWorld() {
    var state = Asteroids.State(seed: 4, settings: Self.playing)
    Self.tick(&state, .pause)
    #expect(state.session.phase == .paused && state.cues == [.paused])
    let frozen = state.rocks
    for _ in 0..<10 { Self.tick(&state) }
    #expect(state.rocks == frozen)
    Self.tick(&state, .pause)
    #expect(state.session.phase == .playing && state.cues.first == .resumed)
    #expect(state.rocks != frozen)
  }

  @Test func shootingARockScoresAndSplitsIt() {
    var state = Asteroids.State(seed: 5, settings: Self.playing)
    let ahead = state.ship.position + Vector(0, -80)
    state.rocks.items = [Rock(position: ahead, velocity: .zero, size: .large)]
    var ticks = 0
    while state.rocks.items.count == 1 && ticks < 30 {
      Self.tick(&state, .fire)
      ticks += 1
    }
    #expect(state.rocks.items.map(\.size) == [.medium, .medium])
    #expect(state.score.score == RockSize.large.points)
    #expect(state.cues.contains(.largeRockExploded))
  }

  @Test func clearingTheFieldStartsABiggerWave() {
    var state = Asteroids.State(seed: 6, settings: Self.playing)
    state.rocks.items = []
    for _ in 0..<Tuning.waveDelay { Self.tick(&state) }
    #expect(state.score.wave == 2)
    #expect(state.rocks.items.count == Tuning.waveStartRocks + 2)
    #expect(state.cues.contains(.waveStarted))
  }

  @Test func theStressSettingFillsTheField() {
    let state = Asteroids.State(seed: 7, settings: AsteroidsSettings(rocks: 2_000, startsAtTitle: false))
    #expect(state.rocks.items.count == 2_000)
  }

  @Test func hashSectionsNameEveryStoredPropertyInOrder() {
    let state = Asteroids.State(seed: 8)
    #expect(
      state.hashSections.map(\.name) == [
        "tick", "settings", "session", "ship", "rocks", "bullets", "saucer", "score", "particles",
        "rng",
      ])
    // Every stored property but the sound cues, which are only heard (`@Drawn`).
    let labels = Mirror(reflecting: state).children.compactMap(\.label)
    #expect(labels == state.hashSections.map(\.name) + ["_cues"])
    var other = state
    other.ship.angle = other.ship.angle.turned(by: 1)
    #expect(other.stableHash != state.stableHash)
    #expect(Asteroids.State(seed: 8).stableHash == state.stableHash)
  }

  @Test func pausingIsOneExactStepAndChildActionsReachTheirChild() {
    let store = TestStore(
      initialState: Asteroids.State(seed: 9, settings: Self.playing), reducer: Asteroids(), environment: ())
    store.step(.tick(.pause)) {
      $0.tick = 1
      $0.session.held = .pause
      $0.session.phase = .paused
      $0.cues = [.paused]
    }
    store.step(.tick([])) {
      $0.tick = 2
      $0.session.held = []
      $0.session.phaseTicks = 1
      $0.cues = []
    }
    store.send(.score(.pointsScored(10_000))) {
      $0.score.score = 10_000
      $0.score.highScore = 10_000
      $0.score.lives = Tuning.startingLives + 1
      $0.score.nextExtraLife = 20_000
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aButtonMasherNeverBreaksTheInvariants(seed: UInt64) {
    var rng = SplitMix64(seed: seed, stream: 99)
    let settings = AsteroidsSettings(rocks: seed == 3 ? 300 : nil, lives: 2, startsAtTitle: true)
    var state = Asteroids.State(seed: seed, settings: settings)
    var input = TickInput()
    for tick in 0..<1_500 {
      if tick % 7 == 0 { input = TickInput(rawValue: UInt32(rng.next(below: 64))) }
      Self.tick(&state, input)
      #expect(state.bullets.count(of: .ship) <= Tuning.shipBulletCap)
      #expect(state.bullets.count(of: .saucer) <= Tuning.saucerBulletCap)
      #expect(state.particles.items.count <= Particles.cap)
      #expect((0...Tuning.maxLives).contains(state.score.lives))
      #expect(
        state.score.lives > 0 || state.session.phase == .gameOver || state.session.phase == .paused)
      if state.ship.isActive {
        #expect(World.wrap(state.ship.position) == state.ship.position)
      }
    }
  }
}
