import Foundation
import GameCore
import PongGame
import Testing

@testable import GameLauncher

/// A sweep's `--json` output made in process, as `sweep` makes it: the game lines of the
/// shard's slice and its summary line.
private func output(
  _ results: [SweepResult], seeds: SweepSeeds, ticks: Int, bot: String = "coach"
) -> String {
  let identity = SweepIdentity(game: "pong", seeds: seeds, bot: bot, settings: "", ticksEach: ticks)
  var summary = SweepSummary()
  var checksum = LineChecksum()
  var text = ""
  let slice = seeds.slice
  for result in results
  where result.seed >= seeds.seed(at: slice.lowerBound)
    && result.seed - seeds.first < slice.upperBound
  {
    text += result.json + "\n"
    checksum.add(line: result.json)
    summary.add(result.metrics)
  }
  return text + (identity.summaryLine(summary, checksum: checksum) ?? "overflow") + "\n"
}

private func play(first: UInt64, count: Int, ticks: Int) -> [SweepResult] {
  SweepRunner<Pong>(first: first, count: count, ticks: ticks, bot: "coach", settings: NoSettings())
    .run(jobs: 2)
}

private func shards(_ results: [SweepResult], _ whole: SweepSeeds, _ n: UInt64, ticks: Int)
  -> [(name: String, text: String)]
{
  (0..<n).map { index in
    var seeds = whole
    seeds.shard = index
    seeds.shards = n
    return ("shard-\(index)", output(results, seeds: seeds, ticks: ticks))
  }
}

@Suite struct SweepMergeTests {
  @Test func shardsMergeIntoTheWholeSweepEvenAboveTwoToTheSixtyThree() throws {
    let whole = try #require(
      SweepSeeds(seeds: "18446744073709551610...18446744073709551615", shard: nil))
    let results = play(first: whole.first, count: 6, ticks: 5)
    #expect(
      try SweepMerge.merge(shards(results, whole, 4, ticks: 5))
        == output(results, seeds: whole, ticks: 5))
  }

  /// The merge checked against what was worked out apart from the merger: the summary line
  /// of `sweep --game pong --seeds 1...4 --ticks 1500 --json` on one machine, pinned (its
  /// means checked by hand: scores 2, 1, 0, 1; opponents 0, 1, 0, 0; hits 11, 10, 15, 11),
  /// and its checksum, FNV-1a over the game lines each with its newline, computed here.
  @Test func twoShardsMergeIntoThePinnedOneMachineSummary() throws {
    let whole = try #require(SweepSeeds(seeds: "1...4", shard: nil))
    let results = play(first: 1, count: 4, ticks: 1_500)
    let lines = try SweepMerge.merge(shards(results, whole, 2, ticks: 1_500))
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
    for line in lines.dropLast() {
      for byte in Array(line.utf8) + [UInt8(0x0A)] {
        checksum = (checksum ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    let digits = String(checksum, radix: 16)
    let hex = String(repeating: "0", count: 16 - digits.count) + digits
    #expect(lines.last?.hasSuffix("\"checksum\": \"\(hex)\"}") == true, "\(lines.last ?? "")")
    #expect(lines.last == Self.pinnedSummary)
  }

  static let pinnedSummary = """
    {"game": "pong", "seeds": "1...4", "shard": "0/1", "bot": "coach", "settings": "", \
    "ticks_each": 1500, "games": 4, "ticks": 6000, "mean_score": 1.000, "best_score": 2, \
    "mean_opponent": 0.250, "best_opponent": 1, "mean_hits": 11.750, "best_hits": 15, \
    "checksum": "e8fe3b94a508db51"}
    """

  @Test(arguments: [
    ("a shard missing", 0), ("a line lost", 1), ("garbage after a line", 2), ("no hash", 3),
    ("a bad hash", 4), ("a changed score", 5), ("another bot", 6), ("a negative seed", 7),
    ("a huge score", 8), ("huge summary ticks", 9),
  ])
  func whatDoesNotAddUpToOneSweepIsRefused(what: String, mutation: Int) throws {
    let whole = try #require(SweepSeeds(seeds: "1...12", shard: nil))
    let results = play(first: 1, count: 12, ticks: 30)
    var inputs = shards(results, whole, 3, ticks: 30)
    func edit(_ change: (inout [String]) -> Void) {
      var lines = inputs[1].text.split(separator: "\n").map(String.init)
      change(&lines)
      inputs[1].text = lines.joined(separator: "\n") + "\n"
    }
    switch mutation {
    case 0: inputs.remove(at: 1)
    case 1: edit { $0.remove(at: 0) }
    case 2: edit { $0[0] += " x" }
    case 3: edit { $0[0] = String($0[0][..<$0[0].range(of: ", \"hash\"")!.lowerBound]) + "}" }
    case 4: edit { $0[0] = $0[0].replacingOccurrences(of: "\"hash\": \"", with: "\"hash\": \"zz") }
    case 5: edit { $0[0] = $0[0].replacingOccurrences(of: "\"score\": ", with: "\"score\": 9") }
    case 6: inputs[1].text = inputs[1].text.replacingOccurrences(of: "\"coach\"", with: "\"idle\"")
    case 7: edit { $0[0] = $0[0].replacingOccurrences(of: "{\"seed\": 5,", with: "{\"seed\": -1,") }
    case 8:
      edit {
        for index in 0..<2 {
          $0[index] = $0[index].replacingOccurrences(
            of: #""score": \d+"#, with: "\"score\": 9223372036854775807",
            options: .regularExpression)
        }
      }
    default:
      edit {
        $0[$0.count - 1] = $0[$0.count - 1].replacingOccurrences(
          of: #""ticks": \d+"#, with: "\"ticks\": 9223372036854775807", options: .regularExpression)
      }
    }
    #expect(throws: (any Error).self, "\(what)") { try SweepMerge.merge(inputs) }
  }
}

/// A property: over random seed ranges (some at the top of UInt64), shard counts (some above
/// the number of seeds) and hostile changes to the shards, a merge is exactly the one-machine
/// output or an error, and an error whenever the shards were changed at all.
@Suite struct SweepMergePropertyTests {
  @Test func aMergeIsExactlyTheWholeSweepOrAnError() throws {
    var rng = SplitMix64(seed: 2026)
    for _ in 0..<120 {
      let count = 1 + Int(rng.next(below: 20))
      let first =
        rng.next(below: 4) == 0 ? UInt64.max - UInt64(count - 1) : rng.next(below: 1 << 40)
      let ticks = Int(rng.next(below: 24))
      let n = 1 + rng.next(below: 7)
      let whole = try #require(
        SweepSeeds(seeds: "\(first)...\(first + UInt64(count - 1))", shard: nil))
      let results = play(first: first, count: count, ticks: ticks)
      let reference = output(results, seeds: whole, ticks: ticks)
      let original = shards(results, whole, n, ticks: ticks)
      var inputs = original
      let changed = mutate(&inputs, &rng, results: results, whole: whole, ticks: ticks)
      let merged = try? SweepMerge.merge(inputs)
      if changed {
        #expect(merged == nil, "a changed set of shards merged: \(inputs.map(\.text))")
      } else {
        #expect(merged == reference)
      }
    }
  }

  /// Applies one random hostile change; true when the shards' contents (as a set) changed.
  private func mutate(
    _ inputs: inout [(name: String, text: String)], _ rng: inout SplitMix64,
    results: [SweepResult], whole: SweepSeeds, ticks: Int
  ) -> Bool {
    let before = inputs.map(\.text).sorted()
    let pick = Int(rng.next(below: UInt64(inputs.count)))
    var bytes = Array(inputs[pick].text.utf8)
    switch rng.next(below: 9) {
    case 0: return false
    case 1:
      inputs.reverse()
      return false
    case 2:
      inputs.remove(at: pick)
      return true
    case 3:
      inputs.append(inputs[pick])
      return true
    case 4:  // One byte changed to another.
      let at = Int(rng.next(below: UInt64(bytes.count)))
      bytes[at] = bytes[at] == 0x31 ? 0x32 : 0x31
    case 5:  // Cut short.
      bytes.removeLast(1 + Int(rng.next(below: UInt64(bytes.count))))
    case 6:  // A line dropped or doubled.
      var lines = inputs[pick].text.split(separator: "\n", omittingEmptySubsequences: false)
      let at = Int(rng.next(below: UInt64(lines.count - 1)))
      if rng.next(below: 2) == 0 { lines.remove(at: at) } else { lines.insert(lines[at], at: at) }
      bytes = Array(lines.joined(separator: "\n").utf8)
    case 7:  // The same shard of a sweep with other ticks (alone, it is a whole other sweep).
      guard inputs.count > 1 else { return false }
      let other = play(first: whole.first, count: Int(whole.count), ticks: ticks + 1)
      inputs[pick].text = shards(other, whole, UInt64(inputs.count), ticks: ticks + 1)[pick].text
      return inputs.map(\.text).sorted() != before
    default:  // Garbage appended to the file.
      bytes += Array("{\"seed\": 1}\n".utf8)
    }
    if bytes != Array(inputs[pick].text.utf8) {
      inputs[pick].text = String(decoding: bytes, as: UTF8.self)
    }
    return inputs.map(\.text).sorted() != before
  }
}
