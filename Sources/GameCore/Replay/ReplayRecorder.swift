/// Records a game as it is played: inputs, external actions and hashes, flushed chunk by chunk.
///
/// Call ``record(_:after:)`` once per tick, after the simulation has run the tick, with the
/// input of that tick and the state it produced; call ``finish(state:)`` at the end. Every
/// ``ReplayFormat/defaultChunkTicks`` ticks a complete chunk record (with its own CRC) goes to
/// the sink, so a killed process loses at most that many ticks.
///
/// ```swift
/// let recorder = try ReplayRecorder(header: header, sink: ReplayFileSink(path: "run.replay"))
/// for _ in 0..<ticks {
///   let input = bot.input(for: simulation.state)
///   simulation.step(input)
///   try recorder.record(input, after: simulation.state)
/// }
/// try recorder.finish(state: simulation.state)
/// ```
public final class ReplayRecorder {
  /// Ticks recorded so far.
  public private(set) var tick = 0
  /// Bytes handed to the sink so far.
  public private(set) var bytesWritten = 0

  private var encoder: ReplayEncoder
  private let sink: any ReplaySink
  private let chunkTicks: Int
  private let interval: Int
  private var chunkStart = 0
  private var runs: [InputRun] = []
  private var externals: [ExternalAction] = []
  private var pendingExternals: [[UInt8]] = []
  private var checkpoints: [ReplayChunk.Checkpoint] = []
  private var finished = false

  /// Starts a recording and writes the header to `sink`; when even that fails (a full disk)
  /// the sink is discarded, so no empty file is left.
  public init(
    header: ReplayHeader, sink: any ReplaySink, chunkTicks: Int = ReplayFormat.defaultChunkTicks
  ) throws {
    precondition((1...ReplayFormat.maxChunkTicks).contains(chunkTicks), "chunk size out of range")
    self.encoder = ReplayEncoder(header: header)
    self.sink = sink
    self.chunkTicks = chunkTicks
    self.interval = Int(header.checkpointInterval)
    do {
      try emit(encoder.headerRecord())
    } catch {
      sink.discard()
      throw error
    }
  }

  /// Records an external action that the simulation is about to receive before the next tick.
  public func recordExternal(_ payload: [UInt8]) {
    precondition(payload.count <= ReplayFormat.maxExternalActionBytes, "external action too big")
    pendingExternals.append(payload)
  }

  /// Records the input of the tick just run and, at checkpoints, the hash of the state after it
  /// and a short hash of each of its sections.
  public func record(_ input: TickInput, after state: some ReplayHashable) throws {
    precondition(!finished, "record called after finish")
    precondition(
      UInt64(input.rawValue) >> UInt64(encoder.header.inputBits) == 0,
      "tick input with unused bits set")
    precondition(axesFit(input), "tick input with an axis outside its range, or an unused one set")
    tick += 1
    for payload in pendingExternals {
      externals.append(ExternalAction(tick: tick, payload: payload))
    }
    pendingExternals.removeAll(keepingCapacity: true)
    if let last = runs.last, last.input == input {
      runs[runs.count - 1].length += 1
    } else {
      runs.append(InputRun(input, length: 1))
    }
    if tick % interval == 0 {
      checkpoints.append(
        .init(
          tick: tick, hash: UInt32(truncatingIfNeeded: state.stableHash),
          sections: state.hashSections.map { UInt16(truncatingIfNeeded: $0.hash) }))
    }
    if tick - chunkStart == chunkTicks { try flushChunk(state: state) }
  }

  /// Gives the recording up: the sink removes what it wrote (a run that failed, or was
  /// interrupted, leaves nothing behind).
  public func discard() { sink.discard() }

  /// Writes the last chunk and the end record, then commits the sink.
  ///
  /// - Returns: The final state's full hash.
  @discardableResult
  public func finish(state: some ReplayHashable) throws -> UInt64 {
    precondition(!finished, "finish called twice")
    finished = true
    if tick > chunkStart { try flushChunk(state: state) }
    let finalHash = state.stableHash
    try emit(encoder.endRecord(finalHash: finalHash, sectionHashes: state.hashSections.map(\.hash)))
    try sink.commit()
    return finalHash
  }

  /// True when each of the input's axes is within the header's range for it, and the axes the
  /// game does not have are 0.
  private func axesFit(_ input: TickInput) -> Bool {
    guard input.hasAxisValues else { return true }
    let ranges = encoder.header.axisRanges
    for index in 0..<TickInput.maxAxes {
      let value = input[axis: index]
      if index < ranges.count ? !ranges[index].contains(value) : value != 0 { return false }
    }
    return true
  }

  private func flushChunk(state: some ReplayHashable) throws {
    let sections = state.hashSections.map { UInt32(truncatingIfNeeded: $0.hash) }
    precondition(sections.count <= ReplayFormat.maxSections, "too many state sections")
    let chunk = ReplayChunk(
      firstTick: chunkStart, runs: runs, externalActions: externals, checkpoints: checkpoints,
      sectionHashes: sections)
    try emit(encoder.chunkRecord(chunk))
    chunkStart = tick
    runs.removeAll(keepingCapacity: true)
    externals.removeAll(keepingCapacity: true)
    checkpoints.removeAll(keepingCapacity: true)
  }

  private func emit(_ bytes: [UInt8]) throws {
    try sink.write(bytes)
    bytesWritten += bytes.count
  }
}
