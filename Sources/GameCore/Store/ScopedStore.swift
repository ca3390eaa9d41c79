/// What every store offers its readers: the state, sending, subscribing, scoping.
///
/// Both ``Store`` and ``ScopedStore`` conform, so a view that takes `some StoreProtocol`
/// works on the root store and on any scope of it.
public protocol StoreProtocol<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  /// The current state.
  var state: State { get }
  /// Handles an action (see ``Store/send(_:)``).
  func send(_ action: Action)
  /// Calls `onChange(old, new)` when the value at `keyPath` changed, at most once per
  /// notification round (see ``Store/subscribe(_:onChange:)``).
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription
  /// Calls `onChange` with the state after every notification round.
  func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription
  /// The value at `keyPath` of the state, in place where the store can (a root store, through
  /// `offset`, the key path's byte offset when it has one); scopes read through it.
  func read<Value>(_ keyPath: KeyPath<State, Value>, offset: Int?) -> Value
}

extension Store: StoreProtocol {}

/// A derived store: presents one part of a parent store's state and sends its own actions into
/// the parent, wrapped.
///
/// It holds no state of its own: reads go to the parent, so it can never be stale, and its
/// key-path subscriptions are the parent's, through the joined key path.
///
/// ```swift
/// let hud = store.scope(state: \.hud, action: { AppAction.hud($0) })
/// let subscription = hud.subscribe(\.score) { _, score in label.text = "\(score)" }
/// ```
public final class ScopedStore<State, Action>: StoreProtocol {
  /// Subscriptions go through the parent (generic over the watched value's type, so a class).
  @usableFromInline let scope: ScopeBox<State, Action>
  /// Reads the child state and sends into the parent: closures made where the scope was
  /// created, specialised for the parent's concrete type, so a scoped send runs the parent's
  /// inlined fast path rather than unspecialised generic code.
  @usableFromInline let read: () -> State
  @usableFromInline let forward: (Action) -> Void

  @inlinable
  init(
    _ scope: ScopeBox<State, Action>, read: @escaping () -> State,
    forward: @escaping (Action) -> Void
  ) {
    self.scope = scope
    self.read = read
    self.forward = forward
  }

  @inlinable public var state: State { read() }
  @inlinable public func send(_ action: Action) { forward(action) }

  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription {
    scope.subscribe(keyPath, onChange: onChange)
  }

  public func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription {
    scope.subscribe(onChange)
  }
}

extension StoreProtocol {
  /// A store presenting the child state at `state`, sending child actions wrapped by `action`.
  ///
  /// Made here, where this store's type is known, its closures are specialised for it: a send
  /// runs this store's own `send`, and a read goes through ``read(_:offset:)``, in place in a
  /// root store's state (a byte offset when `state` names stored properties).
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    let offset = MemoryLayout<State>.offset(of: state)
    return ScopedStore(
      KeyPathScope(parent: self, state: state),
      read: { [self] in self.read(state, offset: offset) },
      forward: { [self] in self.send(action($0)) })
  }

  /// A read-only view of the child state at `state` (a HUD, a renderer): it sends nothing.
  @inlinable
  public func scope<ChildState>(state: KeyPath<State, ChildState>)
    -> ScopedStore<ChildState, Never>
  {
    scope(state: state, action: { (never: Never) -> Action in })
  }
}

extension Store {
  /// The child value at `keyPath` of the current state, read in place: through its byte
  /// `offset` when the path names stored properties, so the state is never copied.
  @inlinable
  public func read<Child>(_ keyPath: KeyPath<State, Child>, offset: Int?) -> Child {
    if _slowPath(isReducing) { fatalError(StoreMisuse.stateReadWhileReducing) }
    guard let offset else { return currentState[keyPath: keyPath] }
    return withUnsafeMutablePointer(to: &currentState) { state in
      UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Child.self).pointee
    }
  }
}

/// Type erasure for the parent of a scope: a class, since a closure cannot be generic over the
/// subscribed value's type.
@usableFromInline
class ScopeBox<State, Action> {
  @usableFromInline init() {}
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription { fatalError("abstract") }
  func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription { fatalError("abstract") }
}

@usableFromInline
final class KeyPathScope<Parent: StoreProtocol, State, Action>: ScopeBox<State, Action> {
  let parent: Parent
  let toState: KeyPath<Parent.State, State>

  @usableFromInline
  init(parent: Parent, state: KeyPath<Parent.State, State>) {
    self.parent = parent
    self.toState = state
  }

  override func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription {
    parent.subscribe(toState.appending(path: keyPath), onChange: onChange)
  }

  override func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription {
    let toState = self.toState
    return parent.subscribe { onChange($0[keyPath: toState]) }
  }
}
