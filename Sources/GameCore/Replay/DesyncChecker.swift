/// Compares replayed hashes with recorded ones and builds the ``DesyncReport`` of the first
/// divergence.
///
/// Since format 3 every checkpoint carries a short hash of each state section, so the first
/// checkpoint whose whole-state hash differs also names the sections that differ, and the
/// report describes them at that one tick. Older files hash sections only at a chunk's end: the
/// checker then waits for that record (at most a chunk later) and reports the sections, and
/// their values, at that tick, saying so.
@usableFromInline
package struct DesyncChecker<State: ReplayHashable> {
  @usableFromInline package private(set) var hashesChecked = 0
  @usableFromInline package private(set) var report: DesyncReport?
  /// The hashes this file's rules version recorded.
  @usableFromInline let hashing: StateHashing<State>
  @usableFromInline package init(hashing: StateHashing<State> = .current) { self.hashing = hashing }

  /// True while a report waits for the next section record to name its sections.
  private var waitingForSections = false

  /// A checkpoint: its whole-state hash and, in format 3, its sections' short hashes.
  @usableFromInline
  package mutating func checkpoint(tick: Int, recorded: UInt32, sections: [UInt16] = [], state: State) {
    hashesChecked += 1
    let replayed = UInt32(truncatingIfNeeded: hashing.hash(state))
    guard replayed != recorded, report == nil else { return }
    var found = DesyncReport(
      firstDivergentTick: tick, recordedHash: UInt64(recorded), replayedHash: UInt64(replayed),
      hashBits: 32)
    let differing = differing(recorded: sections.map(UInt64.init), width: 16, state: state)
    if sections.isEmpty || differing.isEmpty {
      // No section hashes here (an older format), or a 16-bit collision in every section.
      found.sectionsAtCheckpoints = !sections.isEmpty
      waitingForSections = true
    } else {
      found.sectionsComparedAtTick = tick
      found.sections = described(differing, state)
    }
    report = found
  }

  /// A chunk's section record: one recorded hash checked (however many sections it holds).
  @usableFromInline
  package mutating func sections(tick: Int, recorded: [UInt64], width: Int, state: State) {
    hashesChecked += 1
    compareSections(tick: tick, recorded: recorded, width: width, state: state)
  }

  /// The end record: its final hash and its section hashes count as one recorded hash, as
  /// the inspector's list of checks counts them.
  @usableFromInline
  package mutating func final(tick: Int, recorded: ReplayEnd, replayedHash: UInt64, state: State) {
    hashesChecked += 1
    if replayedHash != recorded.finalHash, report == nil {
      report = DesyncReport(
        firstDivergentTick: tick, recordedHash: recorded.finalHash, replayedHash: replayedHash,
        hashBits: 64)
      waitingForSections = true
    }
    compareSections(tick: tick, recorded: recorded.sectionHashes, width: 64, state: state)
  }

  private mutating func compareSections(tick: Int, recorded: [UInt64], width: Int, state: State) {
    let differing = differing(recorded: recorded, width: width, state: state)
    if report == nil {
      guard !differing.isEmpty else { return }
      // The sections differ where the whole-state checkpoints did not (or there were none).
      var found = DesyncReport(
        firstDivergentTick: tick, recordedHash: nil, replayedHash: hashing.hash(state) & Self.mask(width),
        hashBits: width)
      found.sectionsComparedAtTick = tick
      found.sections = described(differing, state)
      report = found
      return
    }
    guard waitingForSections, var current = report else { return }
    current.sectionsComparedAtTick = tick
    current.sections = described(differing, state)
    report = current
    waitingForSections = false
  }

  /// The low `width` bits (16, 32 or 64) that a record keeps of a hash.
  private static func mask(_ width: Int) -> UInt64 {
    width == 64 ? .max : (1 << UInt64(width)) - 1
  }

  /// The sections whose replayed hash, cut to `width` bits, differs from the recorded one.
  private func differing(recorded: [UInt64], width: Int, state: State)
    -> [DesyncReport.Section]
  {
    guard !recorded.isEmpty else { return [] }
    let replayedSections = hashing.sections(state)
    let mask = Self.mask(width)
    var differing: [DesyncReport.Section] = []
    for index in 0..<max(recorded.count, replayedSections.count) {
      let name = index < replayedSections.count ? replayedSections[index].name : "section \(index)"
      let mine = index < replayedSections.count ? replayedSections[index].hash & mask : nil
      let theirs = index < recorded.count ? recorded[index] & mask : nil
      if mine != theirs {
        differing.append(
          DesyncReport.Section(
            name: name, recordedHash: theirs, replayedHash: mine, hashBits: width, fields: []))
      }
    }
    return differing
  }

  /// `sections` with their replayed fields in `state`.
  private func described(_ sections: [DesyncReport.Section], _ state: State)
    -> [DesyncReport.Section]
  {
    sections.map { section in
      var section = section
      let covers = hashing.covers(section.name)
      if covers != [section.name] { section.covers = covers }
      section.fields = covers.flatMap { StateFields.describe(section: $0, of: state) }
      return section
    }
  }
}
