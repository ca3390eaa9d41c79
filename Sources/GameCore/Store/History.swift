/// How much history a store keeps: `capacity` snapshots, one every `interval` batches.
///
/// Memory stays within `capacity` state copies plus the external input of at most
/// `capacity × interval` batches, however long the store runs. A larger `interval` trades
/// memory for the time to re-reduce up to `interval - 1` batches on restore.
public struct HistoryPolicy: Sendable, Equatable {
  /// Snapshots kept; the oldest is dropped first.
  public var capacity: Int
  /// Batches between snapshots.
  public var interval: Int

  /// Creates a policy; both numbers are at least 1.
  public init(capacity: Int, interval: Int = 1) {
    self.capacity = max(1, capacity)
    self.interval = max(1, interval)
  }
}

/// What a store's history holds in memory now: the figures its bound is about.
public struct HistoryStorage: Sendable, Equatable {
  /// State snapshots held, counting ones past the bound that wait to be released in bulk;
  /// never more than twice the policy's capacity.
  public var snapshots: Int
  /// Logged external inputs held, counting ones past the bound that wait to be released in
  /// bulk; about twice the input of `capacity × interval` batches at most.
  public var inputs: Int
}

/// Snapshots of the store plus the external input since the oldest one.
@usableFromInline
struct History<State, Action> {
  enum Input {
    case send(Action)
    case step(Action?)
    case async(Action)
  }

  struct Checkpoint {
    var revision: Int
    var state: State
    var tick: Int
    var timers: [PendingTimer<Action>]
    var timerSequence: Int
  }

  let policy: HistoryPolicy
  private(set) var checkpoints: [Checkpoint] = []
  private var checkpointHead = 0
  private var log: [(revision: Int, input: Input)] = []
  private var logHead = 0

  init(policy: HistoryPolicy) {
    self.policy = policy
  }

  /// Number of snapshots held now.
  var count: Int { checkpoints.count - checkpointHead }
  var oldestRevision: Int? { count > 0 ? checkpoints[checkpointHead].revision : nil }
  /// Batches of input held now (for the memory bound).
  var loggedInputs: Int { log.count - logHead }
  /// Everything held, reachable or waiting to be released.
  var storage: HistoryStorage { HistoryStorage(snapshots: checkpoints.count, inputs: log.count) }

  mutating func beginBatch(
    revision: Int, state: State, tick: Int, effects: EffectRuntime<Action>
  ) {
    guard revision % policy.interval == 0 else { return }
    let checkpoint = Checkpoint(
      revision: revision, state: state, tick: tick, timers: effects.timers,
      timerSequence: effects.nextTimerSequence)
    if let last = checkpoints.last, count > 0, last.revision == revision {
      checkpoints[checkpoints.count - 1] = checkpoint
      return
    }
    checkpoints.append(checkpoint)
    if count > policy.capacity {
      checkpointHead += 1
      dropLog(before: checkpoints[checkpointHead].revision)
      if checkpointHead >= policy.capacity {
        checkpoints.removeFirst(checkpointHead)
        checkpointHead = 0
      }
    }
  }

  mutating func log(_ input: Input, revision: Int) {
    log.append((revision, input))
  }

  private mutating func dropLog(before revision: Int) {
    while logHead < log.count && log[logHead].revision < revision { logHead += 1 }
    if logHead > 64 && logHead * 2 > log.count {
      log.removeFirst(logHead)
      logHead = 0
    }
  }

  /// The newest snapshot at or before `revision`.
  func checkpoint(atOrBefore revision: Int) -> Checkpoint? {
    var index = checkpoints.count - 1
    while index >= checkpointHead {
      if checkpoints[index].revision <= revision { return checkpoints[index] }
      index -= 1
    }
    return nil
  }

  /// The input of batches `from ..< to`, in order.
  func inputs(from start: Int, to end: Int) -> [Input] {
    log[logHead...].filter { $0.revision >= start && $0.revision < end }.map(\.input)
  }

  /// Forgets everything from batch `revision` on: the future of a timeline that was undone.
  mutating func truncate(from revision: Int) {
    while checkpoints.count > checkpointHead
      && checkpoints[checkpoints.count - 1].revision > revision
    {
      checkpoints.removeLast()
    }
    while log.count > logHead && log[log.count - 1].revision >= revision {
      log.removeLast()
    }
  }
}

extension StoreMisuse {
  /// `undo()` or `restore(to:)` was called from inside a reducer, subscriber or middleware.
  public static let restoreWhileProcessing = """
    Store.undo()/restore(to:) was called while the store was handling an action. Restoring \
    replaces the state, timers and history under the action being handled, and the rest of that \
    batch would run on a timeline that no longer exists. Call undo or restore from the code that \
    drives the store, between batches; from a reducer, subscriber or middleware, send an action \
    and restore after the batch.
    """
}

extension Store {
  /// What history holds in memory now, or `nil` without history.
  public var historyStorage: HistoryStorage? { history?.storage }

  /// The revisions ``restore(to:)`` can reach now, or `nil` without history.
  public var restorableRevisions: ClosedRange<Int>? {
    guard let oldest = history?.oldestRevision else { return nil }
    return oldest...revision
  }

  /// Goes back one batch: the state before the last `send`, step or drain.
  ///
  /// - Returns: `false` when history holds nothing older (the bound was reached).
  @discardableResult
  public func undo() -> Bool {
    guard history != nil else { fatalError(StoreMisuse.historyDisabled) }
    guard !flags[.processing] else { fatalError(StoreMisuse.restoreWhileProcessing) }
    guard let range = restorableRevisions, revision - 1 >= range.lowerBound else { return false }
    restore(to: revision - 1)
    return true
  }

  /// Restores the state as it was after `target` batches: the nearest snapshot at or before
  /// it, then that snapshot's logged input re-reduced up to `target`.
  ///
  /// Timers come back as they were; async work still running is cancelled, since its results
  /// would land in a timeline that no longer exists. Subscribers are notified as after a
  /// batch. What happened after `target` is forgotten: sending an action starts a new timeline
  /// there.
  ///
  /// > Important: Re-reducing assumes the reducer is pure and does not send to the store it
  /// > runs in; input from subscribers and async work is in the log and is replayed from it.
  public func restore(to target: Int) {
    guard var history else { fatalError(StoreMisuse.historyDisabled) }
    guard !flags[.processing] else { fatalError(StoreMisuse.restoreWhileProcessing) }
    guard target <= revision, let checkpoint = history.checkpoint(atOrBefore: target) else {
      fatalError(
        StoreMisuse.revisionNotInHistory(
          target, oldest: history.oldestRevision, newest: revision))
    }
    effects.cancelAll()
    currentState = checkpoint.state
    tickCount = checkpoint.tick
    effects.timers = checkpoint.timers
    effects.nextTimerSequence = checkpoint.timerSequence
    let inputs = history.inputs(from: checkpoint.revision, to: target)
    history.truncate(from: target)

    // Re-reduce with logging, middleware and async work off.
    self.history = nil
    isReplayingHistory = true
    flags[.processing] = true
    for input in inputs {
      switch input {
      case .send(let action):
        process(action, origin: .send)
        drainQueue()
      case .step(let action):
        runTick(action)
      case .async(let action):
        process(action, origin: .async)
        drainQueue()
      }
    }
    isReplayingHistory = false
    self.history = history
    batchCount = target
    if subscribers.isActive { notifySubscribers() }
    flags[.processing] = false
  }
}
