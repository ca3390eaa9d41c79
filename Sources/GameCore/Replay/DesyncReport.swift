/// What a failed verification found: the first tick whose hash differs, and which parts of the
/// state differ there, field by field.
///
/// Only hashes are recorded, so the report shows the *replayed* values of the differing
/// sections at the first divergent tick; compare them with what the game should have done (or
/// with the same report from the build that recorded the file).
public struct DesyncReport: Equatable, Sendable, CustomStringConvertible {
  /// The first tick at which a recorded hash differs from the replayed one.
  public var firstDivergentTick: Int
  /// The recorded whole-state hash at that tick (`nil` when the divergence was first seen in
  /// the section hashes of a chunk, which carry no whole-state hash of their own).
  public var recordedHash: UInt64?
  /// The replayed whole-state hash at that tick, cut to `hashBits`.
  public var replayedHash: UInt64
  /// How many bits of the hashes were recorded (32 at checkpoints, 64 at the end).
  public var hashBits: Int
  /// The tick whose section hashes named the differing sections (the divergent tick or the end
  /// of its chunk); `nil` if the file ended before any.
  public var sectionsComparedAtTick: Int?
  /// The sections whose hashes differ, with their replayed fields at the divergent tick;
  /// empty when every section matched again at ``sectionsComparedAtTick``.
  public var sections: [Section] = []

  /// One differing section of the state.
  public struct Section: Equatable, Sendable {
    /// The property name in the game state ("ship", "rocks", …).
    public var name: String
    /// The recorded hash (cut to the record's width), or `nil` if the file lacks the section.
    public var recordedHash: UInt64?
    /// The replayed hash (cut likewise), or `nil` if the game lacks the section.
    public var replayedHash: UInt64?
    /// `path = value` lines of the replayed section at the divergent tick.
    public var fields: [String]
  }

  init(firstDivergentTick: Int, recordedHash: UInt64?, replayedHash: UInt64, hashBits: Int) {
    self.firstDivergentTick = firstDivergentTick
    self.recordedHash = recordedHash
    self.replayedHash = replayedHash
    self.hashBits = hashBits
  }

  /// The report as lines of text, as `replay --verify` prints it.
  public var description: String {
    var lines: [String] = []
    let width = hashBits / 4
    let recorded = recordedHash.map { Self.hex($0, digits: width) } ?? "(not recorded)"
    lines.append(
      "desync at tick \(firstDivergentTick): recorded state hash \(recorded), replayed "
        + Self.hex(replayedHash, digits: width))
    if let tick = sectionsComparedAtTick, sections.isEmpty {
      lines.append(
        "every section matches again at tick \(tick): the difference did not last (a value "
          + "recomputed every tick, or a collision of the 32-bit checkpoint hash)")
    } else if let tick = sectionsComparedAtTick {
      let names = sections.map(\.name).joined(separator: ", ")
      lines.append("sections differing at tick \(tick): \(names)")
      for section in sections {
        let theirs = section.recordedHash.map { Self.hex($0, digits: width) } ?? "absent"
        let mine = section.replayedHash.map { Self.hex($0, digits: width) } ?? "absent"
        lines.append(
          "  \(section.name): recorded \(theirs), replayed \(mine); replayed values at tick "
            + "\(firstDivergentTick):")
        lines.append(contentsOf: section.fields.map { "    " + $0 })
      }
    } else {
      lines.append("no section hashes were recorded after the divergence")
    }
    return lines.joined(separator: "\n")
  }

  static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
