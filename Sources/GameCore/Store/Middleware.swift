/// Sees every action just before and just after the reducer runs: logging, recording, metrics.
///
/// Middleware observes; it cannot change or swallow an action (the reducer is the only place
/// state changes). An action it sends to the store is queued like any other.
///
/// ```swift
/// let token = store.use(Middleware(didReduce: { action, origin, state in
///   if origin == .async { recorder.stamp(action, atTick: state.tick) }
/// }))
/// token.cancel()  // removes it
/// ```
///
/// Middleware lives as long as its store. One that captures the store strongly makes a cycle:
/// capture it `[weak store]`, or cancel the token.
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

/// Removes middleware from its store with ``cancel()``. Letting go of the token does not: the
/// middleware stays until cancelled, so `store.use(...)` alone works for a store's lifetime.
public final class MiddlewareToken {
  private var remove: (() -> Void)?

  init(_ remove: @escaping () -> Void) { self.remove = remove }

  /// Removes the middleware; later calls do nothing.
  public func cancel() {
    remove?()
    remove = nil
  }
}

extension Store {
  /// Adds middleware, which sees every action before and after it is reduced, until the
  /// returned token is cancelled.
  ///
  /// > Important: Middleware that captures its store strongly keeps it alive: capture it
  /// > `[weak store]`, or cancel the token when done.
  @discardableResult
  public func use(_ middleware: Middleware<State, Action>) -> MiddlewareToken {
    let id = nextMiddlewareID
    nextMiddlewareID += 1
    self.middleware.append((id, middleware))
    flags[.observed] = true
    return MiddlewareToken { [weak self] in self?.removeMiddleware(id) }
  }

  /// Removes the middleware `id`; the store stops paying for observers when none is left.
  func removeMiddleware(_ id: Int) {
    middleware.removeAll { $0.id == id }
    if middleware.isEmpty && history == nil { flags[.observed] = false }
  }
}
