import ArgumentParser
import Foundation
import GameCore
import GameRender

/// `GameApp merge-sweeps SHARD...`: the `--json` outputs of a sweep's shards (a scheduler's job
/// array, `sweep --shard i/n`) merged into exactly what one machine's sweep of the whole range
/// prints: every game's line in seed order, then the summary of them all.
struct MergeSweepsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-sweeps",
    abstract: "Merge the --json outputs of a sweep's shards into the output of the whole sweep.",
    discussion: """
      Each file is the output of `sweep ... --shard i/n --json`. The merged output is \\
      byte-identical to `sweep ... --json` over the whole range on one machine.
      """)

  @Argument(help: "The shards' --json outputs, in any order.")
  var files: [String]

  func validate() throws {
    if files.isEmpty { throw ValidationError("give the shards' --json outputs") }
  }

  func run() throws {
    var games: [(seed: UInt64, line: String, metrics: [Metric])] = []
    var game: String?
    var ticksPerGame: Int?
    for file in files {
      let text: String
      do {
        text = try String(contentsOfFile: file, encoding: .utf8)
      } catch {
        throw FileProblem(description: "cannot read \(file): \(error.localizedDescription)")
      }
      var sawSummary = false
      for (number, raw) in text.split(separator: "\n").enumerated() {
        let line = String(raw)
        guard let members = FlatJSON.parse(line) else {
          throw FileProblem(description: "\(file):\(number + 1): not a line of `sweep --json`")
        }
        if let seedText = members.first(where: { $0.key == "seed" })?.value,
          case .number(let seed) = seedText
        {
          let metrics = members.filter { $0.key != "seed" && $0.key != "hash" }.map { member in
            switch member.value {
            case .number(let value): Metric(member.key, value)
            case .text(let value): Metric(member.key, value)
            }
          }
          games.append((UInt64(seed), line, metrics))
        } else if case .text(let name)? = members.first(where: { $0.key == "game" })?.value,
          case .number(let count)? = members.first(where: { $0.key == "games" })?.value,
          case .number(let ticks)? = members.first(where: { $0.key == "ticks" })?.value
        {
          sawSummary = true
          if let game, game != name {
            throw FileProblem(description: "\(file) is a sweep of \(name), the others of \(game)")
          }
          game = name
          if count > 0 {
            let perGame = ticks / count
            if let ticksPerGame, ticksPerGame != perGame {
              throw FileProblem(
                description: "\(file) ran \(perGame) ticks a game, the others \(ticksPerGame)")
            }
            ticksPerGame = perGame
          }
        }
      }
      if !sawSummary {
        throw FileProblem(description: "\(file) has no summary line: an unfinished shard?")
      }
    }
    games.sort { $0.seed < $1.seed }
    for (a, b) in zip(games, games.dropFirst()) where a.seed == b.seed {
      throw FileProblem(description: "seed \(a.seed) is in two shards")
    }
    var summary = SweepSummary()
    for entry in games {
      print(entry.line)
      summary.add(entry.metrics)
    }
    var object = JSONObject()
    object.set("game", game ?? "")
    object.set("games", summary.games)
    object.set("ticks", (ticksPerGame ?? 0) * summary.games)
    for (name, mean, best) in summary.numbers {
      object.set("mean_\(name)", mean)
      object.set("best_\(name)", best)
    }
    print(object)
  }
}

/// The flat JSON objects the commands print (``JSONObject``): keys in order, values numbers or
/// strings.
enum FlatJSON {
  enum Value: Equatable { case number(Int), text(String) }

  static func parse(_ line: String) -> [(key: String, value: Value)]? {
    var scalars = Array(line.unicodeScalars)[...]
    func skipSpaces() { while scalars.first == " " { scalars.removeFirst() } }
    func string() -> String? {
      guard scalars.first == "\"" else { return nil }
      scalars.removeFirst()
      var out = String.UnicodeScalarView()
      while let scalar = scalars.first {
        scalars.removeFirst()
        switch scalar {
        case "\"": return String(out)
        case "\\":
          guard let escaped = scalars.first else { return nil }
          scalars.removeFirst()
          switch escaped {
          case "n": out.append("\n")
          case "r": out.append("\r")
          case "t": out.append("\t")
          case "u":
            let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
            guard hex.count == 4, let code = UInt32(hex, radix: 16), let value = Unicode.Scalar(code)
            else { return nil }
            scalars.removeFirst(4)
            out.append(value)
          default: out.append(escaped)
          }
        default: out.append(scalar)
        }
      }
      return nil
    }
    skipSpaces()
    guard scalars.popFirst() == "{" else { return nil }
    var members: [(key: String, value: Value)] = []
    while true {
      skipSpaces()
      if scalars.first == "}" { break }
      guard let key = string() else { return nil }
      skipSpaces()
      guard scalars.popFirst() == ":" else { return nil }
      skipSpaces()
      if scalars.first == "\"" {
        guard let text = string() else { return nil }
        members.append((key, .text(text)))
      } else {
        var digits = ""
        while let scalar = scalars.first, scalar == "-" || ("0"..."9").contains(scalar) {
          digits.unicodeScalars.append(scalar)
          scalars.removeFirst()
        }
        guard let number = Int(digits) else { return nil }
        members.append((key, .number(number)))
      }
      skipSpaces()
      if scalars.first == "," { scalars.removeFirst() }
    }
    return members
  }
}
