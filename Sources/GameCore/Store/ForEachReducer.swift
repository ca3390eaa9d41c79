/// Runs a child reducer on the one element of a collection that an action addresses by id.
///
/// Made by ``ReducerProtocol/forEach(state:action:environment:)`` or, when the element uses the
/// parent's environment, ``ReducerProtocol/forEach(state:action:)``. Parent actions carry the
/// child's id and action (`AppAction.episode(id: Episode.ID, action: EpisodeAction)`); an
/// action for an id that is no longer in the collection is ignored, as an effect finishing
/// after its element was removed would be. Child effects come back tagged with the same id.
public struct ForEachReducer<Parent, ParentAction, ParentEnvironment, Element: ReducerProtocol>:
  ReducerProtocol
where Element.State: Identifiable, Element.State.ID: Sendable {
  public typealias ID = Element.State.ID

  @usableFromInline let element: Element
  @usableFromInline let toElements: ChildAccess<Parent, IdentifiedArray<Element.State>>
  @usableFromInline let toElementAction: CasePath<ParentAction, (ID, Element.Action)>
  @usableFromInline let toElementEnvironment:
    EnvironmentLift<
      ParentEnvironment, Element.Environment
    >

  @inlinable
  init(
    element: Element,
    toElements: WritableKeyPath<Parent, IdentifiedArray<Element.State>> & Sendable,
    toElementAction: CasePath<ParentAction, (ID, Element.Action)>,
    toElementEnvironment: EnvironmentLift<ParentEnvironment, Element.Environment>
  ) {
    self.element = element
    self.toElements = ChildAccess(toElements)
    self.toElementAction = toElementAction
    self.toElementEnvironment = toElementEnvironment
  }

  @inlinable
  public func reduce(
    into state: inout Parent, action: ParentAction, environment: ParentEnvironment
  ) -> Effect<ParentAction> {
    guard let (id, elementAction) = toElementAction.extract(action) else { return .none }
    let localEnvironment = toElementEnvironment(environment)
    let element = self.element
    let effect = toElements.modify(&state) { elements in
      elements.modify(id: id) {
        element.reduce(into: &$0, action: elementAction, environment: localEnvironment)
      }
    }
    guard let effect, !effect.isNone else { return .none }
    return lift(effect, id: id)
  }

  @usableFromInline
  func lift(_ effect: Effect<Element.Action>, id: ID) -> Effect<ParentAction> {
    let embed = toElementAction.embed
    let toElementEnvironment = self.toElementEnvironment
    let sendableID = UncheckedSendable(id)
    return effect.mapEnvironment(
      action: { embed((sendableID.value, $0)) },
      environment: { toElementEnvironment(castEnvironment($0)) })
  }
}

extension ForEachReducer: Sendable where Element: Sendable {}

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
    ForEachReducer(
      element: self, toElements: state, toElementAction: action,
      toElementEnvironment: .transform(environment))
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
    ForEachReducer(
      element: self, toElements: state, toElementAction: action, toElementEnvironment: .identity)
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
    let forEach = ForEachReducer(
      element: self, toElements: state, toElementAction: action,
      toElementEnvironment: .transform(environment))
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
    let forEach = ForEachReducer<Parent, ParentAction, Environment, Self>(
      element: self, toElements: state, toElementAction: action, toElementEnvironment: .identity)
    return Reducer<Parent, ParentAction, Environment> { state, action, environment in
      forEach.reduce(into: &state, action: action, environment: environment)
    }
  }
}
