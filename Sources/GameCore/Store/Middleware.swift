/// Sees every action just before and just after the reducer runs: logging, recording, metrics.
///
/// Middleware observes; it cannot change or swallow an action (the reducer is the only place
/// state changes). An action it sends to the store is queued like any other.
///
/// ```swift
/// store.use(Middleware(didReduce: { action, origin, state in
///   if origin == .async { recorder.stamp(action, atTick: state.tick) }
/// }))
/// ```
public struct Middleware<State, Action> {
  /// Called before the reducer, with the state the action will be applied to.
  public var willReduce: (Action, ActionOrigin, State) -> Void
  /// Called after the reducer, with the resulting state.
  public var didReduce: (Action, ActionOrigin, State) -> Void

  /// Creates middleware; either side may be left out.
  public init(
    willReduce: @escaping (Action, ActionOrigin, State) -> Void = { _, _, _ in },
    didReduce: @escaping (Action, ActionOrigin, State) -> Void = { _, _, _ in }
  ) {
    self.willReduce = willReduce
    self.didReduce = didReduce
  }
}
