import GameCore
import Testing

/// A store for tests that asserts every step: after each action the whole state must equal
/// the expected mutation of the previous state, and every action an effect produced must be
/// received and asserted before the next send.
///
/// It drives a real ``StoreOf`` (so effects, timers and queueing are the ones the game runs)
/// and watches it through middleware.
///
/// ```swift
/// let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
/// store.send(.thrustPressed) { $0.isThrusting = true }
/// store.advance(ticks: 12)
/// store.receive(.reloaded) { $0.canFire = true }
/// ```
///
/// Unasserted received actions fail the test when the store is released, with the list.
public final class TestStore<R: ReducerProtocol>
where R.State: Equatable, R.Action: Equatable {
  public typealias State = R.State
  public typealias Action = R.Action

  /// The store under test; read its state, do not send to it directly.
  public let store: StoreOf<R>
  private var expected: State
  private var log: [(action: Action, origin: ActionOrigin, state: State)] = []
  private var received: [(action: Action, state: State)] = []

  /// Creates a test store with the state, reducer and environment a real store would get.
  public init(initialState: State, reducer: R, environment: R.Environment) {
    self.expected = initialState
    self.store = StoreOf(initialState: initialState, reducer: reducer, environment: environment)
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

  /// Fails the test if any received action was not asserted; also done on release.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    guard !received.isEmpty else { return }
    Issue.record(
      """
      \(received.count) received action(s) were not asserted: \
      \(received.map { "\($0.action)" }.joined(separator: ", ")).
      """, sourceLocation: sourceLocation)
    received.removeAll()
  }

  deinit {
    finish()
  }

  /// Moves the middleware log into `received`, letting `claim` take the entry of the action
  /// the caller itself sent.
  private func collect(
    sourceLocation: SourceLocation, claim: ((action: Action, origin: ActionOrigin, state: State)) -> Bool
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
    if let diff = StateDiff.diff(expected: expected, actual: actual) {
      Issue.record(
        """
        State after \(step) differs from the expected mutation (− expected, + actual):
        \(diff)
        """, sourceLocation: sourceLocation)
    }
    self.expected = actual
  }
}
