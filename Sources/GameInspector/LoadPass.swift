import GameCore

/// The one pass over a replay that ``ReplayTimeline`` makes when it loads: snapshots, every
/// tick's hash, each recorded hash's outcome, the desync report and the metrics.
struct LoadPass<G: Game> {
  let header: ReplayHeader
  let settings: G.Settings
  let interval: Int
  var reader: ReplayReader
  /// The replay's ticks as they are played: snapshots and inputs for every later seek.
  let timeline: TickTimeline<G>
  var hashes: [UInt64] = []
  var checks: [ReplayTimeline<G>.RecordedCheck] = []
  var checker: DesyncChecker<G.State>
  /// The hashes of the file's rules version (``LegacyHashing`` for an older one).
  let hashing: StateHashing<G.State>
  var metrics: MetricSampler<G>
  let ticks: Int

  init(bytes: [UInt8], allowPartial: Bool, ticks: Int, interval: Int) throws(ReplayError) {
    reader = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
    header = reader.header
    // The checks ReplayPlayer makes, in its order, so both refuse a file the same way.
    guard header.gameID.isEmpty || header.gameID == G.id else {
      throw .gameMismatch(found: header.gameID, expected: G.id)
    }
    guard Int(header.inputBits) == G.buttons.bitCount else {
      throw .inputBitsMismatch(found: Int(header.inputBits), expected: G.buttons.bitCount)
    }
    guard let hashing = Simulation<G>.hashing(version: header.gameVersion) else {
      throw .gameVersionMismatch(found: header.gameVersion, expected: G.version)
    }
    guard Simulation<G>.playsAxes(of: header) else {
      throw .axesMismatch(found: header.axisRanges, expected: G.buttons.axisRanges)
    }
    self.hashing = hashing
    checker = DesyncChecker(hashing: hashing)
    do {
      settings = try G.Settings(encoded: header.settings)
    } catch {
      throw .badSettings(reason: "\(error)")
    }
    precondition(interval >= 1, "the snapshot interval must be at least 1")
    self.interval = interval
    self.ticks = ticks
    metrics = MetricSampler(ticks: ticks)
    timeline = TickTimeline(
      start: G.initialState(seed: header.seed, settings: settings), interval: interval)
    hashes.reserveCapacity(ticks + 1)
  }

  mutating func run(ending: ReplayReader.Ending) throws(ReplayError) {
    let simulation = timeline.simulation
    var tick = 0
    observe(tick: 0, simulation.state)
    while let chunk = try reader.nextChunk() {
      if let external = chunk.externalActions.first {
        throw .unsupportedExternalAction(atTick: external.tick)
      }
      var checkpoints = chunk.checkpoints[...]
      for run in chunk.runs {
        for _ in 0..<run.length {
          tick += 1
          timeline.step(run.input)
          let state = simulation.state
          observe(tick: tick, state)
          while let checkpoint = checkpoints.first, checkpoint.tick <= tick {
            checkpoints.removeFirst()
            guard checkpoint.tick == tick else { continue }
            checks.append(
              .init(
                tick: tick, matched: UInt32(truncatingIfNeeded: hashes[tick]) == checkpoint.hash))
            checker.checkpoint(
              tick: tick, recorded: checkpoint.hash, sections: checkpoint.sections, state: state)
          }
        }
      }
      let state = simulation.state
      let recorded = chunk.sectionHashes.map(UInt64.init)
      checks.append(.init(tick: tick, matched: sectionsMatch(recorded, width: 32, state)))
      checker.sections(tick: tick, recorded: recorded, width: 32, state: state)
    }
    if case .complete(let end) = ending {
      let state = simulation.state
      let matched =
        end.finalHash == hashes[tick] && sectionsMatch(end.sectionHashes, width: 64, state)
      checks.append(.init(tick: tick, matched: matched))
      checker.final(tick: tick, recorded: end, replayedHash: hashes[tick], state: state)
    }
  }

  private mutating func observe(tick: Int, _ state: G.State) {
    hashes.append(hashing.hash(state))
    metrics.observe(tick: tick, state: state, last: tick == ticks)
  }

  private func sectionsMatch(_ recorded: [UInt64], width: Int, _ state: G.State) -> Bool {
    let mask: UInt64 = width == 64 ? .max : (1 << UInt64(width)) - 1
    let mine = hashing.sections(state)
    guard mine.count == recorded.count else { return false }
    return zip(mine, recorded).allSatisfy { $0.hash & mask == $1 & mask }
  }
}
