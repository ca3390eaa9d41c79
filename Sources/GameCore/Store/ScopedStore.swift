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
  /// Subscriptions go through the parent: a ``StoreScope`` of it that sends nothing, behind
  /// an existential (its type names the parent's, which this one hides).
  @usableFromInline let scope: any StoreProtocol<State, Never>
  /// Reads the child state and sends into the parent: closures made where the scope was
  /// created, specialised for the parent's concrete type, so a scoped send runs the parent's
  /// inlined fast path rather than unspecialised generic code.
  @usableFromInline let read: () -> State
  @usableFromInline let forward: (Action) -> Void

  @inlinable
  init(
    _ scope: any StoreProtocol<State, Never>, read: @escaping () -> State,
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
      StoreScope(parent: self, state: state, action: NoActions<Action>()),
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
    if _slowPath(flags[.reducing]) { fatalError(StoreMisuse.stateReadWhileReducing) }
    guard let offset else { return currentState[keyPath: keyPath] }
    return withUnsafeMutablePointer(to: &currentState) { state in
      UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Child.self).pointee
    }
  }
}

/// The case path of a scope that sends nothing: ``ScopedStore``'s ``StoreScope`` serves only
/// its subscriptions, its sends going through its own closure.
@usableFromInline
struct NoActions<Root>: CasePathProtocol {
  @inlinable init() {}
  @inlinable func embedValue(_ value: Never) -> Root {}
  @inlinable func extractValue(from root: Root) -> Never? { nil }
}
