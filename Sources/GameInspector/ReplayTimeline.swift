import GameCore

/// The whole history of one replay, reachable at any tick: what the inspector serves.
///
/// Loading plays the file once (after the same hostile-input checks and limits as
/// ``ReplayPlayer``) on a ``TickTimeline``, which keeps a snapshot of the state every
/// ``snapshotInterval`` ticks and every tick's input, and keeps the stable hash of every tick,
/// the outcome of every recorded hash and the game's metrics over the whole replay. Any tick is
/// then reached by the timeline's seek: the nearest snapshot at or before it and at most
/// ``snapshotInterval`` − 1 ticks re-simulated; stepping forward from where the last request
/// left off costs one tick.
///
/// ```swift
/// let timeline = try ReplayTimeline<Pong>(bytes: try ReplayFile.read(path: "pong.replay"))
/// let state = timeline.state(at: 1_000)
/// let changed = StateTree(of: state).changes(since: StateTree(of: timeline.state(at: 999)))
/// ```
///
/// > Important: Not thread-safe: seeking moves one shared simulation. A server serialises
/// > requests to one timeline.
public final class ReplayTimeline<G: Game> {
  /// The file's header.
  public let header: ReplayHeader
  /// The settings the header records.
  public let settings: G.Settings
  /// Ticks in the file: states exist for ticks `0...ticks`.
  public let ticks: Int
  /// Ticks between two snapshots.
  public let snapshotInterval: Int
  /// The stable hash of every tick's state, tick 0 (the start) first.
  public let hashes: [UInt64]
  /// Every hash the file records, in tick order, and whether the replay matched it.
  public let checks: [RecordedCheck]
  /// The first divergence from the recorded hashes, with the sections that differ.
  public let desync: DesyncReport?
  /// How the file ended (complete, or cut short and read up to its last whole chunk).
  public let ending: ReplayReader.Ending
  /// The game's numeric metrics over the whole replay.
  public let metrics: MetricSeries

  /// The replay's ticks: seeks move its simulation. Its snapshots stop being used once one
  /// failed to reproduce a tick's hash (a game whose timers live outside its state): seeks then
  /// replay from the start, slower but right.
  let timeline: TickTimeline<G>

  /// One hash the file records.
  public struct RecordedCheck: Equatable, Sendable {
    /// The tick it was recorded at.
    public var tick: Int
    /// True when the replayed state's hash matched it.
    public var matched: Bool
  }

  /// Reads and plays `bytes`, keeping what any later request needs.
  ///
  /// - Parameters:
  ///   - bytes: A whole replay file.
  ///   - snapshotInterval: Ticks between snapshots; by default 256, more for replays so long
  ///     that 8,192 snapshots would not cover them.
  ///   - allowPartial: Accept a file without its end record.
  ///   - limits: What the file may ask for, as for `replay`.
  /// - Throws: The ``ReplayError`` that `replay` would report for the same file.
  public init(
    bytes: [UInt8], snapshotInterval: Int? = nil, allowPartial: Bool = false,
    limits: ReplayLimits = .default
  ) throws(ReplayError) {
    var checking = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
    var claimed = 0
    while let chunk = try checking.nextChunk() {
      for run in chunk.runs { claimed += run.length }
    }
    let work = Simulation<G>.workPerTick(for: checking.header)
    if claimed > limits.maxTicks / work {
      throw .tooMuchWork(ticks: claimed, workPerTick: work, limit: limits.maxTicks)
    }
    guard let ending = checking.ending else { throw .truncated(atOffset: checking.bytesRead) }
    var pass = try LoadPass<G>(
      bytes: bytes, allowPartial: allowPartial, ticks: claimed,
      interval: snapshotInterval ?? max(256, (claimed + 8_191) / 8_192))
    try pass.run(ending: ending)
    header = pass.header
    settings = pass.settings
    ticks = claimed
    self.snapshotInterval = pass.interval
    hashes = pass.hashes
    checks = pass.checks
    desync = pass.checker.report
    self.ending = ending
    metrics = pass.metrics.series
    timeline = pass.timeline
  }

  /// The state at `tick` (0 is the start, ``ticks`` the end).
  ///
  /// - Precondition: `0...ticks` contains `tick`.
  public func state(at tick: Int) -> G.State {
    seek(to: tick)
    return timeline.state
  }

  /// The buttons held on `tick` (the input that made tick `tick` from tick `tick - 1`); none
  /// at tick 0.
  public func input(at tick: Int) -> TickInput {
    guard tick >= 1, tick <= ticks else { return [] }
    return timeline.input(at: tick)
  }

  /// The recorded hashes at or before `tick`: how many, and the first that did not match.
  public func verification(through tick: Int) -> (checked: Int, firstMismatch: Int?) {
    var checked = 0
    var mismatch: Int?
    for check in checks {
      guard check.tick <= tick else { break }
      checked += 1
      if !check.matched, mismatch == nil { mismatch = check.tick }
    }
    return (checked, mismatch)
  }

  /// Moves the timeline to `tick`: a step or a few forward when it is close behind, otherwise
  /// the nearest snapshot and re-simulation from there.
  func seek(to tick: Int) {
    precondition((0...ticks).contains(tick), "tick \(tick) is outside 0...\(ticks)")
    let restores = !(timeline.tick <= tick && tick - timeline.tick < snapshotInterval)
    timeline.seek(to: tick)
    // A restored snapshot must reproduce the recorded path; steps from a checked state do.
    if restores, timeline.seeksFromNearestSnapshot, timeline.simulation.hash != hashes[tick] {
      timeline.seeksFromNearestSnapshot = false
      timeline.seek(to: 0)
      timeline.seek(to: tick)
    }
  }

  /// Calls `body` with every tick's state from `first` through `last` in order, until it
  /// returns false.
  public func forEachState(from first: Int, through last: Int, _ body: (Int, G.State) -> Bool) {
    seek(to: first)
    guard body(first, timeline.state) else { return }
    var tick = first
    while tick < last {
      tick += 1
      seek(to: tick)
      guard body(tick, timeline.state) else { return }
    }
  }
}
