/// A seeded random number generator small enough to live in the game state: SplitMix64.
///
/// The whole generator is one `UInt64`, so copying the state copies the generator, a snapshot
/// restores it, and the state hash covers it. SplitMix64 (Steele, Lea and Flood, 2014; the
/// seeder of xoshiro) passes BigCrush, costs a few integer operations per draw, and is fully
/// specified here, so every platform draws the same numbers.
///
/// The game keeps separate generators: the gameplay stream (`Game.State.rng`) decides
/// everything that changes play; the cosmetic stream (in the particles' state) only decides
/// how explosions look, so adding eye candy never changes a replay's outcome.
@frozen
public struct SplitMix64: Hashable, Sendable {
  /// The generator's entire state.
  public var state: UInt64

  /// A generator seeded with `seed`. `stream` picks an independent sequence for the same seed.
  @inlinable
  public init(seed: UInt64, stream: UInt64 = 0) {
    // Mixing the stream through one draw keeps seeds 1 and 2 of stream 0 from overlapping
    // with seed 1 of stream 1.
    var mixer = SplitMix64(rawState: stream &* 0xD6E8_FEB8_6659_FD93)
    self.state = seed ^ mixer.next()
  }

  /// A generator whose state is exactly `rawState` (for tests and decoding).
  @inlinable public init(rawState: UInt64) { self.state = rawState }

  /// The next 64 random bits.
  @inlinable
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0 ..< bound` (0 when `bound` is 0), by multiply-high: no division, and a bias
  /// below 2^-32 for the small bounds the game uses.
  @inlinable
  public mutating func next(below bound: UInt64) -> UInt64 {
    next().multipliedFullWidth(by: bound).high
  }

  /// A number in `range`.
  @inlinable
  public mutating func next(in range: ClosedRange<Int32>) -> Int32 {
    let span = UInt64(Int64(range.upperBound) - Int64(range.lowerBound) + 1)
    return Int32(truncatingIfNeeded: Int64(range.lowerBound) + Int64(next(below: span)))
  }

  /// A whole number in `range`, both ends included: where a fruit falls, which way a rock
  /// turns (`random.next(in: 4...155)`).
  @inlinable
  public mutating func next(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    // The full range of Int has a span of 2^64, which wraps to 0: any 64 bits will do.
    return range.lowerBound &+ Int(truncatingIfNeeded: span == 0 ? next() : next(below: span))
  }

  /// True with probability `numerator / denominator`.
  @inlinable
  public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
    next(below: denominator) < numerator
  }
}

extension SplitMix64: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(state) }
}
