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

  /// Stops the callbacks. O(1); calling it again does nothing.
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

extension StoreOf {
  /// Calls `onChange(old, new)` when the value at `keyPath` changed, once per batch at most.
  ///
  /// The value is compared after the whole batch (a top-level `send` with everything it queued,
  /// or a tick), so a value that changes and changes back within one batch is not reported.
  /// Subscribers to the same key path share one read and one comparison per batch: a thousand
  /// subscribers to unchanged values cost a handful of comparisons.
  ///
  /// - Returns: A token; the callback stops when it is cancelled or released.
  @inlinable
  @discardableResult
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onChange: @escaping (_ old: Value, _ new: Value) -> Void
  ) -> Subscription {
    hasSubscribers = true
    return subscribers.add(keyPath, current: currentState, onChange: onChange)
  }

  /// Calls `onChange` with the state after every batch.
  @inlinable
  @discardableResult
  public func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription {
    hasSubscribers = true
    return subscribers.add(onChange)
  }
}

/// Subscribers of one store, grouped by key path.
///
/// Everything here is inlinable so that it is specialised for the concrete state type in the
/// module that creates the store: unspecialised generic code would look up type metadata on
/// every notification, which cost about a microsecond per batch.
@usableFromInline
final class SubscriberRegistry<State> {
  /// One entry per watched key path, in the order first subscribed.
  @exclusivity(unchecked) @usableFromInline var groups: [GroupHandle<State>] = []
  /// Finds a key path's group when subscribing; never iterated.
  @usableFromInline var groupIndex: [AnyKeyPath: Int] = [:]
  @exclusivity(unchecked) @usableFromInline var wholeState: [SubscriberBox<(State) -> Void>] = []
  @exclusivity(unchecked) @usableFromInline var liveCount = 0
  @exclusivity(unchecked) @usableFromInline var deadCount = 0
  @exclusivity(unchecked) @usableFromInline var notifyDepth = 0

  @usableFromInline init() {}

  /// True when anyone listens.
  @inlinable var isActive: Bool { liveCount > 0 }

  @inlinable
  func add<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, current: State,
    onChange: @escaping (Value, Value) -> Void
  ) -> Subscription {
    let box = SubscriberBox(onChange)
    if let index = groupIndex[keyPath], let group = groups[index].group as? TypedGroup<State, Value> {
      group.subscribers.append(box)
    } else {
      let group = TypedGroup(keyPath: keyPath, current: current[keyPath: keyPath])
      group.subscribers.append(box)
      groupIndex[keyPath] = groups.count
      // Created here, in specialised code, so the closure's body is specialised too.
      groups.append(
        GroupHandle(
          group: group, keyPath: keyPath,
          notify: { state in group.notify(state) },
          removeCancelled: { group.removeCancelled() }))
    }
    return track(box)
  }

  @inlinable
  func add(_ onChange: @escaping (State) -> Void) -> Subscription {
    let box = SubscriberBox(onChange)
    wholeState.append(box)
    return track(box)
  }

  @usableFromInline
  func track(_ box: AnySubscriberBox) -> Subscription {
    liveCount += 1
    // The box is held strongly (it holds nothing back): a weak reference would move its
    // reference count to a side table and make every retain in the notification loop slow.
    return Subscription { [weak self] in
      guard box.isActive else { return }
      box.isActive = false
      self?.didCancel()
    }
  }

  private func didCancel() {
    liveCount -= 1
    deadCount += 1
    // Compacting when the dead outnumber the living keeps cancel amortised O(1) and the
    // subscriber order stable.
    if deadCount > liveCount && notifyDepth == 0 { compact() }
  }

  private func compact() {
    for handle in groups { handle.removeCancelled() }
    groups.removeAll { $0.group.isEmpty }
    groupIndex.removeAll(keepingCapacity: true)
    for (index, handle) in groups.enumerated() { groupIndex[handle.keyPath] = index }
    wholeState.removeAll { !$0.isActive }
    deadCount = 0
  }

  /// Compares each watched value with the last one seen and calls the subscribers of changes.
  @inlinable
  func notify(_ state: State) {
    notifyDepth += 1
    defer { notifyDepth -= 1 }
    // Iterate over copies: callbacks may subscribe or cancel. Groups added by a callback start
    // from the current value, so they need no visit now.
    let groups = self.groups
    for handle in groups { handle.notify(state) }
    if !wholeState.isEmpty {
      let wholeState = self.wholeState
      for box in wholeState where box.isActive { box.callback(state) }
    }
  }
}

/// What the registry keeps of a group: closures made where the value type is known.
@usableFromInline
struct GroupHandle<State> {
  @usableFromInline let group: AnyObservationGroup
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let notify: (State) -> Void
  @usableFromInline let removeCancelled: () -> Void

  @inlinable
  init(
    group: AnyObservationGroup, keyPath: AnyKeyPath, notify: @escaping (State) -> Void,
    removeCancelled: @escaping () -> Void
  ) {
    self.group = group
    self.keyPath = keyPath
    self.notify = notify
    self.removeCancelled = removeCancelled
  }
}

/// Whether a subscriber is still wanted; the token flips it.
@usableFromInline
class AnySubscriberBox {
  @exclusivity(unchecked) @usableFromInline final var isActive = true
  @usableFromInline init() {}
}

/// One subscriber's callback.
@usableFromInline
final class SubscriberBox<Callback>: AnySubscriberBox {
  @usableFromInline let callback: Callback
  @inlinable init(_ callback: Callback) { self.callback = callback }
}

/// A group, seen without its types.
@usableFromInline
class AnyObservationGroup {
  @usableFromInline var isEmpty: Bool { true }
  @usableFromInline init() {}
}

/// The subscribers of one key path, with the last value they were told about.
@usableFromInline
final class TypedGroup<State, Value: Equatable>: AnyObservationGroup {
  @usableFromInline let keyPath: KeyPath<State, Value>
  /// The value's byte offset in the state when the key path names stored properties only.
  ///
  /// Reading through the offset costs a load; projecting a `KeyPath` costs several hundred
  /// instructions in the runtime (it looks up generic metadata every time), which would
  /// dominate a notification pass.
  @usableFromInline let offset: Int?
  @exclusivity(unchecked) @usableFromInline var last: Value
  @exclusivity(unchecked) @usableFromInline var subscribers: [SubscriberBox<(Value, Value) -> Void>] = []

  @inlinable
  init(keyPath: KeyPath<State, Value>, current: Value) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<State>.offset(of: keyPath)
    self.last = current
  }

  @usableFromInline override var isEmpty: Bool { subscribers.isEmpty }

  @inlinable
  func notify(_ state: State) {
    let new: Value
    if let offset {
      new = withUnsafeBytes(of: state) { bytes in
        bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
      }
    } else {
      new = state[keyPath: keyPath]
    }
    guard new != last else { return }
    let old = last
    last = new
    let subscribers = self.subscribers
    for box in subscribers where box.isActive { box.callback(old, new) }
  }

  @usableFromInline
  func removeCancelled() {
    subscribers.removeAll { !$0.isActive }
  }
}
