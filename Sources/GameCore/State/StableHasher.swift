/// A 64-bit hash with a fixed, documented algorithm, for state hashes that must agree across
/// processes, machines and builds.
///
/// Swift's `Hasher` is seeded per process, so it can never be used for anything replayed.
/// This is FNV-1a over 64-bit words (not bytes): each word is XORed into the state, which is
/// then multiplied by the FNV prime 0x100000001b3; the offset basis is 0xcbf29ce484222325.
/// Every value is fed as little-endian-independent integer words (no memory layout, no
/// padding), so the same fields give the same hash on any platform. The final value is passed
/// through a 64-bit avalanche (the `fmix64` finaliser of MurmurHash3) so that nearby states
/// give unrelated hashes.
public struct StableHasher: Sendable {
  @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  /// Mixes one 64-bit word.
  @inlinable
  public mutating func combine(_ word: UInt64) {
    state = (state ^ word) &* 0x0000_0100_0000_01b3
  }

  @inlinable public mutating func combine(_ value: Int) {
    combine(UInt64(bitPattern: Int64(value)))
  }
  @inlinable public mutating func combine(_ value: Int32) {
    combine(UInt64(UInt32(bitPattern: value)))
  }
  @inlinable public mutating func combine(_ value: UInt32) { combine(UInt64(value)) }
  @inlinable public mutating func combine(_ value: UInt16) { combine(UInt64(value)) }
  @inlinable public mutating func combine(_ value: UInt8) { combine(UInt64(value)) }
  @inlinable public mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 0) }

  /// Mixes a value that knows how to hash itself.
  @inlinable
  public mutating func combine(_ value: some StableHashable) { value.stableHash(into: &self) }

  /// Mixes an array: its count, then each element, so `[a] + [b, c]` and `[a, b] + [c]` differ.
  @inlinable
  public mutating func combine<Element: StableHashable>(_ values: [Element]) {
    combine(values.count)
    for value in values { value.stableHash(into: &self) }
  }

  /// The hash of everything combined so far.
  public var finalized: UInt64 {
    var h = state
    h ^= h >> 33
    h &*= 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    h &*= 0xc4ce_b9fe_1a85_ec53
    h ^= h >> 33
    return h
  }
}

/// A value with a stable hash: it feeds its fields, in a fixed order, to a ``StableHasher``.
public protocol StableHashable {
  /// Feeds every field that matters to the simulation, in declaration order.
  func stableHash(into hasher: inout StableHasher)
}

extension StableHashable {
  /// This value's stable 64-bit hash.
  public var stableHash: UInt64 {
    var hasher = StableHasher()
    stableHash(into: &hasher)
    return hasher.finalized
  }
}

extension TickInput: StableHashable {
  /// The buttons, then the four axis values only when some axis is not 0: an input of a game
  /// without axes hashes as it did before inputs had them.
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(rawValue)
    guard hasAxisValues else { return }
    for index in 0..<TickInput.maxAxes { hasher.combine(self[axis: index]) }
  }
}
