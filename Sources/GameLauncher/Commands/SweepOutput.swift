import GameCore

/// The summary line that ends a sweep's `--json` output, and what it says about the shard:
/// which seeds (the whole range and this slice of it), which game, settings and bot, how many
/// ticks each, and a checksum of the game lines above it.
///
/// `merge-sweeps` rebuilds this line from a shard's game lines and refuses the shard unless it
/// is byte for byte the same, then refuses shards that do not add up to exactly one whole
/// sweep; the merged output ends with the line a one-machine sweep prints (`"shard": "0/1"`).
struct SweepIdentity: Equatable {
  var game: String
  var seeds: SweepSeeds
  var bot: String
  /// The game's settings, ``GameSettings/encoded`` as hex: equal settings, equal text.
  var settings: String
  var ticksEach: Int

  /// The summary line of `summary` over game lines whose checksum is `checksum`.
  func summaryLine(_ summary: SweepSummary, checksum: LineChecksum) -> String? {
    let (total, overflow) = ticksEach.multipliedReportingOverflow(by: summary.games)
    guard !overflow else { return nil }
    var object = JSONObject()
    object.set("game", game)
    object.set("seeds", seeds.rangeText)
    object.set("shard", seeds.shardText)
    object.set("bot", bot)
    object.set("settings", settings)
    object.set("ticks_each", ticksEach)
    object.set("games", summary.games)
    object.set("ticks", total)
    for (name, mean, best) in summary.numbers {
      object.set("mean_\(name)", mean)
      object.set("best_\(name)", best)
    }
    object.set("checksum", ReplayFormat.hex(checksum.value))
    return object.description
  }

  /// Lowercase hex of `bytes`.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(
      decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
  }
}

/// FNV-1a (64 bits) over the game lines of a sweep's output, each with its newline: any changed,
/// missing, added or reordered byte changes it (against accidents, not forgery).
struct LineChecksum: Equatable {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(line: String) {
    for byte in line.utf8 { mix(byte) }
    mix(0x0A)
  }

  private mutating func mix(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
}

/// The mean (with its fraction, ``Mean``) and best of every numeric metric over a sweep, in the game's order,
/// kept as running totals: a sweep of 10^9 seeds holds one row of numbers, not 10^9 results.
/// Totals are 128-bit, so no sum of `Int` values can overflow.
struct SweepSummary {
  private var names: [String] = []
  private var totals: [Int128] = []
  private var bests: [Int] = []
  private(set) var games = 0

  /// Adds one game's metrics (the first game's numeric metrics name the columns).
  mutating func add(_ metrics: [Metric]) {
    let numbers = metrics.compactMap { metric -> (String, Int)? in
      if case .number(let value) = metric.value { (metric.name, value) } else { nil }
    }
    if games == 0 {
      names = numbers.map(\.0)
      totals = Array(repeating: 0, count: names.count)
      bests = Array(repeating: Int.min, count: names.count)
    }
    games += 1
    for (column, (name, value)) in numbers.enumerated()
    where column < names.count && names[column] == name {
      totals[column] += Int128(value)
      bests[column] = max(bests[column], value)
    }
  }

  var numbers: [(name: String, mean: Mean, best: Int)] {
    guard games > 0 else { return [] }
    return names.indices.map { (names[$0], Mean(total: totals[$0], count: games), bests[$0]) }
  }
}
