/// Runs a child reducer only while its state exists (a level in progress, an open menu).
///
/// Made by ``ReducerProtocol/optional()``; actions that arrive while the state is `nil` are
/// ignored. Pull it back onto an optional field of the parent:
///
/// ```swift
/// let appReducer = menuReducer.optional().pullback(
///   state: \AppState.menu,
///   action: CasePath(
///     embed: AppAction.menu,
///     extract: { if case .menu(let action) = $0 { action } else { nil } }),
///   environment: { $0 })
/// ```
public struct OptionalReducer<Wrapped: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let wrapped: Wrapped

  @inlinable init(wrapped: Wrapped) { self.wrapped = wrapped }

  @inlinable
  public func reduce(
    into state: inout Wrapped.State?, action: Wrapped.Action, environment: Wrapped.Environment
  ) -> Effect<Wrapped.Action> {
    guard state != nil else { return .none }
    return wrapped.reduce(into: &state!, action: action, environment: environment)
  }
}

extension OptionalReducer: Sendable where Wrapped: Sendable {}

extension ReducerProtocol {
  /// This reducer over an optional state: runs only while the state is present.
  @inlinable
  public func optional() -> OptionalReducer<Self> { OptionalReducer(wrapped: self) }
}

extension Reducer {
  /// Closure-form ``ReducerProtocol/optional()``.
  public func optional() -> Reducer<State?, Action, Environment> {
    let optional = OptionalReducer(wrapped: self)
    return Reducer<State?, Action, Environment> { state, action, environment in
      optional.reduce(into: &state, action: action, environment: environment)
    }
  }
}
