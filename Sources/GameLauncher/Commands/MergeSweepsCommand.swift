import ArgumentParser
import Foundation
import GameCore
import GameRender

/// `GameApp merge-sweeps SHARD...`: the `--json` outputs of a sweep's shards (a scheduler's job
/// array, `sweep --shard i/n`) merged into exactly what one machine's sweep of the whole range
/// prints: every game's line in seed order, then the summary of them all (``SweepMerge``).
struct MergeSweepsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-sweeps",
    abstract: "Merge the --json outputs of a sweep's shards into the output of the whole sweep.",
    discussion: """
      Each file is the output of `sweep ... --shard i/n --json`. The merged output is \
      byte-identical to `sweep ... --json` over the whole range on one machine, or nothing is \
      printed: a shard missing, given twice, cut short, edited, or from another sweep (seeds, \
      game, settings, bot or ticks) is one line on stderr and exit status 2.
      """)

  /// Most bytes read from one shard (about 10^8 games of Asteroids).
  static let maxBytes = 16 << 30

  @Argument(help: "The shards' --json outputs, in any order.")
  var files: [String]

  func validate() throws {
    if files.isEmpty { throw ValidationError("give the shards' --json outputs") }
  }

  func run() throws {
    var inputs: [(name: String, text: String)] = []
    for file in files {
      let bytes: [UInt8]
      do {
        bytes = try PipeNotice.whileWaiting(for: file) {
          try FileBytes.read(path: file, maxBytes: Self.maxBytes)
        }
      } catch {
        throw FileProblem(description: "cannot read \(file): \(error)")
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw FileProblem(description: "\(file) is not text (not a sweep's --json output)")
      }
      inputs.append((file, text))
    }
    print(try SweepMerge.merge(inputs), terminator: "")
  }
}

/// The flat JSON objects the commands print (``JSONObject``): keys in order, values numbers or
/// strings.
enum FlatJSON {
  /// A number keeps its digits (a seed may exceed `Int`); callers convert to what they need.
  enum Value: Equatable { case number(String), text(String) }

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
        if scalars.first == "-" { digits.unicodeScalars.append(scalars.removeFirst()) }
        while let scalar = scalars.first, ("0"..."9").contains(scalar), digits.utf8.count < 40 {
          digits.unicodeScalars.append(scalar)
          scalars.removeFirst()
        }
        guard digits.utf8.contains(where: { $0 != 0x2D }) else { return nil }
        members.append((key, .number(digits)))
      }
      skipSpaces()
      if scalars.first == "}" { break }
      guard scalars.popFirst() == "," else { return nil }
    }
    scalars.removeFirst()
    // Nothing may follow the object, and it must be the canonical form `JSONObject` writes.
    guard scalars.isEmpty, canonical(members) == line else { return nil }
    return members
  }

  /// `members` as ``JSONObject`` writes them.
  private static func canonical(_ members: [(key: String, value: Value)]) -> String {
    "{" + members.map { member in
      let value: String
      switch member.value {
      case .number(let digits): value = digits
      case .text(let text): value = JSONObject.quoted(text)
      }
      return JSONObject.quoted(member.key) + ": " + value
    }.joined(separator: ", ") + "}"
  }
}
