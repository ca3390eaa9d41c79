import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct ParticlesTests {
  static let origin = Vector(100, 200)

  /// A state holding `items` and a cosmetic stream from seed 1.
  static func state(_ items: [Particles.Particle] = []) -> Particles.State {
    var state = Particles.State(seed: 1)
    state.items = items
    return state
  }

  static func particle(
    at position: Vector, velocity: Vector, ticksLeft: Int16, kind: Particles.Kind = .dust
  ) -> Particles.Particle {
    Particles.Particle(position: position, velocity: velocity, ticksLeft: ticksLeft, kind: kind)
  }

  /// The squared speed in raw 16.16 units, exact (``Vector/lengthSquared`` keeps whole units).
  static func rawSpeedSquared(_ velocity: Vector) -> Int64 {
    Int64(velocity.x.raw) * Int64(velocity.x.raw) + Int64(velocity.y.raw) * Int64(velocity.y.raw)
  }

  /// A burst is drawn from the cosmetic stream alone: the same stream gives the same burst,
  /// another stream another one, the stream moves on, and each particle draws its own motion
  /// and lifetime.
  @Test func aBurstDrawsHeadingSpeedAndLifetimeFromTheCosmeticStreamForEachParticle() {
    func burst(_ state: Particles.State) -> Particles.State {
      var state = state
      _ = Particles().reduce(
        into: &state, action: .burst(at: Self.origin, count: 8, kind: .spark), environment: ())
      return state
    }
    let first = burst(Self.state())
    #expect(burst(Self.state()) == first)
    #expect(first.rng != Self.state().rng)
    #expect(burst(first).items.suffix(8).map(\.velocity) != first.items.map(\.velocity))
    var otherStream = Self.state()
    otherStream.rng = SplitMix64(seed: 2)
    #expect(burst(otherStream).items.map(\.velocity) != first.items.map(\.velocity))
    #expect(Set(first.items.map(\.velocity.angle.raw)).count == 8)
    #expect(Set(first.items.map { Self.rawSpeedSquared($0.velocity) }).count == 8)
    #expect(Set(first.items.map(\.ticksLeft)).count > 1)
    #expect(first.items.allSatisfy { (20...50).contains($0.ticksLeft) && $0.kind == .spark })
  }

  @Test(arguments: [Particles.Kind.dust, .debris, .spark])
  func aBurstAddsExactlyCountParticlesOfItsKindAtItsPosition(kind: Particles.Kind) {
    var state = Self.state([Self.particle(at: .zero, velocity: .zero, ticksLeft: 5, kind: .dust)])
    _ = Particles().reduce(
      into: &state, action: .burst(at: Self.origin, count: 24, kind: kind), environment: ())
    #expect(state.items.count == 25)
    // The burst appends: the older particle stays first.
    #expect(state.items[0] == Self.particle(at: .zero, velocity: .zero, ticksLeft: 5))
    let burst = state.items.dropFirst()
    #expect(burst.allSatisfy { $0.kind == kind && $0.position == Self.origin })
  }

  @Test func burstParticlesLiveTwentyToFiftyTicksAndFlyAQuarterToTwoAndAHalfUnitsATick() {
    var state = Self.state()
    _ = Particles().reduce(
      into: &state, action: .burst(at: Self.origin, count: Particles.cap, kind: .dust),
      environment: ())
    let lives = state.items.map(\.ticksLeft)
    #expect(lives.min() == 20)
    #expect(lives.max() == 50)
    // The table trigonometry is exact to 2/65536 per unit of length: 1% slack covers it.
    let slowest = Int64(16_384) * 99 / 100
    let fastest = Int64(163_840) * 101 / 100
    let speeds = state.items.map { Self.rawSpeedSquared($0.velocity) }
    #expect(speeds.allSatisfy { (slowest * slowest...fastest * fastest).contains($0) })
    #expect(speeds.contains { $0 < 32_768 * 32_768 })
    #expect(speeds.contains { $0 > 147_456 * 147_456 })
    // Headings cover the whole circle: every quadrant gets particles.
    let quadrants = Set(state.items.map { $0.velocity.angle.raw >> 14 })
    #expect(quadrants == [0, 1, 2, 3])
  }

  @Test(arguments: [0, -1, -500])
  func anEmptyOrNegativeBurstChangesNothingAndDrawsNothing(count: Int) {
    let store = TestStore(
      initialState: Self.state([Self.particle(at: .zero, velocity: Vector(1, 1), ticksLeft: 3)]),
      reducer: Particles(), environment: ())
    store.send(.burst(at: Self.origin, count: count, kind: .debris))
  }

  @Test func aParticleMovesEachTickAndDisappearsWhenItsLifetimeRunsOut() {
    let store = TestStore(
      initialState: Self.state([
        Self.particle(at: Self.origin, velocity: Vector(3, -2), ticksLeft: 3)
      ]),
      reducer: Particles(), environment: ())
    store.step(.faded) {
      $0.items[0].ticksLeft = 2
      $0.items[0].position = Vector(103, 198)
    }
    store.step(.faded) {
      $0.items[0].ticksLeft = 1
      $0.items[0].position = Vector(106, 196)
    }
    store.step(.faded) { $0.items = [] }
    store.step(.faded)
  }

  @Test func fadingRemovesTheExpiredAndKeepsTheRestOldestFirst() {
    let store = TestStore(
      initialState: Self.state([
        Self.particle(at: Vector(10, 10), velocity: Vector(1, 0), ticksLeft: 3, kind: .dust),
        Self.particle(at: Vector(20, 20), velocity: Vector(0, 1), ticksLeft: 1, kind: .debris),
        Self.particle(at: Vector(30, 30), velocity: Vector(-1, 0), ticksLeft: 2, kind: .spark),
        Self.particle(at: Vector(40, 40), velocity: Vector(0, -1), ticksLeft: 1, kind: .dust),
      ]), reducer: Particles(), environment: ())
    store.step(.faded) {
      $0.items = [
        Self.particle(at: Vector(11, 10), velocity: Vector(1, 0), ticksLeft: 2, kind: .dust),
        Self.particle(at: Vector(29, 30), velocity: Vector(-1, 0), ticksLeft: 1, kind: .spark),
      ]
    }
    store.step(.faded) {
      $0.items = [
        Self.particle(at: Vector(12, 10), velocity: Vector(1, 0), ticksLeft: 1, kind: .dust)
      ]
    }
  }

  @Test func everyParticleOfABurstIsGoneAfterFiftyTicksAndNoneBeforeTwenty() {
    var state = Self.state()
    _ = Particles().reduce(
      into: &state, action: .burst(at: Self.origin, count: 100, kind: .dust), environment: ())
    for _ in 0..<19 { _ = Particles().reduce(into: &state, action: .faded, environment: ()) }
    #expect(state.items.count == 100)
    for _ in 19..<50 { _ = Particles().reduce(into: &state, action: .faded, environment: ()) }
    #expect(state.items.isEmpty)
  }

  @Test func particlesWrapAroundTheEdgesOfTheWorld() {
    let store = TestStore(
      initialState: Self.state([
        Self.particle(
          at: Vector(x: Fixed(raw: World.widthRaw - 1), y: .zero), velocity: Vector(1, -1),
          ticksLeft: 5)
      ]), reducer: Particles(), environment: ())
    store.step(.faded) {
      $0.items[0].ticksLeft = 4
      $0.items[0].position = Vector(
        x: Fixed(raw: Fixed.one.raw - 1), y: Fixed(raw: World.heightRaw) - .one)
    }
  }

  @Test func aBurstStopsAtTheCapAndABurstAtTheCapDrawsNothing() {
    let nearlyFull = Array(
      repeating: Self.particle(at: .zero, velocity: .zero, ticksLeft: 9), count: Particles.cap - 4)
    var state = Self.state(nearlyFull)
    _ = Particles().reduce(
      into: &state, action: .burst(at: Self.origin, count: 10, kind: .spark), environment: ())
    #expect(state.items.count == Particles.cap)
    #expect(state.items.suffix(4).allSatisfy { $0.kind == .spark })

    let store = TestStore(initialState: state, reducer: Particles(), environment: ())
    store.send(.burst(at: Self.origin, count: 1, kind: .dust))
    store.send(.burst(at: Self.origin, count: Int.max, kind: .dust))
  }

  @Test func oneHugeBurstFillsTheStateOnlyToTheCap() {
    var state = Self.state()
    var rng = state.rng
    _ = Particles().reduce(
      into: &state, action: .burst(at: Self.origin, count: 10_000, kind: .dust), environment: ())
    #expect(state.items.count == Particles.cap)
    // Three draws a particle, and none for the particles the cap refused.
    for _ in 0..<(3 * Particles.cap) { _ = rng.next() }
    #expect(state.rng == rng)
  }

  @Test func theCosmeticStreamIsNotTheGameplayStreamOfTheSameSeed() {
    for seed in [0, 1, 42] as [UInt64] {
      var cosmetic = Particles.State(seed: seed).rng
      var gameplay = Asteroids.State(seed: seed).rng
      #expect(cosmetic != gameplay)
      #expect(cosmetic.next() != gameplay.next())
    }
  }

  @Test func aBurstInTheGameChangesOnlyTheParticlesNeverTheGameplayStream() {
    let initial = Asteroids.State(seed: 5, settings: AsteroidsSettings(startsAtTitle: false))
    var particles = initial.particles
    _ = Particles().reduce(
      into: &particles, action: .burst(at: Self.origin, count: 14, kind: .spark), environment: ())
    #expect(particles.items.count == 14)
    let store = TestStore(initialState: initial, reducer: Asteroids(), environment: ())
    store.send(.particles(.burst(at: Self.origin, count: 14, kind: .spark))) {
      $0.particles = particles
    }
    store.send(.particles(.faded)) {
      _ = Particles().reduce(into: &$0.particles, action: .faded, environment: ())
    }
    #expect(store.state.rng == initial.rng)
  }

  @Test func theStateHashCoversEachParticlesKindLifetimeAndMotionAndTheStream() {
    let base = Self.state([Self.particle(at: Self.origin, velocity: Vector(1, 2), ticksLeft: 7)])
    var variants: [Particles.State] = [base]
    var kind = base
    kind.items[0].kind = .spark
    var life = base
    life.items[0].ticksLeft = 8
    var position = base
    position.items[0].position.x += Fixed(raw: 1)
    var velocity = base
    velocity.items[0].velocity.y += Fixed(raw: 1)
    var stream = base
    _ = stream.rng.next()
    var extra = base
    extra.items.append(base.items[0])
    variants += [kind, life, position, velocity, stream, extra]
    #expect(Set(variants.map(\.stableHash)).count == variants.count)
  }
}
