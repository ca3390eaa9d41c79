import GameCore
import Testing

/// A store for tests that asserts every step: after each action the whole state must equal
/// the expected mutation of the previous state, and every action an effect produced must be
/// received and asserted before the next send.
///
/// It drives a real ``Store`` (so effects, timers and queueing are the ones the game runs)
/// and watches it through middleware.
///
/// ```swift
/// let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
/// store.send(.thrustPressed) { $0.isThrusting = true }
/// store.advance(ticks: 12)
/// store.receive(.reloaded) { $0.canFire = true }
/// ```
///
/// A step passes when the state equals the expected one by `==`; the diff only explains a
/// failure. When the test ends (``finish(sourceLocation:)``, or the store is released),
/// received actions not asserted fail it, and so do effects still pending: timers that have not
/// fired, async work still running, async results not yet delivered. Each of those would
/// produce actions the test never saw. Call ``skipPendingEffects()`` when a test does not care
/// about them.
public final class TestStore<R: ReducerProtocol>
where R.State: Equatable, R.Action: Equatable {
  public typealias State = R.State
  public typealias Action = R.Action

  /// The store under test; read its state, do not send to it directly.
  public let store: Store<R>
  private var expected: State
  private var log: [(action: Action, origin: ActionOrigin, state: State)] = []
  private var received: [(action: Action, state: State)] = []

  /// Creates a test store with the state, reducer and environment a real store would get.
  public init(initialState: State, reducer: R, environment: R.Environment) {
    self.expected = initialState
    self.store = Store(initialState: initialState, reducer: reducer, environment: environment)
    store.use(
      Middleware(didReduce: { [unowned self] action, origin, state in
        self.log.append((action, origin, state))
      }))
  }

  /// The current state.
  public var state: State { store.state }

  /// Sends `action` and asserts the state it leaves: `update` applied to the previous state.
  ///
  /// Actions its effects produced at once wait in the received queue for ``receive(_:_:sourceLocation:)``.
  public func send(
    _ action: Action, _ update: ((inout State) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if !received.isEmpty {
      Issue.record(
        """
        Sent \(action) while \(received.count) received action(s) were not asserted: \
        \(received.map { "\($0.action)" }.joined(separator: ", ")). Receive them first.
        """, sourceLocation: sourceLocation)
    }
    store.send(action)
    collect(sourceLocation: sourceLocation) { entry in
      guard entry.origin == .send, entry.action == action else { return false }
      check(entry.state, update, after: "send(\(action))", sourceLocation: sourceLocation)
      return true
    }
  }

  /// Asserts that the next action an effect produced is `action`, and the state it left.
  public func receive(
    _ action: Action, _ update: ((inout State) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !received.isEmpty else {
      Issue.record(
        """
        Expected to receive \(action), but no action was received. Timers need \
        advance(ticks:), async work needs await settle().
        """,
        sourceLocation: sourceLocation)
      return
    }
    let next = received.removeFirst()
    guard next.action == action else {
      Issue.record(
        "Received \(next.action), expected \(action).", sourceLocation: sourceLocation)
      expected = next.state
      return
    }
    check(next.state, update, after: "receive(\(action))", sourceLocation: sourceLocation)
  }

  /// Advances the store `ticks` ticks (with no tick action): due timers fire into the
  /// received queue.
  public func advance(ticks: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<ticks { store.advanceTick() }
    collect(sourceLocation: sourceLocation) { _ in false }
  }

  /// Runs one tick with `action` as its tick action and asserts the state after it.
  public func step(
    _ action: Action, _ update: ((inout State) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    store.step(action)
    collect(sourceLocation: sourceLocation) { entry in
      guard entry.origin == .tick else { return false }
      check(entry.state, update, after: "step(\(action))", sourceLocation: sourceLocation)
      return true
    }
  }

  /// Waits for async work to finish and moves its results into the received queue.
  public func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
    await store.settle()
    collect(sourceLocation: sourceLocation) { _ in false }
  }

  /// Fails the test if any received action was not asserted, or if effects are still pending
  /// (timers, running async work, undelivered async results); also done on release.
  ///
  /// Pending effects are cancelled afterwards, so they are reported once and never deliver.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    if !received.isEmpty {
      Issue.record(
        """
        \(received.count) received action(s) were not asserted: \
        \(received.map { "\($0.action)" }.joined(separator: ", ")). Every action an effect \
        produced must be checked, or the test misses what it did to the state. Assert each \
        with receive(_:_:) before the test ends.
        """, sourceLocation: sourceLocation)
      received.removeAll()
    }
    if let pending = TestStoreMessage.pendingEffects(
      timers: store.pendingTimers.map { "\($0.action) due at tick \($0.dueTick)" },
      running: store.runningEffectCount, undelivered: store.undeliveredEffectCount)
    {
      Issue.record(Comment(rawValue: pending), sourceLocation: sourceLocation)
      store.cancelAllEffects()
    }
  }

  /// Cancels every pending timer and all running async work, so that the end of the test does
  /// not report them: for tests about something else.
  public func skipPendingEffects() {
    store.cancelAllEffects()
  }

  deinit {
    finish()
  }

  /// Moves the middleware log into `received`, letting `claim` take the entry of the action
  /// the caller itself sent.
  private func collect(
    sourceLocation: SourceLocation,
    claim: ((action: Action, origin: ActionOrigin, state: State)) -> Bool
  ) {
    var claimed = false
    for entry in log {
      if !claimed && claim(entry) {
        claimed = true
        continue
      }
      received.append((entry.action, entry.state))
    }
    log.removeAll()
  }

  private func check(
    _ actual: State, _ update: ((inout State) -> Void)?, after step: String,
    sourceLocation: SourceLocation
  ) {
    var expected = self.expected
    update?(&expected)
    // `==` decides; the rendering only explains. A type's `==` may ignore fields the rendering
    // shows (a cache), or see what the rendering hides (a custom mirror).
    if expected != actual {
      let diff =
        StateDiff.diff(expected: expected, actual: actual) ?? TestStoreMessage.sameRendering
      Issue.record(
        """
        State after \(step) differs from the expected mutation (− expected, + actual):
        \(diff)
        """, sourceLocation: sourceLocation)
    }
    self.expected = actual
  }
}

/// Texts of the failures a ``TestStore`` records that need more than one line of code.
enum TestStoreMessage {
  /// When `==` says two states differ but they render the same.
  static let sameRendering = """
    (no difference shows in the rendering: the states differ where `==` looks and the \
    rendering does not, for example a field hidden by a custom mirror. Compare the fields \
    that `==` compares.)
    """

  /// What the test left running, or `nil` when nothing is pending.
  static func pendingEffects(timers: [String], running: Int, undelivered: Int) -> String? {
    var parts: [String] = []
    if !timers.isEmpty {
      parts.append("\(timers.count) timer(s): \(timers.joined(separator: ", "))")
    }
    if running > 0 { parts.append("\(running) async work still running") }
    if undelivered > 0 { parts.append("\(undelivered) async result(s) not yet delivered") }
    guard !parts.isEmpty else { return nil }
    return """
      The test ended with effects still pending: \(parts.joined(separator: "; ")). Each would \
      produce actions the test never received, so what they do to the state goes unchecked. \
      Fire timers with advance(ticks:) and finish async work with await settle(), then \
      receive their actions; or call skipPendingEffects() if this test is not about them.
      """
  }
}
