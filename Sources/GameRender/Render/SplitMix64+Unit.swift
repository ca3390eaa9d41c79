import GameCore

extension SplitMix64 {
  /// Uniform in [0, 1), from the top 24 bits of the next draw: cosmetic randomness (the
  /// exhaust flame, the benchmark's crowded scene), never the simulation's.
  mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
