/// Runs a child reducer on the one element of an ``IdentifiedArray`` that an action addresses
/// by id: an action is the element's id and the element's action.
///
/// An action for an id that is no longer in the array is ignored, as an effect finishing after
/// its element was removed would be. The element's effects come back tagged with the same id.
/// ``ReducerProtocol/forEach(state:action:environment:)`` pulls it back onto the parent's
/// array, so a collection of children is a ``Pullback`` like any other child.
public struct IdentifiedElements<Element: ReducerProtocol>: ReducerProtocol
where Element.State: Identifiable, Element.State.ID: Sendable {
  public typealias ID = Element.State.ID

  @usableFromInline let element: Element

  @inlinable init(element: Element) { self.element = element }

  @inlinable
  public func reduce(
    into state: inout IdentifiedArray<Element.State>, action: (ID, Element.Action),
    environment: Element.Environment
  ) -> Effect<(ID, Element.Action)> {
    let (id, elementAction) = action
    let element = self.element
    let effect = state.modify(id: id) {
      element.reduce(into: &$0, action: elementAction, environment: environment)
    }
    guard let effect, !effect.isNone else { return .none }
    return tag(effect, id: id)
  }

  @usableFromInline
  func tag(_ effect: Effect<Element.Action>, id: ID) -> Effect<(ID, Element.Action)> {
    let sendableID = UncheckedSendable(id)
    return effect.map { (sendableID.value, $0) }
  }
}

extension IdentifiedElements: Sendable where Element: Sendable {}

/// Runs a child reducer on the one element of a collection that an action addresses by id:
/// ``IdentifiedElements`` pulled back onto the parent's array.
///
/// Made by ``ReducerProtocol/forEach(state:action:environment:)`` or, when the element uses the
/// parent's environment, ``ReducerProtocol/forEach(state:action:)``. Parent actions carry the
/// child's id and action (`AppAction.episode(id: Episode.ID, action: EpisodeAction)`); an
/// action for an id that is no longer in the collection is ignored, as an effect finishing
/// after its element was removed would be. Child effects come back tagged with the same id.
public typealias ForEachReducer<Parent, ParentAction, ParentEnvironment, Element: ReducerProtocol> =
  Pullback<
    Parent, ParentAction, ParentEnvironment, IdentifiedElements<Element>,
    CasePath<ParentAction, (Element.State.ID, Element.Action)>
  >
where Element.State: Identifiable, Element.State.ID: Sendable

extension ReducerProtocol where State: Identifiable, State.ID: Sendable {
  /// Lifts this element reducer to a parent holding an ``IdentifiedArray`` of its states.
  ///
  /// ```swift
  /// let appReducer = episodeReducer.forEach(
  ///   state: \AppState.episodes,
  ///   action: CasePath(
  ///     embed: { AppAction.episode(id: $0.0, action: $0.1) },
  ///     extract: { if case .episode(let id, let action) = $0 { (id, action) } else { nil } }),
  ///   environment: { (environment: AppEnvironment) in environment.episode })
  /// ```
  @inlinable
  public func forEach<Parent, ParentAction, ParentEnvironment>(
    state: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
    action: CasePath<ParentAction, (State.ID, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> ForEachReducer<Parent, ParentAction, ParentEnvironment, Self> {
    IdentifiedElements(element: self).pullback(
      state: state, action: action, environment: environment)
  }

  /// Lifts this element reducer to a parent holding an ``IdentifiedArray`` of its states, with
  /// the parent's environment passed through as it is: no environment function per action.
  ///
  /// ```swift
  /// let appReducer = episodeReducer.forEach(
  ///   state: \AppState.episodes,
  ///   action: CasePath(
  ///     embed: { AppAction.episode(id: $0.0, action: $0.1) },
  ///     extract: { if case .episode(let id, let action) = $0 { (id, action) } else { nil } }))
  /// ```
  @inlinable
  public func forEach<Parent, ParentAction>(
    state: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
    action: CasePath<ParentAction, (State.ID, Action)>
  ) -> ForEachReducer<Parent, ParentAction, Environment, Self> {
    IdentifiedElements(element: self).pullback(state: state, action: action)
  }
}

extension Reducer where State: Identifiable & SendableMetatype, State.ID: Sendable {
  /// Closure-form ``ReducerProtocol/forEach(state:action:environment:)``.
  @inlinable
  public func forEach<Parent, ParentAction, ParentEnvironment>(
    state: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
    action: CasePath<ParentAction, (State.ID, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<Parent, ParentAction, ParentEnvironment> {
    let forEach = IdentifiedElements(element: self).pullback(
      state: state, action: action, environment: environment)
    return Reducer<Parent, ParentAction, ParentEnvironment> { state, action, environment in
      forEach.reduce(into: &state, action: action, environment: environment)
    }
  }

  /// Closure-form ``ReducerProtocol/forEach(state:action:)``.
  @inlinable
  public func forEach<Parent, ParentAction>(
    state: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
    action: CasePath<ParentAction, (State.ID, Action)>
  ) -> Reducer<Parent, ParentAction, Environment> {
    let forEach: ForEachReducer<Parent, ParentAction, Environment, Self> =
      IdentifiedElements(element: self).pullback(state: state, action: action)
    return Reducer<Parent, ParentAction, Environment> { state, action, environment in
      forEach.reduce(into: &state, action: action, environment: environment)
    }
  }
}
