import GameCore

/// The rock field: drifting, splitting when shot, and the spawning of waves.
///
/// Rocks live in one array in a fixed order (new rocks are appended; a rock split in place
/// keeps its slot), so iteration order, and with it every replay, is the same everywhere.
public struct Rocks: ReducerProtocol, Sendable {
  /// The field.
  public struct State: Equatable, StateValue, Sendable {
    /// Every rock, in spawn order.
    public var items: [Rock] = []

    /// An empty field.
    public init() {}
  }

  /// What happened to the field.
  public enum Action: Equatable, Sendable {
    /// One tick passed: every rock moves and spins.
    case drifted
    /// A wave begins: `count` large rocks appear at least ``Tuning/waveSpawnClearance`` from
    /// `avoiding`, moving `speedBonus`/64 units per tick faster than wave 1. `seed` is a draw
    /// from the gameplay RNG.
    case waveSpawned(count: Int, speedBonus: Int32, avoiding: Vector, seed: UInt64)
    /// The stress setting's field: `count` rocks of mixed sizes, placed like a wave's.
    case fieldFilled(count: Int, avoiding: Vector, seed: UInt64)
    /// The rock at `index` was hit: it splits in two (its slot keeps one half, the other is
    /// appended) or, when small, is removed (the last rock takes its slot). `seed` is a draw
    /// from the gameplay RNG.
    case rockShot(index: Int, speedBonus: Int32, seed: UInt64)
    /// A new game: the field is emptied.
    case cleared
  }

  /// The rocks reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .drifted:
      drift(&state.items)
    case .waveSpawned(let count, let speedBonus, let avoiding, let seed):
      spawn(&state.items, count: count, mixed: false, bonus: speedBonus, avoiding, seed)
    case .fieldFilled(let count, let avoiding, let seed):
      spawn(&state.items, count: count, mixed: true, bonus: 0, avoiding, seed)
    case .rockShot(let index, let bonus, let seed):
      guard state.items.indices.contains(index) else { return .none }
      var rng = SplitMix64(rawState: seed)
      let parent = state.items[index]
      guard let size = parent.size.smaller else {
        state.items[index] = state.items[state.items.count - 1]
        state.items.removeLast()
        return .none
      }
      state.items[index] = makeRock(&rng, at: parent.position, size: size, bonus: bonus)
      state.items.append(makeRock(&rng, at: parent.position, size: size, bonus: bonus))
    case .cleared:
      state.items.removeAll()
    }
    return .none
  }

  /// The hot loop: one pass, in place, no allocation.
  @inline(__always)
  func drift(_ items: inout [Rock]) {
    let width = World.widthRaw
    let height = World.heightRaw
    items.withUnsafeMutableBufferPointer { rocks in
      for index in rocks.indices {
        var x = rocks[index].position.x.raw &+ rocks[index].velocity.x.raw
        var y = rocks[index].position.y.raw &+ rocks[index].velocity.y.raw
        if x < 0 { x &+= width } else if x >= width { x &-= width }
        if y < 0 { y &+= height } else if y >= height { y &-= height }
        rocks[index].position = Vector(x: Fixed(raw: x), y: Fixed(raw: y))
        rocks[index].angle = rocks[index].angle.turned(by: Int32(rocks[index].spin))
      }
    }
  }

  func spawn(
    _ items: inout [Rock], count: Int, mixed: Bool, bonus: Int32, _ avoiding: Vector,
    _ seed: UInt64
  ) {
    var rng = SplitMix64(rawState: seed)
    items.reserveCapacity(items.count + max(0, count))
    for _ in 0..<max(0, count) {
      // Stress fields mix sizes, so splitting and small-rock speeds are exercised too.
      let size = mixed ? RockSize(rawValue: UInt8(rng.next(below: 3))) ?? .large : .large
      let position = spawnPosition(&rng, avoiding: avoiding)
      items.append(makeRock(&rng, at: position, size: size, bonus: bonus))
    }
  }

  /// A random point at least the spawn clearance from `avoiding`: a point too close is moved
  /// half a world away, so spawning needs no retry loop.
  func spawnPosition(_ rng: inout SplitMix64, avoiding: Vector) -> Vector {
    var position = Vector(
      x: Fixed(raw: Int32(truncatingIfNeeded: rng.next(below: UInt64(World.widthRaw)))),
      y: Fixed(raw: Int32(truncatingIfNeeded: rng.next(below: UInt64(World.heightRaw)))))
    if World.areWithin(position, avoiding, distance: Tuning.waveSpawnClearance) {
      position.x += Fixed(Int(Tuning.worldWidth) / 2)
      position = World.wrap(position)
    }
    return position
  }

  /// A rock of `size` at `position` with a random heading, speed, spin and outline.
  func makeRock(_ rng: inout SplitMix64, at position: Vector, size: RockSize, bonus: Int32)
    -> Rock
  {
    let range = Tuning.rockSpeedRange[Int(size.rawValue)]
    let speed = Fixed(raw: (rng.next(in: range) + bonus) << 10)  // 1/64 units → 16.16
    let heading = Angle(raw: UInt16(truncatingIfNeeded: rng.next()))
    let spin = Int16(rng.next(in: -400...400))
    let shape = UInt8(rng.next(below: 8))
    let angle = Angle(raw: UInt16(truncatingIfNeeded: rng.next()))
    return Rock(
      position: position, velocity: Vector(angle: heading, length: speed), size: size,
      angle: angle, spin: spin, shape: shape)
  }
}
