import Synchronization

/// What ran an action through the reducer; middleware and recorders use it to tell external
/// input (which a replay must store) from input the simulation derives by itself.
public enum ActionOrigin: UInt8, Sendable, Equatable {
  /// ``Store/send(_:)`` from outside the store.
  case send
  /// The tick action of ``Store/step(_:)``.
  case tick
  /// A `.send`/`.merge` effect of an earlier action. Derived: replays recompute it.
  case effect
  /// An `.after` timer. Derived: replays recompute it.
  case timer
  /// A result of `.run` async work: external, since the work is not deterministic.
  case async
}

/// A timer waiting for its tick.
@usableFromInline
struct PendingTimer<Action> {
  @usableFromInline var dueTick: Int
  /// Breaks ties between timers due at the same tick: the one scheduled first fires first.
  @usableFromInline var sequence: Int
  @usableFromInline var action: Action
  @usableFromInline var id: EffectID?
}

/// Timers and async work of one store: which are pending, and the results waiting to be drained.
///
/// Timers live on the store's thread. Async work runs in tasks and hands its results to the
/// mutex-guarded inbox, from which the store takes them, in arrival order, at tick boundaries.
@usableFromInline
final class EffectRuntime<Action>: @unchecked Sendable {
  // Safety: `timers` and `nextTimerSequence` are touched only by the owning store's thread;
  // everything shared with tasks is inside `inbox`.

  /// Sorted by (dueTick, sequence).
  @exclusivity(unchecked) @usableFromInline var timers: [PendingTimer<Action>] = []
  @usableFromInline var nextTimerSequence = 0

  struct TaskRecord {
    let token: Int
    let id: EffectID?
    var task: Task<Void, Never>?
    /// Closed when the work is cancelled or returns: its `Send` delivers nothing after that,
    /// even if the work let it escape.
    let gate: Gate
  }

  /// Whether a piece of async work may still deliver.
  final class Gate: Sendable {
    let isOpen = Mutex(true)
    func close() { isOpen.withLock { $0 = false } }
  }

  struct Inbox {
    var nextToken = 0
    var running: [TaskRecord] = []
    /// Tokens of work cancelled while its results may still be arriving.
    var cancelled: [Int] = []
    var delivered: [(id: EffectID?, action: Action)] = []
  }

  let inbox = Mutex(Inbox())

  /// True once any async work was started: only then can results arrive, so until then a
  /// tick need not take the inbox's lock to find it empty. Store thread only.
  @exclusivity(unchecked) @usableFromInline var hasStartedWork = false

  @usableFromInline init() {}

  // MARK: Timers

  @usableFromInline
  func schedule(_ action: Action, dueTick: Int, id: EffectID?) {
    let timer = PendingTimer(
      dueTick: dueTick, sequence: nextTimerSequence, action: action, id: id)
    nextTimerSequence += 1
    // Binary search for the first timer due later: ties keep scheduling order.
    var low = 0
    var high = timers.count
    while low < high {
      let mid = (low + high) / 2
      if timers[mid].dueTick <= dueTick { low = mid + 1 } else { high = mid }
    }
    timers.insert(timer, at: low)
  }

  /// Removes and returns the first timer due at or before `tick`, if any.
  @usableFromInline
  func popDueTimer(at tick: Int) -> PendingTimer<Action>? {
    guard let first = timers.first, first.dueTick <= tick else { return nil }
    return timers.removeFirst()
  }

  // MARK: Async work

  func start(
    id: EffectID?, environment: Any, work: @escaping Effect<Action>.Work
  ) {
    let box = UncheckedSendable(environment)
    hasStartedWork = true
    let gate = Gate()
    let token = inbox.withLock { inbox in
      defer { inbox.nextToken += 1 }
      inbox.running.append(TaskRecord(token: inbox.nextToken, id: id, task: nil, gate: gate))
      return inbox.nextToken
    }
    let send = Send<Action> { [weak self] action in
      // The gate is checked under the inbox's lock, where cancel closes it: once `cancel(id:)`
      // or the work's end has passed, nothing more is delivered.
      self?.inbox.withLock { inbox in
        guard gate.isOpen.withLock({ $0 }), !inbox.cancelled.contains(token) else { return }
        inbox.delivered.append((id, UncheckedSendable(action).value))
      }
    }
    let task = Task { [weak self] in
      await work(box.value, send)
      self?.finish(token: token)
    }
    inbox.withLock { inbox in
      if let index = inbox.running.firstIndex(where: { $0.token == token }) {
        inbox.running[index].task = task
      }
    }
  }

  private func finish(token: Int) {
    inbox.withLock { inbox in
      for record in inbox.running where record.token == token { record.gate.close() }
      inbox.running.removeAll { $0.token == token }
      inbox.cancelled.removeAll { $0 == token }
    }
  }

  /// Cancels timers and tasks started with `id`, and drops their undelivered results.
  @usableFromInline
  func cancel(id: EffectID) {
    timers.removeAll { $0.id == id }
    let tasks: [Task<Void, Never>] = inbox.withLock { inbox in
      let matching = inbox.running.filter { $0.id == id }
      for record in matching {
        record.gate.close()
        inbox.cancelled.append(record.token)
      }
      let tokens = matching.map(\.token)
      inbox.running.removeAll { tokens.contains($0.token) }
      inbox.delivered.removeAll { $0.id == id }
      return matching.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every timer and task.
  func cancelAll() {
    timers.removeAll()
    let tasks: [Task<Void, Never>] = inbox.withLock { inbox in
      for record in inbox.running { record.gate.close() }
      inbox.cancelled.append(contentsOf: inbox.running.map(\.token))
      defer { inbox.running.removeAll() }
      inbox.delivered.removeAll()
      return inbox.running.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Takes the results delivered so far, in arrival order.
  func takeDelivered() -> [Action] {
    inbox.withLock { inbox in
      guard !inbox.delivered.isEmpty else { return [] }
      defer { inbox.delivered.removeAll(keepingCapacity: true) }
      return inbox.delivered.map { UncheckedSendable($0.action) }.map(\.value)
    }
  }

  var hasDelivered: Bool { inbox.withLock { !$0.delivered.isEmpty } }

  /// Tasks still running.
  func runningTasks() -> [Task<Void, Never>] {
    inbox.withLock { $0.running.compactMap(\.task) }
  }

  deinit {
    cancelAll()
  }
}

/// Moves a value the type system cannot prove sendable across an isolation boundary.
///
/// Used for the environment handed to `.run` work (whose signature requires it to be `Sendable`)
/// and for actions crossing the inbox's lock.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline let value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
