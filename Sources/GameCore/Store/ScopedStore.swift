/// What every store offers its readers: the state, sending, subscribing, scoping.
///
/// Both ``StoreOf`` and ``ScopedStore`` conform, so a view that takes `some StoreProtocol`
/// works on the root store and on any scope of it.
public protocol StoreProtocol<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  /// The current state.
  var state: State { get }
  /// Handles an action (see ``StoreOf/send(_:)``).
  func send(_ action: Action)
  /// Calls `onChange(old, new)` when the value at `keyPath` changed, at most once per
  /// notification round (see ``StoreOf/subscribe(_:onChange:)``).
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription
  /// Calls `onChange` with the state after every notification round.
  func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription
}

extension StoreOf: StoreProtocol {}

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
  private let scope: ScopeBox<State, Action>

  init(_ scope: ScopeBox<State, Action>) { self.scope = scope }

  public var state: State { scope.state }
  public func send(_ action: Action) { scope.send(action) }

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
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(KeyPathScope(parent: self, state: state, action: action))
  }

  /// A read-only view of the child state at `state` (a HUD, a renderer): it sends nothing.
  public func scope<ChildState>(state: KeyPath<State, ChildState>)
    -> ScopedStore<ChildState, Never>
  {
    scope(state: state, action: { (never: Never) -> Action in })
  }
}

/// Type erasure for the parent of a scope: a class, since a closure cannot be generic over the
/// subscribed value's type.
class ScopeBox<State, Action> {
  var state: State { fatalError("abstract") }
  func send(_ action: Action) { fatalError("abstract") }
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription { fatalError("abstract") }
  func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription { fatalError("abstract") }
}

final class KeyPathScope<Parent: StoreProtocol, State, Action>: ScopeBox<State, Action> {
  let parent: Parent
  let toState: KeyPath<Parent.State, State>
  let fromAction: (Action) -> Parent.Action

  init(
    parent: Parent, state: KeyPath<Parent.State, State>,
    action: @escaping (Action) -> Parent.Action
  ) {
    self.parent = parent
    self.toState = state
    self.fromAction = action
  }

  override var state: State { parent.state[keyPath: toState] }
  override func send(_ action: Action) { parent.send(fromAction(action)) }

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
