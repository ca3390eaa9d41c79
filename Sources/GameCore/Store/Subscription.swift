/// A subscription's lifetime: cancel it, or drop the last reference to it, to unsubscribe.
///
/// ```swift
/// var subscriptions: [Subscription] = []
/// store.subscribe(\.score) { old, new in hud.flash(from: old, to: new) }
///   .store(in: &subscriptions)
/// ```
public final class Subscription {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the callbacks. O(1) in the worst case; calling it again does nothing.
  ///
  /// Cancelling only marks the subscriber as gone: the store never calls it again, not even
  /// later in a notification round that is running now. The store forgets cancelled
  /// subscribers in one sweep when they outnumber the live ones, at the next subscribe or
  /// notification and never during one, so that work is amortised O(1) per `subscribe`.
  public func cancel() {
    let onCancel = self.onCancel
    self.onCancel = nil
    onCancel?()
  }

  /// True until ``cancel()``.
  public var isActive: Bool { onCancel != nil }

  /// Keeps this subscription alive as long as `collection` holds it.
  public func store(in collection: inout [Subscription]) {
    collection.append(self)
  }

  deinit {
    onCancel?()
  }
}

extension Store {
  /// Calls `onChange(old, new)` when the value at `keyPath` changed: at most once per
  /// notification round, and one round per batch unless subscribers send actions.
  ///
  /// A batch is a top-level ``send(_:)`` with everything it queued, a tick (``step(_:)``),
  /// ``drainEffects()`` or ``restore(to:)``. The value is compared once, after the whole batch,
  /// so a value that changes and changes back within it is not reported. If a subscriber sends
  /// an action while being notified, that action is queued, runs after the round, and a
  /// further round reports what it changed, still inside the same top-level `send`: a
  /// subscriber always hears the change its own action caused, and each round reports a value
  /// at most once.
  ///
  /// Changed key paths are reported in the order they were first subscribed, and the
  /// subscribers of one key path in the order they subscribed; whole-state subscribers
  /// (``subscribe(_:)``) come last. Subscribers to the same key path share one read and one
  /// comparison per round. A key path made of stored properties is read through its byte
  /// offset, in one typed loop per value type, so a thousand subscribers to unchanged values
  /// cost about a nanosecond each per batch; other key paths (computed properties,
  /// subscripts) are projected through the runtime.
  ///
  /// - Returns: A token; the callback stops when it is cancelled or released, in O(1).
  @inlinable
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onChange: @escaping (_ old: Value, _ new: Value) -> Void
  ) -> Subscription {
    flags[.subscribed] = true
    return subscribers.add(keyPath, current: currentState, onChange: onChange)
  }

  /// Calls `onChange` with the state after every notification round.
  ///
  /// That is once per batch, plus once more for each further round that actions sent by
  /// subscribers cause (see ``subscribe(_:onChange:)``). Whole-state subscribers are called
  /// after the key-path subscribers, in the order they subscribed.
  ///
  /// - Returns: A token; the callback stops when it is cancelled or released, in O(1).
  @inlinable
  public func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription {
    flags[.subscribed] = true
    return subscribers.add(onChange)
  }
}
