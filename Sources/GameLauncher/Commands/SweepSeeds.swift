/// The seeds of a sweep: a range `A...B` (or one seed) and the slice `i/n` of it one shard
/// runs, with arithmetic that cannot overflow for any `UInt64` seeds or shard counts.
///
/// Slice `i` of `n` is the offsets `count·i/n ..< count·(i+1)/n` (computed in 128 bits), so
/// the slices of `0/n … (n-1)/n` are contiguous, disjoint and cover the range exactly once.
struct SweepSeeds: Equatable, Sendable {
  /// Most seeds in one sweep (a day of a large cluster; far beyond memory if held, which
  /// they are not: seeds are generated as the workers take them).
  static let maxCount: UInt64 = 1_000_000_000_000

  /// The first seed of the whole range.
  var first: UInt64
  /// Seeds in the whole range (1 ... ``maxCount``).
  var count: UInt64
  /// This shard's index and the number of shards.
  var shard: UInt64 = 0
  var shards: UInt64 = 1

  /// Parses `--seeds` (`A...B` with A <= B, or one seed: digits only) and `--shard` (`i/n`,
  /// 0 <= i < n); nil when either is not exactly that.
  init?(seeds: String, shard: String?) {
    guard let (first, last) = Self.range(seeds), last - first < Self.maxCount else { return nil }
    self.first = first
    self.count = last - first + 1
    if let shard {
      let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Self.number(parts[0]), let shards = Self.number(parts[1]),
        index < shards
      else { return nil }
      self.shard = index
      self.shards = shards
    }
  }

  /// `A...B` or `A`, digits only: `1....5`, `+1`, `1...` are not ranges.
  static func range(_ text: String) -> (UInt64, UInt64)? {
    let parts = text.split(separator: "...", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return number(parts[0]).map { ($0, $0) }
    case 2:
      guard let low = number(parts[0]), let high = number(parts[1]), low <= high else { return nil }
      return (low, high)
    default: return nil
    }
  }

  private static func number(_ text: Substring) -> UInt64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return UInt64(text)
  }

  /// This shard's seeds, as offsets into the whole range.
  var slice: Range<UInt64> {
    func bound(_ index: UInt64) -> UInt64 {
      UInt64(UInt128(count) * UInt128(index) / UInt128(shards))
    }
    return bound(shard)..<bound(shard + 1)
  }

  /// The seed at `offset` into the whole range.
  func seed(at offset: UInt64) -> UInt64 { first + offset }

  /// The whole range as `--seeds` takes it: `A...B`.
  var rangeText: String { "\(first)...\(first + (count - 1))" }

  /// The shard as `--shard` takes it: `i/n`.
  var shardText: String { "\(shard)/\(shards)" }
}
