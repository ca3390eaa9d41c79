/// What a failed verification found: the first tick whose hash differs, and which parts of the
/// state differ, field by field, at one tick.
///
/// Only hashes are recorded, so the report shows the *replayed* values of the differing
/// sections; compare them with what the game should have done (or with the same report from
/// the build that recorded the file). A file of format 3 names the sections at the first
/// divergent checkpoint itself; an older file hashes sections only at a chunk's end, and the
/// report says so and names them, with their values, at the first tick that has them.
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
  /// The one tick whose section hashes named the differing sections, and at which their values
  /// are shown: the divergent tick itself, or (older files) the end of its chunk; `nil` if the
  /// file ended before any.
  public var sectionsComparedAtTick: Int?
  /// True when the file hashed sections at the divergent checkpoint but all of them matched
  /// there (a 16-bit collision), so they were compared at the chunk's end.
  public var sectionsAtCheckpoints = false
  /// The sections whose hashes differ, with their replayed fields at
  /// ``sectionsComparedAtTick``; empty when every section matched again there.
  public var sections: [Section] = []

  /// One differing section of the state.
  public struct Section: Equatable, Sendable {
    /// The property name in the game state ("ship", "rocks", …).
    public var name: String
    /// The recorded hash (cut to the record's width), or `nil` if the file lacks the section.
    public var recordedHash: UInt64?
    /// The replayed hash (cut likewise), or `nil` if the game lacks the section.
    public var replayedHash: UInt64?
    /// How many bits of the section hashes were recorded (16 at checkpoints, 32 at a chunk's
    /// end, 64 at the file's end).
    public var hashBits: Int
    /// `path = value` lines of the replayed section.
    public var fields: [String]
    /// The stored properties a legacy section (``LegacyHashing``) covers; nil when the section
    /// is the property ``name`` itself.
    public var covers: [String]? = nil
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
    guard let tick = sectionsComparedAtTick else {
      lines.append("no section hashes were recorded after the divergence")
      return lines.joined(separator: "\n")
    }
    if tick != firstDivergentTick {
      lines.append(
        sectionsAtCheckpoints
          ? "every section's short hash matched at tick \(firstDivergentTick) (a collision); "
            + "the first full section hashes after it are at tick \(tick)"
          : "this file's format hashes state sections only at the end of each chunk: the "
            + "first after tick \(firstDivergentTick) is at tick \(tick)")
    }
    if sections.isEmpty {
      lines.append(
        "every section matches again at tick \(tick): the difference did not last (a value "
          + "recomputed every tick, or a collision of the 32-bit checkpoint hash)")
      return lines.joined(separator: "\n")
    }
    lines.append(
      "sections differing at tick \(tick): \(sections.map(\.name).joined(separator: ", "))")
    for section in sections {
      let digits = section.hashBits / 4
      let theirs = section.recordedHash.map { Self.hex($0, digits: digits) } ?? "absent"
      let mine = section.replayedHash.map { Self.hex($0, digits: digits) } ?? "absent"
      let covering = section.covers.map { " (covers \($0.joined(separator: ", ")))" } ?? ""
      lines.append(
        "  \(section.name)\(covering): recorded \(theirs), replayed \(mine); replayed values:")
      lines.append(contentsOf: section.fields.map { "    " + $0 })
    }
    return lines.joined(separator: "\n")
  }

  static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
