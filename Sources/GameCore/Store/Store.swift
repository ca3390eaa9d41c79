/// The name of ``Store`` until 0.4: a store whose reducer is `R`.
@available(*, deprecated, renamed: "Store")
public typealias StoreOf<R: ReducerProtocol> = Store<R>

/// Holds the one state value, runs every action through the reducer, and runs the effects.
///
/// `Store<Counter>` runs the ``ReducerProtocol`` type `Counter`, which the compiler inlines
/// into `send`; a reducer built from a closure is a ``Reducer``:
/// `Store(initialState: 0, reducer: Reducer { state, action, _ in ... }, environment: ())`.
///
/// `send(_:)` reduces in place (the state is never copied) and then runs the actions the
/// reducer's effects produced, in order. An action sent while another is being reduced, or sent
/// by a subscriber, is queued and handled after the current one: never recursively.
///
/// Subscribers hear of changes after a whole batch: a top-level `send` and everything it
/// queued, or a whole tick (``step(_:)``). A batch notifies once, unless subscribers send
/// actions while being notified: those run after the round, and a further round, still in the
/// same batch, reports what they changed, so that a subscriber hears the change its own action
/// caused. Each round reports a changed value at most once.
///
/// Concurrency: a store belongs to one isolation domain (one thread, or one actor). It is not
/// `Sendable`, so Swift 6 refuses at compile time to share it across threads; run many
/// simulations in parallel with one store each. Async effects run elsewhere and hand their
/// results to a lock-guarded inbox that the store drains at tick boundaries.
public final class Store<R: ReducerProtocol> {
  public typealias State = R.State
  public typealias Action = R.Action
  public typealias Environment = R.Environment

  @usableFromInline let reducer: R
  /// The dependencies handed to the reducer and to async effects.
  public let environment: Environment

  // The hot path touches only these. The store is confined to one thread and never hands out
  // references to them (the reducer gets `currentState` inout only while `.reducing` is set,
  // which guards reads), so the dynamic exclusivity check, ~10 ns a send, is switched off for them.
  @exclusivity(unchecked) @usableFromInline var currentState: State
  /// Every flag `send` looks at, in one byte: all clear means the fast path.
  @exclusivity(unchecked) @usableFromInline var flags: StoreFlags = []
  @exclusivity(unchecked) @usableFromInline var queue: [(action: Action, origin: ActionOrigin)] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0

  @usableFromInline let effects = EffectRuntime<Action>()
  @exclusivity(unchecked) @usableFromInline var middleware:
    [(id: Int, middleware: Middleware<State, Action>)] = []
  @exclusivity(unchecked) @usableFromInline var nextMiddlewareID = 0
  @usableFromInline let subscribers = SubscriberRegistry<State>()
  @exclusivity(unchecked) @usableFromInline var history: History<State, Action>?

  /// Ticks run so far by ``step(_:)`` or ``advanceTick()``; `.after` timers count in these.
  @inlinable public var tick: Int { tickCount }
  @exclusivity(unchecked) @usableFromInline var tickCount = 0
  /// Batches handled so far (top-level sends, steps, drains) by a store with history, which
  /// restores by this count; always 0 without history, so that `send` need not count.
  public var revision: Int { batchCount }
  @exclusivity(unchecked) @usableFromInline var batchCount = 0
  /// True while history re-reduces logged input: effects do not start async work again.
  @exclusivity(unchecked) @usableFromInline var isReplayingHistory = false

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Folds actions into the state.
  ///   - environment: Dependencies for the reducer and its effects.
  ///   - history: Keep bounded snapshots for ``undo()`` and ``restore(to:)``; off by default.
  public init(
    initialState: State, reducer: R, environment: Environment, history: HistoryPolicy? = nil
  ) {
    self.currentState = initialState
    self.reducer = reducer
    self.environment = environment
    if let history {
      self.history = History(policy: history)
      flags[.observed] = true
    }
  }

  /// The current state.
  ///
  /// > Important: Reading it from inside the reducer (through a captured store) stops the
  /// > program: the reducer is mutating it. Read the reducer's `state` parameter instead.
  @inlinable
  public var state: State {
    if _slowPath(flags[.reducing]) { fatalError(StoreMisuse.stateReadWhileReducing) }
    return currentState
  }

  /// Runs `action` through the reducer, then the actions its effects produce, then notifies
  /// subscribers: once, plus a round for each time subscribers send actions of their own.
  ///
  /// Called while the store is already handling an action (from the reducer through a captured
  /// store, from a subscriber, from middleware), the action is queued and handled after the
  /// current one, in order.
  @inlinable @inline(__always)
  public func send(_ action: Action) {
    if _fastPath(flags.isEmpty) {
      // Nothing observes, nothing is queued: reduce, and finish at once unless the reducer
      // returned an effect or something was sent meanwhile. Always inlined, so the caller's
      // loop runs the reducer with no call in between; everything else is out of line.
      flags = [.processing, .reducing]
      let effect = reducer.reduce(into: &currentState, action: action, environment: environment)
      if _fastPath(effect.isNone && flags == [.processing, .reducing]) {
        flags = []
        return
      }
      finishSend(effect)
    } else if _fastPath(flags == .subscribed && subscribers.quickCheckCovers) {
      // Only key-path subscribers whose values the store checks inline: reduce, and when none
      // of their values changed (the usual case), there is no one to tell. Inline too, with
      // the check outside any `&&` (whose right side is a closure the compiler keeps out of
      // line), so a send with subscribers makes no call.
      flags = [.subscribed, .processing, .reducing]
      let effect = reducer.reduce(into: &currentState, action: action, environment: environment)
      if _fastPath(effect.isNone && flags == [.subscribed, .processing, .reducing]) {
        let unchanged = withUnsafeMutablePointer(to: &currentState) {
          subscribers.isUnchanged(UnsafeRawPointer($0))
        }
        if _fastPath(unchanged) {
          flags = .subscribed
          return
        }
      }
      finishSend(effect)
    } else {
      sendObserved(action)
    }
  }

  /// The rest of a fast-path send whose reducer returned an effect or caused a send.
  @inlinable @inline(never)
  func finishSend(_ effect: consuming Effect<Action>) {
    flags.remove(.reducing)
    if case .some(let box) = effect.box { run(Effect(box: box)) }
    drainQueue()
    endBatch()
  }

  /// `send` while a batch is running (queue it), or with subscribers, middleware or history.
  @inlinable @inline(never)
  func sendObserved(_ action: Action) {
    if flags[.processing] {
      queue.append((action, .send))
      flags.insert(.queued)
    } else {
      flags[.processing] = true
      if _slowPath(flags[.observed]) { beginBatch() }
      process(action, origin: .send)
      drainQueue()
      endBatch()
    }
  }

  /// Runs one tick as one batch: the tick action, then timers due at this tick, then results of
  /// async work that arrived since the last tick; subscribers are notified at the end, as after
  /// any batch (see ``subscribe(_:onChange:)``).
  ///
  /// Pass `nil` to advance time without a tick action (what ``advanceTick()`` does).
  ///
  /// Inlinable, so that a game in another module runs its reducer here specialised for it:
  /// only history, timers and async results, which most ticks have none of, are out of line.
  @inlinable
  public func step(_ tickAction: Action?) {
    if _fastPath(flags.isEmpty), let tickAction {
      // Nothing observes, nothing is queued: the tick is the reducer and a byte of flags,
      // unless it returned an effect, sent something, or timers or async work are waiting.
      flags = [.processing, .reducing]
      tickCount += 1
      let effect = reducer.reduce(into: &currentState, action: tickAction, environment: environment)
      if _fastPath(
        effect.isNone && flags == [.processing, .reducing] && effects.timers.isEmpty
          && !effects.hasStartedWork)
      {
        flags = []
        return
      }
      finishStep(effect)
      return
    }
    // `fatalError`, not `precondition`: an optimised build drops a precondition's message.
    guard !flags[.processing] else { fatalError(StoreMisuse.stepWhileProcessing) }
    flags[.processing] = true
    if _slowPath(history != nil) { logStep(tickAction) }
    runTick(tickAction)
    if _slowPath(effects.hasStartedWork) { deliverAsyncResults() }
    endBatch()
  }

  /// The rest of a fast-path step whose tick action was reduced: its effect, what was sent,
  /// the timers due and async results, then the end of the batch, as ``step(_:)`` does them.
  @inlinable @inline(never)
  func finishStep(_ effect: consuming Effect<Action>) {
    flags.remove(.reducing)
    if case .some(let box) = effect.box { run(Effect(box: box)) }
    drainQueue()
    if _slowPath(!effects.timers.isEmpty) { runDueTimers() }
    if _slowPath(effects.hasStartedWork) { deliverAsyncResults() }
    endBatch()
  }

  /// Opens a batch in the history and logs the step (stores with history only).
  @usableFromInline
  func logStep(_ tickAction: Action?) {
    beginBatch()
    history?.log(.step(tickAction), revision: revision)
  }

  /// Starts over from `state`: timers, async work and queued actions end, history is
  /// forgotten; subscribers and middleware stay, and hear the new state at the next batch.
  @usableFromInline
  func reset(to state: State) {
    guard !flags[.processing] else { fatalError(StoreMisuse.stepWhileProcessing) }
    effects.cancelAll()
    queue.removeAll()
    queueHead = 0
    flags.remove(.queued)
    if let policy = history?.policy { history = History(policy: policy) }
    currentState = state
  }

  /// Advances time one tick: fires the timers due, then delivers async results.
  public func advanceTick() { step(nil) }

  /// Delivers the results async work has produced so far, as one batch, without a tick.
  public func drainEffects() {
    guard !flags[.processing] else { return }
    guard effects.hasDelivered else { return }
    flags[.processing] = true
    beginBatch()
    deliverAsyncResults()
    endBatch()
  }

  /// Waits for all running async work to finish, then delivers its results: for tests and tools.
  public func settle() async {
    while true {
      let running = effects.runningTasks()
      if running.isEmpty { break }
      for task in running { await task.value }
    }
    drainEffects()
  }

  // MARK: Internals

  @inlinable
  func runTick(_ tickAction: Action?) {
    tickCount += 1
    if let tickAction {
      process(tickAction, origin: .tick)
      drainQueue()
    }
    if _slowPath(!effects.timers.isEmpty) { runDueTimers() }
  }

  /// Reduces the timers due at this tick, in order.
  @usableFromInline
  func runDueTimers() {
    while let timer = effects.popDueTimer(at: tick) {
      process(timer.action, origin: .timer)
      drainQueue()
    }
  }

  @usableFromInline
  func deliverAsyncResults() {
    for action in effects.takeDelivered() {
      history?.log(.async(action), revision: revision)
      process(action, origin: .async)
      drainQueue()
    }
  }

  @inlinable
  func process(_ action: Action, origin: ActionOrigin) {
    if _slowPath(flags[.observed]) { willReduce(action, origin: origin) }
    flags[.reducing] = true
    let effect = reducer.reduce(into: &currentState, action: action, environment: environment)
    flags[.reducing] = false
    // Consuming the box in the branch leaves the common path with nothing to release.
    if case .some(let box) = (consume effect).box { run(Effect(box: box)) }
    if _slowPath(flags[.observed]) { didReduce(action, origin: origin) }
  }

  @inlinable
  func drainQueue() {
    while _slowPath(queueHead < queue.count) {
      let next = queue[queueHead]
      queueHead += 1
      process(next.action, origin: next.origin)
    }
    if _slowPath(queueHead > 0) {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    }
    flags.remove(.queued)
  }

  @usableFromInline
  func willReduce(_ action: Action, origin: ActionOrigin) {
    if isReplayingHistory { return }
    if origin == .send { history?.log(.send(action), revision: revision) }
    for entry in middleware { entry.middleware.willReduce(action, origin, currentState) }
  }

  @usableFromInline
  func didReduce(_ action: Action, origin: ActionOrigin) {
    if isReplayingHistory { return }
    for entry in middleware { entry.middleware.didReduce(action, origin, currentState) }
  }

  @usableFromInline
  func run(_ effect: Effect<Action>) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      queue.append((action, .effect))
      flags.insert(.queued)
    case .merge(let effects):
      for effect in effects { run(effect) }
    case .after(let ticks, let action, let id):
      effects.schedule(action, dueTick: tick + ticks, id: id)
    case .run(let id, let work):
      // Re-reducing history must not repeat external work: its results are in the log.
      if !isReplayingHistory {
        effects.start(id: id, environment: environment, work: work)
      }
    case .cancel(let id):
      effects.cancel(id: id)
    }
  }

  @inlinable
  func endBatch() {
    if _slowPath(flags[.subscribed]) { notifySubscribers() }
    if _slowPath(history != nil) { batchCount &+= 1 }
    flags[.processing] = false
  }

  @usableFromInline
  func beginBatch() {
    history?.beginBatch(revision: revision, state: currentState, tick: tick, effects: effects)
  }

  /// Notifies subscribers; actions they send are handled after the round, and what they
  /// changed is reported in a further round, so one batch may notify more than once.
  @inlinable
  func notifySubscribers() {
    var rounds = 0
    while subscribers.isActive {
      // One pointer to the state for the whole round: passing the state by value could copy
      // it, and a large state once per watched value type. The overlapping access is sound:
      // the pointer never leaves `notify`, and everything that writes the state (send, step,
      // restore, undo, drain) is refused or queued while `.processing` is set, as it is here.
      withUnsafeMutablePointer(to: &currentState) { subscribers.notify(UnsafePointer($0)) }
      if queueHead == queue.count { break }
      rounds += 1
      if _slowPath(rounds == Self.maxNotificationRounds) {
        fatalError(StoreMisuse.subscribersNeverSettle(rounds: rounds))
      }
      drainQueue()
    }
  }

  /// Notification rounds one batch may take before the store calls it a feedback loop.
  public static var maxNotificationRounds: Int { 1_000 }
}
