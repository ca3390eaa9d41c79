/// Runs a child reducer on one field of the parent's state, for the parent actions that wrap a
/// child action; every other action passes by untouched.
///
/// Made by ``ReducerProtocol/pullback(state:action:environment:)``. The child's effects are
/// lifted too: their actions are wrapped in the parent's case and their async work gets the
/// child's environment.
public struct Pullback<Parent, ParentAction, ParentEnvironment, Child: ReducerProtocol>:
  ReducerProtocol
{
  @usableFromInline let child: Child
  @usableFromInline let toChildState: ChildAccess<Parent, Child.State>
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
  @usableFromInline let toChildEnvironment: @Sendable (ParentEnvironment) -> Child.Environment

  @inlinable
  init(
    child: Child,
    state: WritableKeyPath<Parent, Child.State> & Sendable,
    action: CasePath<ParentAction, Child.Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Child.Environment
  ) {
    self.child = child
    self.toChildState = ChildAccess(state)
    self.toChildAction = action
    self.toChildEnvironment = environment
  }

  @inlinable
  public func reduce(
    into state: inout Parent, action: ParentAction, environment: ParentEnvironment
  ) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    let childEnvironment = toChildEnvironment(environment)
    let effect = toChildState.modify(&state) {
      child.reduce(into: &$0, action: childAction, environment: childEnvironment)
    }
    if effect.isNone { return .none }
    return lift(effect)
  }

  @usableFromInline
  func lift(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
    let toChildEnvironment = self.toChildEnvironment
    return effect.mapEnvironment(
      action: toChildAction.embed,
      environment: { toChildEnvironment(castEnvironment($0)) })
  }
}

/// The environment a lifted async effect receives is the parent's; casting it back is safe
/// because only ``Pullback`` and its siblings build these closures.
@usableFromInline
func castEnvironment<Environment>(_ environment: Any) -> Environment {
  guard let environment = environment as? Environment else {
    fatalError(StoreMisuse.environmentMismatch(expected: Environment.self, found: environment))
  }
  return environment
}

extension ReducerProtocol {
  /// Lifts this reducer to work on a parent's state, action and environment.
  ///
  /// ```swift
  /// let appReducer = counterReducer.pullback(
  ///   state: \AppState.count,
  ///   action: CasePath(
  ///     embed: AppAction.counter,
  ///     extract: { if case .counter(let action) = $0 { action } else { nil } }),
  ///   environment: { (_: AppEnvironment) in })
  /// ```
  ///
  /// > Important: Combine the child before the parent's own logic when the parent reacts to
  /// > the child's result in the same action: the parent then sees the updated child state.
  @inlinable
  public func pullback<Parent, ParentAction, ParentEnvironment>(
    state: WritableKeyPath<Parent, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Pullback<Parent, ParentAction, ParentEnvironment, Self> {
    Pullback(child: self, state: state, action: action, environment: environment)
  }
}

extension Reducer {
  /// Closure-form ``ReducerProtocol/pullback(state:action:environment:)``: returns a
  /// ``Reducer`` so the result combines with other closure-built reducers.
  @inlinable
  public func pullback<Parent, ParentAction, ParentEnvironment>(
    state: WritableKeyPath<Parent, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<Parent, ParentAction, ParentEnvironment> {
    let pullback = Pullback(child: self, state: state, action: action, environment: environment)
    return Reducer<Parent, ParentAction, ParentEnvironment> { state, action, environment in
      pullback.reduce(into: &state, action: action, environment: environment)
    }
  }
}

extension Pullback: Sendable where Child: Sendable {}
