/// A scope that keeps its parent's type and embeds its actions with a struct case path: a
/// send compiles to the parent's own `send` of the embedded action, inlined, and a read goes
/// to the child in place.
///
/// ``ScopedStore`` hides its parent (any view can hold a `ScopedStore<Hud, HudAction>`), so a
/// send through it crosses a call it cannot see into. Where the scope is made and kept in
/// code that knows the parent (a game's own systems, a renderer built for one game), this one
/// costs what the parent's send costs:
///
/// ```swift
/// struct ToHud: CasePathProtocol {
///   func embedValue(_ value: HudAction) -> AppAction { .hud(value) }
///   func extractValue(from root: AppAction) -> HudAction? {
///     if case .hud(let action) = root { action } else { nil }
///   }
/// }
/// let hud = store.scope(state: \.hud, action: ToHud())   // StoreScope<Store<App>, ToHud, Hud>
/// hud.send(.scored(10))
/// ```
public final class StoreScope<Parent: StoreProtocol, Path: CasePathProtocol, State>: StoreProtocol
where Path.Root == Parent.Action {
  public typealias Action = Path.Value

  @usableFromInline let parent: Parent
  @usableFromInline let toState: KeyPath<Parent.State, State>
  @usableFromInline let path: Path
  /// The child's byte offset in the parent's state, when the key path names stored properties.
  @usableFromInline let offset: Int?

  @inlinable
  init(parent: Parent, state: KeyPath<Parent.State, State>, action: Path) {
    self.parent = parent
    self.toState = state
    self.path = action
    self.offset = MemoryLayout<Parent.State>.offset(of: state)
  }

  /// The child state, read in place in the parent's when the parent is a root store.
  @inlinable public var state: State { parent.read(toState, offset: offset) }

  /// Sends `action` embedded in the parent's action: the parent's own `send`.
  @inlinable public func send(_ action: Action) { parent.send(path.embedValue(action)) }

  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value, Value) -> Void
  ) -> Subscription {
    parent.subscribe(toState.appending(path: keyPath), onChange: onChange)
  }

  public func subscribe(_ onChange: @escaping (State) -> Void) -> Subscription {
    let toState = self.toState
    return parent.subscribe { onChange($0[keyPath: toState]) }
  }
}

extension StoreProtocol {
  /// A store presenting the child state at `state`, sending child actions embedded by the case
  /// path `action`; it keeps this store's type, so its sends and reads are this store's own,
  /// inlined (see ``StoreScope``).
  @inlinable
  public func scope<ChildState, Path: CasePathProtocol>(
    state: KeyPath<State, ChildState>, action: Path
  ) -> StoreScope<Self, Path, ChildState> where Path.Root == Action {
    StoreScope(parent: self, state: state, action: action)
  }

  /// The value at `keyPath` of the state. The default projects the key path; a root store
  /// reads it in place through `offset` (the path's byte offset, when it has one).
  @inlinable
  public func read<Value>(_ keyPath: KeyPath<State, Value>, offset: Int?) -> Value {
    state[keyPath: keyPath]
  }
}
