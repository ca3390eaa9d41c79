/// Compares replayed hashes with recorded ones and builds the ``DesyncReport`` of the first
/// divergence.
///
/// Checkpoints hold only the whole-state hash, so when one differs the checker keeps a copy of
/// the replayed state and waits for the next section record (the end of the chunk, at most a
/// chunk later) to learn which sections went wrong, then describes those sections of the copy.
@usableFromInline
struct DesyncChecker<State: ReplayHashable> {
  @usableFromInline private(set) var hashesChecked = 0
  @usableFromInline private(set) var report: DesyncReport?
  @usableFromInline init() {}

  /// The state at the first divergence, until its sections have been compared.
  private var divergentState: State?

  @usableFromInline
  mutating func checkpoint(tick: Int, recorded: UInt32, state: State) {
    hashesChecked += 1
    let replayed = UInt32(truncatingIfNeeded: state.stableHash)
    guard replayed != recorded, report == nil else { return }
    report = DesyncReport(
      firstDivergentTick: tick, recordedHash: UInt64(recorded), replayedHash: UInt64(replayed),
      hashBits: 32)
    divergentState = state
  }

  /// A chunk's section record: one recorded hash checked (however many sections it holds).
  @usableFromInline
  mutating func sections(tick: Int, recorded: [UInt64], width: Int, state: State) {
    hashesChecked += 1
    compareSections(tick: tick, recorded: recorded, width: width, state: state)
  }

  private mutating func compareSections(tick: Int, recorded: [UInt64], width: Int, state: State) {
    let replayedSections = state.hashSections
    let mask: UInt64 = width == 64 ? .max : (1 << UInt64(width)) - 1
    var differing: [DesyncReport.Section] = []
    for index in 0..<max(recorded.count, replayedSections.count) {
      let name = index < replayedSections.count ? replayedSections[index].name : "section \(index)"
      let mine = index < replayedSections.count ? replayedSections[index].hash & mask : nil
      let theirs = index < recorded.count ? recorded[index] & mask : nil
      if mine != theirs {
        differing.append(
          DesyncReport.Section(name: name, recordedHash: theirs, replayedHash: mine, fields: []))
      }
    }
    if differing.isEmpty {
      // A checkpoint differed but every section agrees again: say so instead of waiting.
      if divergentState != nil, var current = report {
        current.sectionsComparedAtTick = tick
        report = current
        divergentState = nil
      }
      return
    }
    if report == nil {
      let replayed = state.stableHash & mask
      report = DesyncReport(
        firstDivergentTick: tick, recordedHash: nil, replayedHash: replayed, hashBits: width)
      divergentState = state
    }
    guard let snapshot = divergentState, var current = report else { return }
    current.sectionsComparedAtTick = tick
    current.sections = differing.map { section in
      var section = section
      section.fields = StateFields.describe(section: section.name, of: snapshot)
      return section
    }
    report = current
    divergentState = nil
  }

  /// The end record: its final hash and its section hashes count as one recorded hash, as
  /// the inspector's list of checks counts them.
  @usableFromInline
  mutating func final(tick: Int, recorded: ReplayEnd, replayedHash: UInt64, state: State) {
    hashesChecked += 1
    if replayedHash != recorded.finalHash, report == nil {
      report = DesyncReport(
        firstDivergentTick: tick, recordedHash: recorded.finalHash, replayedHash: replayedHash,
        hashBits: 64)
      divergentState = state
    }
    compareSections(tick: tick, recorded: recorded.sectionHashes, width: 64, state: state)
  }
}
