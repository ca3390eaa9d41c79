/// Replays a file headless through a simulation and, when asked, checks every recorded hash.
///
/// The checks cost one stable hash every checkpoint interval and one set of section hashes per
/// chunk, so verifying is nearly as fast as replaying. On the first mismatch it keeps a copy
/// of the replayed state at that tick and, at the next point where section hashes were
/// recorded, names the sections that differ: that is the ``DesyncReport``.
public struct ReplayPlayer<Simulation: ReplayableSimulation> {
  /// What a replay run found.
  public struct Outcome {
    /// The simulation after the last replayed tick.
    public var simulation: Simulation
    /// The file's header.
    public var header: ReplayHeader
    /// Ticks replayed.
    public var ticks: Int
    /// The full stable hash of the final state.
    public var finalHash: UInt64
    /// Whether the file had its end record, or where it stopped.
    public var ending: ReplayReader.Ending
    /// Hashes compared (checkpoints, section records and the final hash); 0 without verify.
    public var hashesChecked: Int
    /// The first divergence, when verifying found one.
    public var desync: DesyncReport?

    /// True when verification ran and every recorded hash matched.
    public var verified: Bool { desync == nil && hashesChecked > 0 }

    @usableFromInline
    init(
      simulation: Simulation, header: ReplayHeader, ticks: Int, finalHash: UInt64,
      ending: ReplayReader.Ending, hashesChecked: Int, desync: DesyncReport?
    ) {
      self.simulation = simulation
      self.header = header
      self.ticks = ticks
      self.finalHash = finalHash
      self.ending = ending
      self.hashesChecked = hashesChecked
      self.desync = desync
    }
  }

  /// Checks `bytes` before anything is played or drawn: every record's CRC and the file's
  /// checksum, the ticks it asks for (times the work of a tick under its settings) against
  /// `limits`, and that it is a file of this game at this rules version and input width.
  ///
  /// What `replay --verify`, `--frames` and `--video` all apply first, so none of them can be
  /// kept busy longer than `--max-ticks` allows.
  ///
  /// - Returns: The reader after the last record (its ``ReplayReader/ending``) and the number
  ///   of ticks the file holds.
  @inlinable
  public static func check(
    _ bytes: [UInt8], allowPartial: Bool = false, limits: ReplayLimits = .default
  ) throws(ReplayError) -> (reader: ReplayReader, ticks: Int) {
    var checking = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
    var claimed = 0
    while let chunk = try checking.nextChunk() {
      for run in chunk.runs { claimed += run.length }
    }
    let work = Simulation.workPerTick(for: checking.header)
    if claimed > limits.maxTicks / work {
      throw .tooMuchWork(ticks: claimed, workPerTick: work, limit: limits.maxTicks)
    }
    let header = checking.header
    // A version-1 file names no game: whoever chose this simulation chose its game.
    guard header.gameID.isEmpty || header.gameID == Simulation.gameID else {
      throw .gameMismatch(found: header.gameID, expected: Simulation.gameID)
    }
    guard Int(header.inputBits) == Simulation.inputBits else {
      throw .inputBitsMismatch(found: Int(header.inputBits), expected: Simulation.inputBits)
    }
    guard Simulation.hashing(version: header.gameVersion) != nil else {
      throw .gameVersionMismatch(found: header.gameVersion, expected: Simulation.gameVersion)
    }
    // Settings that do not decode are one typed error here, before any drawing or sound.
    _ = try Simulation(replaying: header)
    return (checking, claimed)
  }

  /// Replays `bytes`.
  ///
  /// Before any tick runs, the whole file is read once: every record's CRC, the file's
  /// checksum and the ticks it asks for (times the work of a tick under its settings) against
  /// `limits`. With `limits.stopAtDivergence`, replaying stops at the end of the chunk where
  /// the first divergence was found (its report is complete there).
  ///
  /// - Parameters:
  ///   - bytes: A whole replay file.
  ///   - verify: Compare the replayed hashes with the recorded ones.
  ///   - allowPartial: Accept a file without its end record (see ``ReplayReader``).
  ///   - limits: What the file may ask for (``ReplayLimits/default``).
  ///   - progress: Called after every chunk with the bytes read so far and the file size.
  @inlinable
  public static func play(
    _ bytes: [UInt8], verify: Bool, allowPartial: Bool = false,
    limits: ReplayLimits = .default,
    progress: ((_ bytesRead: Int, _ byteCount: Int) -> Void)? = nil
  ) throws(ReplayError) -> Outcome {
    let (checking, _) = try check(bytes, allowPartial: allowPartial, limits: limits)
    var reader = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
    let header = reader.header
    var simulation = try Simulation(replaying: header)
    let hashing = Simulation.hashing(version: header.gameVersion) ?? .current
    var checker = DesyncChecker<Simulation.State>(hashing: hashing)
    var tick = 0
    while let chunk = try reader.nextChunk() {
      var checkpointIndex = 0
      var nextCheckpoint = chunk.checkpoints.first?.tick ?? Int.max
      var externalIndex = 0
      var nextExternal = chunk.externalActions.first?.tick ?? Int.max
      for run in chunk.runs {
        for _ in 0..<run.length {
          tick += 1
          while nextExternal == tick {
            try simulation.deliver(chunk.externalActions[externalIndex])
            externalIndex += 1
            nextExternal =
              externalIndex < chunk.externalActions.count
              ? chunk.externalActions[externalIndex].tick : Int.max
          }
          simulation.step(run.input)
          if tick == nextCheckpoint {
            if verify {
              let checkpoint = chunk.checkpoints[checkpointIndex]
              checker.checkpoint(
                tick: tick, recorded: checkpoint.hash, sections: checkpoint.sections,
                state: simulation.state)
            }
            checkpointIndex += 1
            nextCheckpoint =
              checkpointIndex < chunk.checkpoints.count
              ? chunk.checkpoints[checkpointIndex].tick : Int.max
          }
        }
      }
      if verify {
        checker.sections(
          tick: tick, recorded: chunk.sectionHashes.map(UInt64.init), width: 32,
          state: simulation.state)
      }
      progress?(reader.bytesRead, reader.byteCount)
      if limits.stopAtDivergence && checker.report != nil { break }
    }
    let finalHash = hashing.hash(simulation.state)
    guard let ending = checking.ending else { throw .truncated(atOffset: checking.bytesRead) }
    if verify, case .complete(let end) = ending {
      checker.final(tick: tick, recorded: end, replayedHash: finalHash, state: simulation.state)
    }
    return Outcome(
      simulation: simulation, header: header, ticks: tick, finalHash: finalHash, ending: ending,
      hashesChecked: checker.hashesChecked, desync: checker.report)
  }
}
