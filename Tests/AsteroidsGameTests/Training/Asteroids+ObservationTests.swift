import GameCore
import GameTraining
import Testing

@testable import AsteroidsGame

/// The observation, written the fast way (the nearest rocks chosen by packed keys and a
/// sorting network), against the feature table written the plain way from the public state,
/// feature by feature, bit for bit, on played games.
@Suite struct AsteroidsObservationTests {
  /// The features as the table in `observationFeatures` describes them, one at a time: every
  /// rock's distance, the rocks sorted by distance then by their place in the field, the first
  /// eight written.
  static func plainFeatures(_ state: Asteroids.State) -> [Float] {
    var features: [Float] = []
    func ratio(_ numerator: Int, _ denominator: Int) {
      features.append(max(-1, min(1, Float(numerator) / Float(denominator))))
    }
    func flag(_ value: Bool) { features.append(value ? 1 : 0) }
    func distance(_ offset: Vector) -> Int64 {
      Int64(offset.x.raw) * Int64(offset.x.raw) + Int64(offset.y.raw) * Int64(offset.y.raw)
    }
    let ship = state.ship
    let halfWidth = Int(World.widthRaw / 2)
    let halfHeight = Int(World.heightRaw / 2)
    ratio(Int(ship.position.x.raw), Int(World.widthRaw))
    ratio(Int(ship.position.y.raw), Int(World.heightRaw))
    ratio(Int(ship.velocity.x.raw), Int(Tuning.shipMaxSpeed.raw))
    ratio(Int(ship.velocity.y.raw), Int(Tuning.shipMaxSpeed.raw))
    ratio(Int(Trig.cos(ship.angle).raw), 1 << 16)
    ratio(Int(Trig.sin(ship.angle).raw), 1 << 16)
    flag(ship.isActive)
    flag(ship.isActive && !ship.isVulnerable)
    flag(ship.fireCooldown == 0)
    ratio(max(0, state.score.lives), 10)
    let nearest = state.rocks.items.indices.sorted { a, b in
      let da = distance(World.offset(from: ship.position, to: state.rocks.items[a].position))
      let db = distance(World.offset(from: ship.position, to: state.rocks.items[b].position))
      return da != db ? da < db : a < b
    }
    for slot in 0..<Asteroids.observedRocks {
      guard slot < nearest.count else {
        features += [0, 0, 0, 0, 0, 0]
        continue
      }
      let rock = state.rocks.items[nearest[slot]]
      let offset = World.offset(from: ship.position, to: rock.position)
      flag(true)
      ratio(Int(offset.x.raw), halfWidth)
      ratio(Int(offset.y.raw), halfHeight)
      ratio(Int(rock.velocity.x.raw), 4 << 16)
      ratio(Int(rock.velocity.y.raw), 4 << 16)
      ratio(Int(rock.size.rawValue), 2)
    }
    let saucer = state.saucer
    let saucerOffset = World.offset(from: ship.position, to: saucer.position)
    flag(saucer.isActive)
    ratio(saucer.isActive ? Int(saucerOffset.x.raw) : 0, halfWidth)
    ratio(saucer.isActive ? Int(saucerOffset.y.raw) : 0, halfHeight)
    flag(saucer.isActive && saucer.isSmall)
    let shots = state.bullets.items.filter { $0.owner != .ship }
      .map { World.offset(from: ship.position, to: $0.position) }
    // The first of the nearest, in firing order.
    let shot = shots.indices.min { distance(shots[$0]) < distance(shots[$1]) }.map { shots[$0] }
    flag(shot != nil)
    ratio(Int(shot?.x.raw ?? 0), halfWidth)
    ratio(Int(shot?.y.raw ?? 0), halfHeight)
    return features
  }

  static func observed(_ state: Asteroids.State) -> [Float] {
    var buffer = [Float](repeating: .nan, count: Asteroids.featureCount)
    buffer.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      Asteroids.observe(state, player: 0, into: &writer)
      #expect(writer.count == Asteroids.featureCount)
    }
    return buffer
  }

  /// Whether the two observations are the same bits, feature for feature.
  static func sameBits(_ a: [Float], _ b: [Float]) -> Bool {
    a.map(\.bitPattern) == b.map(\.bitPattern)
  }

  /// Plays `ticks` ticks of random agent actions (a new game after each game over),
  /// comparing the observation after every tick; returns the first few ticks whose
  /// observations differ, and the most rocks seen at once.
  func mismatches(settings: AsteroidsSettings, seed: UInt64, ticks: Int) -> (
    ticks: [Int], mostRocks: Int
  ) {
    let actions = Asteroids.actions(forPlayer: 0).map(\.input)
    var random = SplitMix64(seed: seed)
    var state = Asteroids.initialState(seed: seed, settings: settings)
    var bad: [Int] = []
    var mostRocks = 0
    for tick in 0..<ticks {
      if Asteroids.isTerminated(state) {
        state = Asteroids.initialState(seed: random.next(), settings: settings)
      }
      let input = actions[Int(random.next() % UInt64(actions.count))]
      _ = Asteroids().reduce(into: &state, action: .tick(input), environment: ())
      mostRocks = max(mostRocks, state.rocks.items.count)
      if !Self.sameBits(Self.observed(state), Self.plainFeatures(state)) { bad.append(tick) }
      if bad.count >= 5 { break }
    }
    return (bad, mostRocks)
  }

  @Test func observationsOfRandomPlayAreTheFeatureTableBitForBit() {
    for seed: UInt64 in [1, 2, 3] {
      let run = mismatches(
        settings: Asteroids.trainingSettings(players: 1), seed: seed,
        ticks: 20_000)
      #expect(run.ticks == [])
      // Past eight rocks, so choosing the nearest leaves some out.
      #expect(run.mostRocks > Asteroids.observedRocks)
    }
  }

  @Test func observationsOfCrowdedFieldsAreTheFeatureTableBitForBit() {
    // Ten, forty, and more rocks than the packed keys index (4,096), which take the other way.
    for (rocks, ticks) in [(10, 3_000), (40, 3_000), (5_000, 20)] {
      let settings = AsteroidsSettings(rocks: rocks, startsAtTitle: false)
      #expect(mismatches(settings: settings, seed: UInt64(rocks), ticks: ticks).ticks == [])
    }
  }

  @Test func rocksAtTheSameDistanceAreObservedInFieldOrder() {
    var state = Asteroids.initialState(seed: 9, settings: .headless)
    let ship = state.ship.position
    // Ten rocks, in pairs at the same distance (mirrored about the ship), farthest first.
    state.rocks.items = (0..<10).map { index in
      let step = Fixed(40 * (5 - index / 2))
      let offset = index % 2 == 0 ? Vector(x: step, y: .zero) : Vector(x: -step, y: .zero)
      return Rock(
        position: World.wrap(ship + offset),
        velocity: Vector(x: Fixed(raw: Int32(index)), y: .zero),
        size: .large)
    }
    #expect(Self.sameBits(Self.observed(state), Self.plainFeatures(state)))
  }
}
