/// One self-contained stretch of ticks: the unit the recorder flushes and the reader checks.
///
/// Each chunk carries its own CRC-32, so a file cut short (a killed recorder) still yields
/// every chunk written before the cut. Besides the inputs it holds the checkpoint hashes that
/// fall inside it (with a short hash of each state section, since format 3) and the
/// per-section hashes of the state at its last tick.
public struct ReplayChunk: Equatable, Sendable {
  /// Ticks run before this chunk; its ticks are `firstTick + 1 ... firstTick + tickCount`.
  public var firstTick: Int
  /// The inputs, as runs covering exactly the chunk's ticks.
  public var runs: [InputRun]
  /// External actions, by tick, in delivery order.
  public var externalActions: [ExternalAction]
  /// The low 32 bits of the state hash at each checkpoint tick inside the chunk, in order.
  public var checkpoints: [Checkpoint]
  /// The low 32 bits of each state section's hash at the chunk's last tick, in section order.
  public var sectionHashes: [UInt32]

  /// A state hash recorded at one tick.
  public struct Checkpoint: Equatable, Sendable {
    /// The tick after which the state was hashed.
    public var tick: Int
    /// The low 32 bits of the state's stable hash.
    public var hash: UInt32
    /// The low 16 bits of each state section's hash at that tick, in section order (format 3;
    /// empty in files of formats 1 and 2, which hash sections only at a chunk's end), so a
    /// desync report names the sections that differ at the very tick it names.
    public var sections: [UInt16]

    /// A checkpoint.
    public init(tick: Int, hash: UInt32, sections: [UInt16] = []) {
      self.tick = tick
      self.hash = hash
      self.sections = sections
    }
  }

  /// A chunk.
  public init(
    firstTick: Int, runs: [InputRun], externalActions: [ExternalAction] = [],
    checkpoints: [Checkpoint], sectionHashes: [UInt32]
  ) {
    self.firstTick = firstTick
    self.runs = runs
    self.externalActions = externalActions
    self.checkpoints = checkpoints
    self.sectionHashes = sectionHashes
  }

  /// How many ticks the chunk covers.
  public var tickCount: Int { runs.reduce(0) { $0 + $1.length } }

  /// The ticks that carry a checkpoint inside `firstTick + 1 ... firstTick + count`.
  static func checkpointTicks(firstTick: Int, count: Int, interval: Int) -> StrideTo<Int> {
    let first = (firstTick / interval + 1) * interval
    return stride(from: first, to: firstTick + count + 1, by: interval)
  }
}
