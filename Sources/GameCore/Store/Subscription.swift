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
  @discardableResult
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onChange: @escaping (_ old: Value, _ new: Value) -> Void
  ) -> Subscription {
    hasObservers = true
    return subscribers.add(keyPath, current: currentState, onChange: onChange)
  }

  /// Calls `onChange` with the state after every batch.
  @discardableResult
  public func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription {
    hasObservers = true
    return subscribers.add(onChange)
  }
}

/// Subscribers of one store, grouped by key path.
@usableFromInline
final class SubscriberRegistry<State> {
  private var groups: [ObservationGroup<State>] = []
  /// Finds a key path's group when subscribing; never iterated.
  private var groupIndex: [AnyKeyPath: Int] = [:]
  private var wholeState: [SubscriberBox<(State) -> Void>] = []
  private var liveCount = 0
  private var deadCount = 0
  private var notifyDepth = 0

  /// True when anyone listens.
  @usableFromInline var isActive: Bool { liveCount > 0 }

  func add<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, current: State,
    onChange: @escaping (Value, Value) -> Void
  ) -> Subscription {
    let group: TypedGroup<State, Value>
    if let index = groupIndex[keyPath], let existing = groups[index] as? TypedGroup<State, Value> {
      group = existing
    } else {
      group = TypedGroup(keyPath: keyPath, current: current[keyPath: keyPath])
      groupIndex[keyPath] = groups.count
      groups.append(group)
    }
    let box = SubscriberBox(onChange)
    group.subscribers.append(box)
    return track(box)
  }

  func add(_ onChange: @escaping (State) -> Void) -> Subscription {
    let box = SubscriberBox(onChange)
    wholeState.append(box)
    return track(box)
  }

  private func track<Callback>(_ box: SubscriberBox<Callback>) -> Subscription {
    liveCount += 1
    return Subscription { [weak self, weak box] in
      guard let box, box.isActive else { return }
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
    for group in groups { group.removeCancelled() }
    groups.removeAll { $0.isEmpty }
    groupIndex.removeAll(keepingCapacity: true)
    for (index, group) in groups.enumerated() { groupIndex[group.keyPathKey] = index }
    wholeState.removeAll { !$0.isActive }
    deadCount = 0
  }

  /// Compares each watched value with the last one seen and calls the subscribers of changes.
  @usableFromInline
  func notify(_ state: State) {
    notifyDepth += 1
    defer { notifyDepth -= 1 }
    // New groups added by callbacks start from the current value: no need to visit them now.
    let groups = self.groups
    for group in groups { group.notify(state) }
    let wholeState = self.wholeState
    for box in wholeState where box.isActive { box.callback(state) }
  }
}

/// One subscriber's callback and whether it is still wanted.
final class SubscriberBox<Callback> {
  let callback: Callback
  var isActive = true
  init(_ callback: Callback) { self.callback = callback }
}

/// The subscribers of one key path, with the last value they were told about.
class ObservationGroup<State> {
  var keyPathKey: AnyKeyPath { fatalError("abstract") }
  var isEmpty: Bool { fatalError("abstract") }
  func notify(_ state: State) { fatalError("abstract") }
  func removeCancelled() { fatalError("abstract") }
}

final class TypedGroup<State, Value: Equatable>: ObservationGroup<State> {
  let keyPath: KeyPath<State, Value>
  var last: Value
  var subscribers: [SubscriberBox<(Value, Value) -> Void>] = []

  init(keyPath: KeyPath<State, Value>, current: Value) {
    self.keyPath = keyPath
    self.last = current
  }

  override var keyPathKey: AnyKeyPath { keyPath }
  override var isEmpty: Bool { subscribers.isEmpty }

  override func notify(_ state: State) {
    let new = state[keyPath: keyPath]
    guard new != last else { return }
    let old = last
    last = new
    let subscribers = self.subscribers
    for box in subscribers where box.isActive { box.callback(old, new) }
  }

  override func removeCancelled() {
    subscribers.removeAll { !$0.isActive }
  }
}
