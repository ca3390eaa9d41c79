/// A game's ticks, reachable at any point: the engine's one way to go back and re-simulate.
///
/// It runs a ``Simulation`` forward one tick at a time, keeping every tick's input (run-length,
/// so a held button costs nothing) and a snapshot of the state every ``interval`` ticks. Any
/// tick it holds is then reached by restoring the nearest snapshot at or before it and
/// re-simulating at most `interval - 1` ticks; going forward from where the cursor is costs one
/// tick a step. Rewind in the window (bounded: the oldest snapshots are dropped), the
/// inspector's replay timeline (unbounded) and a rollback (restore tick T, re-run the inputs
/// from there) all move through one.
///
/// ```swift
/// let timeline = TickTimeline<Pong>(start: Pong.initialState(seed: 7, settings: .headless))
/// for _ in 0..<100 { timeline.step(.up) }
/// timeline.seek(to: 40)      // a snapshot and 8 ticks re-simulated
/// timeline.truncate()        // forget ticks 41...100: the next step starts a new future
/// timeline.step(.down)
/// ```
///
/// Re-simulating assumes the game is deterministic and keeps all it needs in its state
/// (timers and async work of the store are not snapshotted). The store's subscribers hear a
/// seek that restores a snapshot once, as after one batch, not once per re-simulated tick; a
/// seek a few ticks ahead steps them, and they hear each step as after ``step(_:)``.
public final class TickTimeline<G: Game> {
  /// Ticks between two snapshots: a seek re-simulates at most this many minus one.
  public let interval: Int
  /// Snapshots kept, the oldest dropped first; nil keeps every one.
  public let capacity: Int?
  /// The game at ``tick``: subscribe to its store to watch it.
  public let simulation: Simulation<G>
  /// The tick the simulation is at, counted from the timeline's start (0).
  public private(set) var tick = 0
  /// The last tick the timeline holds (its input is known).
  public private(set) var end = 0
  /// When false, a seek that cannot step forward re-simulates from the oldest snapshot rather
  /// than the nearest: for a state that a restored snapshot fails to reproduce.
  public var seeksFromNearestSnapshot = true

  /// `snapshots[i]` is the state at tick `(firstSnapshot + i - snapshotHead) * interval`.
  private var snapshots: [G.State] = []
  private var snapshotHead = 0
  /// The number, in intervals, of the oldest snapshot kept.
  private var firstSnapshot = 0
  /// `runEnds[i]` is the last tick run `i`'s input was held: run `i` covers the ticks after
  /// `runEnds[i - 1]` (after 0 for the first) through `runEnds[i]`.
  private var runEnds: [Int] = []
  private var runInputs: [TickInput] = []

  /// A timeline from `start` (tick 0), a snapshot every `interval` ticks, at most `capacity`
  /// of them.
  public init(start: G.State, interval: Int = 8, capacity: Int? = nil) {
    precondition(interval >= 1, "a timeline's snapshot interval must be at least 1")
    precondition(capacity.map { $0 >= 1 } ?? true, "a timeline keeps at least one snapshot")
    self.interval = interval
    self.capacity = capacity
    simulation = Simulation(state: start)
    snapshots.append(start)
  }

  /// The game's state at ``tick``.
  public var state: G.State { simulation.state }

  /// The oldest tick the timeline can reach now.
  public var oldest: Int { firstSnapshot * interval }

  /// Runs one tick with `input` and keeps it. From a tick before ``end`` (after a seek back),
  /// the ticks after ``tick`` are forgotten first: this starts a new future.
  public func step(_ input: TickInput) {
    if tick < end { truncate() }
    simulation.step(input)
    tick += 1
    end = tick
    if let last = runInputs.last, last == input {
      runEnds[runEnds.count - 1] = tick
    } else {
      runEnds.append(tick)
      runInputs.append(input)
    }
    if tick % interval == 0 { keepSnapshot() }
  }

  /// Moves the simulation to `target`: a few steps forward when it is close ahead, otherwise the
  /// nearest snapshot at or before it and re-simulation from there. Nothing is forgotten.
  ///
  /// - Precondition: `oldest...end` contains `target`.
  public func seek(to target: Int) {
    precondition(
      (oldest...end).contains(target), "tick \(target) is outside the timeline's \(oldest)...\(end)"
    )
    if tick <= target && target - tick < interval {
      while tick < target {
        tick += 1
        simulation.step(input(at: tick))
      }
      return
    }
    let number = seeksFromNearestSnapshot ? target / interval : firstSnapshot
    let from = number * interval
    simulation.resimulate(
      from: snapshots[snapshotHead + number - firstSnapshot],
      inputs: InputsBetween(timeline: self, after: from, through: target))
    tick = target
  }

  /// The state at `tick` as the timeline kept it, when it keeps a snapshot of that tick (a
  /// multiple of ``interval`` from ``oldest`` through ``end``), without moving the simulation:
  /// what a rollback match hashes a confirmed tick from.
  public func snapshot(at tick: Int) -> G.State? {
    guard tick % interval == 0, (oldest...end).contains(tick) else { return nil }
    return snapshots[snapshotHead + tick / interval - firstSnapshot]
  }

  /// Forgets the ticks after ``tick``: the future of a timeline that was rewound.
  public func truncate() {
    guard tick < end else { return }
    let kept = tick / interval - firstSnapshot + 1
    snapshots.removeLast(snapshots.count - snapshotHead - kept)
    if tick == 0 {
      runEnds.removeAll()
      runInputs.removeAll()
    } else {
      let run = runIndex(ofTick: tick)
      runEnds.removeLast(runEnds.count - run - 1)
      runInputs.removeLast(runInputs.count - run - 1)
      runEnds[run] = tick
    }
    end = tick
  }

  /// The input that made tick `tick` from the tick before; none at tick 0 or past ``end``.
  public func input(at tick: Int) -> TickInput {
    guard tick >= 1, tick <= end else { return [] }
    return runInputs[runIndex(ofTick: tick)]
  }

  /// Calls `body` with the input of every tick from `first` through `last`, in order.
  public func forEachInput(from first: Int, through last: Int, _ body: (TickInput) throws -> Void)
    rethrows
  {
    let (first, last) = (max(1, first), min(last, end))
    guard first <= last else { return }
    var run = runIndex(ofTick: first)
    for tick in first...last {
      if runEnds[run] < tick { run += 1 }
      try body(runInputs[run])
    }
  }

  /// The run that holds `tick` (1...end).
  private func runIndex(ofTick tick: Int) -> Int {
    var low = 0
    var high = runEnds.count - 1
    while low < high {
      let middle = (low + high) / 2
      if runEnds[middle] < tick { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func keepSnapshot() {
    snapshots.append(simulation.state)
    guard let capacity, snapshots.count - snapshotHead > capacity else { return }
    snapshotHead += 1
    firstSnapshot += 1
    if snapshotHead >= capacity {
      snapshots.removeFirst(snapshotHead)
      snapshotHead = 0
    }
  }

  /// The inputs of the ticks after `after` through `through`, without copying them out.
  private struct InputsBetween: Sequence, IteratorProtocol {
    let timeline: TickTimeline
    var tick: Int
    let last: Int
    var run = 0

    init(timeline: TickTimeline, after: Int, through last: Int) {
      self.timeline = timeline
      tick = after
      self.last = last
      if after < last { run = timeline.runIndex(ofTick: after + 1) }
    }

    mutating func next() -> TickInput? {
      guard tick < last else { return nil }
      tick += 1
      if timeline.runEnds[run] < tick { run += 1 }
      return timeline.runInputs[run]
    }
  }
}
