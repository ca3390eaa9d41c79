import GameCore

/// Random shapes and moves for the collision property tests, from a fixed seed.
///
/// Three scales, one a round: whole units in a small world, where exact touches, corners and
/// ties are common; raw values of every magnitude; and any raw value, the range's edges
/// (`Int32.min`, `Int32.max`, ...) one draw in four, for answers without a trap.
struct CollisionDraws {
  enum Scale: CaseIterable { case whole, small, any }

  var random: SplitMix64
  var scale = Scale.whole

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  static let edges: [Int32] = [
    .min, .min + 1, -65_536, -32_768, -1, 0, 1, 32_768, 65_536, .max - 1, .max,
  ]

  /// Moves to the next scale, in turn.
  mutating func nextRound(_ round: Int) { scale = Scale.allCases[round % Scale.allCases.count] }

  /// A coordinate at this round's scale.
  mutating func coordinate() -> Fixed {
    switch scale {
    case .whole: return Fixed(Int(random.next(in: -8...8)))
    case .small:
      // Every magnitude up to 64 units: a random value shifted right by a random amount.
      return Fixed(
        raw: Int32(truncatingIfNeeded: random.next()) >> Int32(9 + random.next(below: 23)))
    case .any:
      let bits = random.next()
      if bits & 3 == 0 {
        return Fixed(raw: Self.edges[Int((bits >> 2) % UInt64(Self.edges.count))])
      }
      return Fixed(raw: Int32(truncatingIfNeeded: bits >> 32) >> Int32(bits >> 59))
    }
  }

  /// A size: mostly small and positive, sometimes zero, sometimes negative.
  mutating func size() -> Fixed {
    switch scale {
    case .whole: return Fixed(Int(random.next(in: -1...4)))
    case .small: return coordinate().magnitude / (random.chance(1, in: 8) ? -1 : 1)
    case .any: return coordinate()
    }
  }

  mutating func vector() -> Vector { Vector(x: coordinate(), y: coordinate()) }
  mutating func box() -> Box { Box(origin: vector(), size: Vector(x: size(), y: size())) }
  mutating func circle() -> Circle { Circle(center: vector(), radius: size()) }

  /// A move from `start` toward somewhere near `target` half the time (so that sweeps hit),
  /// anywhere the other half.
  mutating func move(from start: Vector, toward target: Vector) -> Vector {
    guard random.chance(1, in: 2) else { return vector() }
    let aim = target - start
    switch scale {
    case .whole: return aim + Vector(Int(random.next(in: -2...2)), Int(random.next(in: -2...2)))
    case .small, .any: return aim * Fixed(ratio: Int(random.next(in: 1...40)), 16) + vector() / 8
    }
  }
}
