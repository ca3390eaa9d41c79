import GameCore
import GameFiles
import GameRender

/// Merges the `--json` outputs of a sweep's shards into the output of the whole sweep, or
/// refuses: the result is byte for byte what one machine's `sweep --json` prints, or an error
/// naming the first thing that does not add up. Nothing is printed until all is checked.
///
/// Each shard must be exactly what `sweep --shard i/n --json` printed: every line in the
/// canonical form `sweep` writes, its game lines the seeds of its slice in order, and its
/// summary line exactly the one those lines give (same counts, means, bests and checksum).
/// Together the shards must share one game, seed range, shard count, settings, bot and ticks,
/// and hold each index `0 ..< n` once.
enum SweepMerge {
  /// A shard that passed its own checks.
  private struct Shard {
    var name: String
    var identity: SweepIdentity
    var lines: [Substring]
    var metrics: [[Metric]]
  }

  /// Most bytes read from one shard: about 15 million games of Asteroids (a sweep of more is
  /// split into more shards). The merge holds every shard in memory.
  static let maxBytes = 4 << 30
  /// Longest line of a shard: a game line is a few hundred bytes, a summary line about as long
  /// plus the settings' hex.
  static let maxLineBytes = 64 << 10

  /// A shard's text, read within the caps and refused at the first line that is not one of
  /// `sweep --json`'s (a JSON object on one line).
  static func read(_ file: String) throws(FileProblem) -> String {
    do {
      return try FileBytes.readLines(path: file, maxLineBytes: maxLineBytes, maxBytes: maxBytes) {
        $0.first == UInt8(ascii: "{") && $0.last == UInt8(ascii: "}")
      }
    } catch .notALine(_, let line) {
      throw FileProblem(
        description: "\(file):\(line): not a line of `sweep --json` output (a JSON object)")
    } catch .lineLongerThan(_, let line, let limit) {
      throw FileProblem(
        description: "\(file):\(line): longer than \(limit) bytes, so not a line of "
          + "`sweep --json` output")
    } catch .longerThan(_, let limit) {
      throw FileProblem(
        description: "\(file) is longer than \(limit) bytes, the most one shard may be: "
          + "split the sweep into more shards")
    } catch {
      throw FileProblem(description: "\(error)")
    }
  }

  /// The merged output (with its final newline).
  static func merge(_ inputs: [(name: String, text: String)]) throws(FileProblem) -> String {
    guard !inputs.isEmpty else { throw FileProblem(description: "no shards given") }
    var shards: [Shard] = []
    for (name, text) in inputs { shards.append(try shard(name, text)) }
    let first = shards[0].identity
    for shard in shards {
      var same = shard.identity
      same.seeds.shard = first.seeds.shard
      guard same == first else {
        throw FileProblem(
          description: "\(shard.name) is another sweep than \(shards[0].name) (game, seeds, "
            + "shard count, settings, bot or ticks differ)")
      }
    }
    shards.sort { $0.identity.seeds.shard < $1.identity.seeds.shard }
    for (a, b) in zip(shards, shards.dropFirst())
    where a.identity.seeds.shard == b.identity.seeds.shard {
      throw FileProblem(
        description: "shard \(a.identity.seeds.shardText) is given twice (\(a.name), \(b.name))")
    }
    let count = first.seeds.shards
    guard UInt64(shards.count) == count else {
      let have = Set(shards.map(\.identity.seeds.shard))
      let missing = (0..<min(count, UInt64(shards.count) + 1)).first { !have.contains($0) } ?? 0
      throw FileProblem(
        description:
          "shard \(missing)/\(count) is missing: \(shards.count) of \(count) shards given")
    }
    var whole = first
    whole.seeds.shard = 0
    whole.seeds.shards = 1
    var summary = SweepSummary()
    var checksum = LineChecksum()
    var out = ""
    for shard in shards {
      for (line, metrics) in zip(shard.lines, shard.metrics) {
        out += line
        out += "\n"
        checksum.add(line: String(line))
        summary.add(metrics)
      }
    }
    guard let last = whole.summaryLine(summary, checksum: checksum) else {
      throw FileProblem(description: "the whole sweep's ticks do not fit 63 bits")
    }
    return out + last + "\n"
  }

  /// One shard's lines, checked against its own summary.
  private static func shard(_ name: String, _ text: String) throws(FileProblem) -> Shard {
    guard text.hasSuffix("\n") else {
      throw FileProblem(description: "\(name) has no summary line: an unfinished shard?")
    }
    var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    guard let last = lines.popLast(),
      let summary = flatObject(String(last)), summary.first?.key == "game"
    else {
      throw FileProblem(description: "\(name) has no summary line: an unfinished shard?")
    }
    func field(_ key: String) -> String? {
      if case .string(let value)? = summary.first(where: { $0.key == key })?.value {
        value
      } else {
        nil
      }
    }
    guard let game = field("game"), let range = field("seeds"), let shardText = field("shard"),
      let bot = field("bot"), let settings = field("settings"),
      case .number(let ticksText)? = summary.first(where: { $0.key == "ticks_each" })?.value,
      let ticksEach = Int(ticksText), ticksEach >= 0,
      let seeds = SweepSeeds(seeds: range, shard: shardText)
    else {
      throw FileProblem(
        description: "\(name): the summary line does not say which sweep this is "
          + "(game, seeds, shard, bot, settings, ticks_each): not from this version's sweep --json")
    }
    let identity = SweepIdentity(
      game: game, seeds: seeds, bot: bot, settings: settings, ticksEach: ticksEach)
    let slice = seeds.slice
    guard UInt64(lines.count) == slice.upperBound - slice.lowerBound else {
      throw FileProblem(
        description: "\(name) holds \(lines.count) games; shard \(seeds.shardText) of "
          + "\(seeds.rangeText) has \(slice.upperBound - slice.lowerBound)")
    }
    var summaryOfLines = SweepSummary()
    var checksum = LineChecksum()
    var allMetrics: [[Metric]] = []
    allMetrics.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      let number = index + 1
      guard let members = flatObject(String(line)), members.count >= 2,
        members.first?.key == "seed", members.last?.key == "hash",
        case .number(let seedText) = members[0].value, let seed = UInt64(seedText),
        case .string(let hash) = members[members.count - 1].value, hash.count == 16,
        hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
      else {
        throw FileProblem(description: "\(name):\(number): not a game line of `sweep --json`")
      }
      let expected = seeds.seed(at: slice.lowerBound + UInt64(index))
      guard seed == expected else {
        throw FileProblem(description: "\(name):\(number): seed \(seed) where \(expected) belongs")
      }
      var metrics: [Metric] = []
      for member in members.dropFirst().dropLast() {
        switch member.value {
        case .number(let digits):
          guard let value = Int(digits) else {
            throw FileProblem(description: "\(name):\(number): \(member.key) does not fit 64 bits")
          }
          metrics.append(Metric(member.key, value))
        case .string(let value): metrics.append(Metric(member.key, value))
        default:
          throw FileProblem(description: "\(name):\(number): not a game line of `sweep --json`")
        }
      }
      checksum.add(line: String(line))
      summaryOfLines.add(metrics)
      allMetrics.append(metrics)
    }
    guard let rebuilt = identity.summaryLine(summaryOfLines, checksum: checksum), rebuilt == last
    else {
      throw FileProblem(
        description: "\(name): the summary line is not what its game lines give (a line changed, "
          + "lost or added)")
    }
    return Shard(name: name, identity: identity, lines: lines, metrics: allMetrics)
  }

  /// The members of `line` when it is a flat JSON object exactly as `sweep --json` writes one
  /// (``JSONObject``: spaced, keys in order, every value a string or a number of at most 40
  /// characters without an exponent); nil for anything else, however valid as JSON.
  static func flatObject(_ line: String) -> [(key: String, value: JSON)]? {
    guard let members = (try? JSON.parse(line))?.members,
      members.allSatisfy({
        switch $0.1 {
        case .number(let digits):
          digits.utf8.count <= 40 && !digits.utf8.contains { $0 | 0x20 == UInt8(ascii: "e") }
        case .string: true
        default: false
        }
      }),
      JSON.object(members).text() == line
    else { return nil }
    return members.map { (key: $0.0, value: $0.1) }
  }
}
