import GameCore

/// What one peer writes when its state and another peer's part: the tick, the sections of
/// the state that differ there, and this peer's values of them down to the leaves.
///
/// Peers compare one 64-bit hash of the whole state every hash interval; on a mismatch each
/// sends the other its sections' hashes at that tick (a `sections` packet), and each, holding
/// its own state of that tick, names the sections whose hashes differ and lists its values of
/// them, as `replay --verify` lists a replay's. Both peers' reports name the same tick and the
/// same sections; each shows its own values, so the two side by side show the difference.
public struct NetplayDesyncReport: Equatable, Sendable, CustomStringConvertible {
  /// The hashed tick whose states differ.
  public var tick: Int
  /// This peer's seat, and the seat of the peer whose section hashes it compared with.
  public var seat: Int
  public var otherSeat: Int
  /// This peer's whole-state hash at ``tick``.
  public var hash: UInt64
  /// The differing sections: the other peer's hash as `recordedHash`, this peer's as
  /// `replayedHash`, this peer's values as `fields`. Empty when the other's section hashes
  /// never came (``sectionsArrived`` false).
  public var sections: [DesyncReport.Section]
  /// False when the other peer's section hashes did not arrive before the match ended.
  public var sectionsArrived: Bool

  /// The report of `state` (this peer's at `tick`) against `theirs`, the other peer's section
  /// hashes at that tick; only the first ``NetPacket/maxSections`` sections are compared.
  /// Any list of hashes, however hostile, gives a report.
  public static func compare<State: GameState>(
    _ state: State, tick: Int, seat: Int, with theirs: [UInt64], of otherSeat: Int
  ) -> NetplayDesyncReport {
    var checker = DesyncChecker<State>()
    checker.sections(tick: tick, recorded: theirs, width: 64, state: state)
    let sections = (checker.report?.sections ?? []).filter { section in
      // A packet carries at most maxSections hashes: a game with more compares those only.
      theirs.count < NetPacket.maxSections || section.recordedHash != nil
    }
    return NetplayDesyncReport(
      tick: tick, seat: seat, otherSeat: otherSeat, hash: state.stableHash,
      sections: sections, sectionsArrived: true)
  }

  /// The report when the other peer's section hashes never came: the tick only.
  public static func without<State: GameState>(
    _ state: State?, tick: Int, seat: Int, otherSeat: Int
  ) -> NetplayDesyncReport {
    NetplayDesyncReport(
      tick: tick, seat: seat, otherSeat: otherSeat, hash: state?.stableHash ?? 0, sections: [],
      sectionsArrived: false)
  }

  /// The report as text, as each peer writes it beside its replay.
  public var description: String {
    var lines = [
      "desync at tick \(tick): player \(seat + 1) (this peer) and player \(otherSeat + 1) "
        + "hash their states differently; this peer's hash is \(Self.hex(hash))"
    ]
    guard sectionsArrived else {
      lines.append(
        "player \(otherSeat + 1)'s section hashes did not arrive: compare the two replays "
          + "with `replay THEIRS --verify` to name the sections")
      return lines.joined(separator: "\n")
    }
    guard !sections.isEmpty else {
      lines.append("every section's hash matches at tick \(tick) (a collision of the state hash)")
      return lines.joined(separator: "\n")
    }
    lines.append(
      "sections differing at tick \(tick): \(sections.map(\.name).joined(separator: ", "))")
    for section in sections {
      let theirs = section.recordedHash.map { Self.hex($0) } ?? "absent"
      let mine = section.replayedHash.map { Self.hex($0) } ?? "absent"
      lines.append(
        "  \(section.name): player \(otherSeat + 1)'s hash \(theirs), this peer's \(mine); "
          + "this peer's values:")
      lines.append(contentsOf: section.fields.map { "    " + $0 })
    }
    return lines.joined(separator: "\n")
  }

  static func hex(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 16 - text.count)) + text
  }
}
