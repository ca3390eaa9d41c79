/// Two reducers run in order on every action, their effects merged: the specialisable form of
/// ``Reducer/<>(_:_:)``.
///
/// ```swift
/// let ship = CasePath<AppAction, ShipAction>(
///   embed: AppAction.ship,
///   extract: { if case .ship(let action) = $0 { action } else { nil } })
/// let rocks = CasePath<AppAction, RocksAction>(
///   embed: AppAction.rocks,
///   extract: { if case .rocks(let action) = $0 { action } else { nil } })
/// let game = Ship().pullback(state: \AppState.ship, action: ship, environment: { $0 })
///   .combined(
///     with: Rocks().pullback(state: \AppState.rocks, action: rocks, environment: { $0 }))
/// ```
///
/// > Important: `first` runs before `second` and `second` sees the state `first` left.
public struct CombinedReducers<First: ReducerProtocol, Second: ReducerProtocol>: ReducerProtocol
where
  First.State == Second.State, First.Action == Second.Action,
  First.Environment == Second.Environment
{
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(
    into state: inout First.State, action: First.Action, environment: First.Environment
  ) -> Effect<First.Action> {
    let effect = first.reduce(into: &state, action: action, environment: environment)
    return effect.merging(second.reduce(into: &state, action: action, environment: environment))
  }
}

extension CombinedReducers: Sendable where First: Sendable, Second: Sendable {}

extension ReducerProtocol {
  /// Runs `self`, then `other`, on every action.
  @inlinable
  public func combined<Other: ReducerProtocol>(with other: Other) -> CombinedReducers<Self, Other>
  where Other.State == State, Other.Action == Action, Other.Environment == Environment {
    CombinedReducers(first: self, second: other)
  }
}

/// The identity reducer of the specialisable form: changes nothing, returns no effect.
public struct EmptyReducer<State, Action, Environment>: ReducerProtocol, Sendable {
  @inlinable public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action, environment: Environment)
    -> Effect<Action>
  { .none }
}
