/// Work that follows from an action: more actions now, an action after some ticks, async work
/// whose results come back as actions, or cancellation of earlier work.
///
/// Reducers return effects instead of performing them, so a reducer stays a pure function and a
/// store (or a test) decides when the work runs.
///
/// ```swift
/// case .fireTapped:
///   state.bullets.append(bullet)
///   return .merge(
///     .send(.soundCue(.fire)),
///     .after(ticks: 12, .reloaded, id: "reload"))
/// ```
///
/// Timing: `.send` and `.merge` actions run right after the current action, in order, before
/// subscribers hear of the change. `.after` actions run during the tick `ticks` ticks from now
/// (see ``Store/step(_:)``). `.run` results arrive at the next tick boundary, or when
/// ``Store/drainEffects()`` is called.
public struct Effect<Action> {
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    case merge([Effect])
    case after(ticks: Int, action: Action, id: EffectID?)
    case run(id: EffectID?, work: Work)
    case cancel(EffectID)
  }

  /// Async work: gets the store's environment (type-erased, see ``run(id:_:)-(_,(Environment,_)``)
  /// and a handle that delivers result actions.
  @usableFromInline
  typealias Work = @Sendable (_ environment: Any, _ send: Send<Action>) async -> Void

  /// Boxed so that an `Effect` is one optional reference: returning ``none`` (what almost every
  /// action does) copies and destroys a null pointer instead of a many-case generic enum.
  @usableFromInline
  final class Box {
    @usableFromInline let operation: Operation
    @usableFromInline init(_ operation: Operation) { self.operation = operation }
  }

  @usableFromInline let box: Box?

  @inlinable init(_ operation: Operation) {
    if case .none = operation { self.box = nil } else { self.box = Box(operation) }
  }

  @inlinable init(none: Void) { self.box = nil }

  @inlinable init(box: Box) { self.box = box }

  @usableFromInline var operation: Operation { box?.operation ?? .none }

  /// No work. Returning it costs nothing: no allocation, one null check in the store.
  @inlinable
  public static var none: Effect { Effect(none: ()) }

  /// Sends one action right after the current one.
  @inlinable
  public static func send(_ action: Action) -> Effect { Effect(.send(action)) }

  /// Runs several effects; their actions are sent in the order given.
  public static func merge(_ effects: [Effect]) -> Effect {
    var result = Effect.none
    for effect in effects { result = result.merging(effect) }
    return result
  }

  /// Variadic form of merging an array of effects.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// Sends several actions right after the current one, in order: the answer to "how does a
  /// reducer return three actions".
  public static func send(_ actions: [Action]) -> Effect {
    merge(actions.map(Effect.send))
  }

  /// Sends `action` during the tick `ticks` ticks after the current one (at least one).
  ///
  /// Timers count ticks, never wall-clock time, so they replay exactly. Give an `id` to cancel
  /// the timer with ``cancel(id:)``.
  public static func after(ticks: Int, _ action: Action, id: EffectID? = nil) -> Effect {
    Effect(.after(ticks: max(1, ticks), action: action, id: id))
  }

  /// Starts async work in the store's environment; each action it sends is delivered at the
  /// next tick boundary.
  ///
  /// The closure's environment type must be spelled, since Swift cannot infer it from the body:
  ///
  /// ```swift
  /// return .run(id: "highScores") { (environment: AppEnvironment, send) in
  ///   await send(.highScoresLoaded(environment.loadHighScores()))
  /// }
  /// ```
  ///
  /// > Important: Results are external input: a replay records them with their tick, because
  /// > the work itself (disk, network) is not deterministic.
  public static func run<Environment: Sendable>(
    id: EffectID? = nil,
    _ work: @escaping @Sendable (Environment, Send<Action>) async -> Void
  ) -> Effect where Action: Sendable {
    Effect(
      .run(
        id: id,
        work: { environment, send in
          guard let environment = environment as? Environment else {
            fatalError(
              StoreMisuse.environmentMismatch(expected: Environment.self, found: environment))
          }
          await work(environment, send)
        }))
  }

  /// Starts async work that needs no environment.
  public static func run(
    id: EffectID? = nil,
    _ work: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Effect where Action: Sendable {
    Effect(.run(id: id, work: { _, send in await work(send) }))
  }

  /// Cancels pending timers and running async work started with `id`; their actions are never
  /// delivered, even ones already produced but not yet drained.
  public static func cancel(id: EffectID) -> Effect { Effect(.cancel(id)) }

  /// True for ``none``.
  @inlinable
  public var isNone: Bool { box == nil }

  /// This effect followed by `other`, flattening nested merges.
  @inlinable
  public func merging(_ other: Effect) -> Effect {
    if isNone { return other }
    if other.isNone { return self }
    return merged(with: other)
  }

  @usableFromInline
  func merged(with other: Effect) -> Effect {
    switch (operation, other.operation) {
    case (.merge(let lhs), .merge(let rhs)): return Effect(.merge(lhs + rhs))
    case (.merge(let lhs), _): return Effect(.merge(lhs + [other]))
    case (_, .merge(let rhs)): return Effect(.merge([self] + rhs))
    default: return Effect(.merge([self, other]))
    }
  }

  /// Transforms the actions this effect produces; how a child's effects reach the parent.
  public func map<Parent>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
    mapEnvironment(action: transform, environment: { $0 })
  }

  /// Transforms actions and, for async work, the environment the work receives.
  func mapEnvironment<Parent>(
    action transform: @escaping @Sendable (Action) -> Parent,
    environment toLocal: @escaping @Sendable (Any) -> Any
  ) -> Effect<Parent> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .merge(let effects):
      return Effect<Parent>(
        .merge(effects.map { $0.mapEnvironment(action: transform, environment: toLocal) }))
    case .after(let ticks, let action, let id):
      return Effect<Parent>(.after(ticks: ticks, action: transform(action), id: id))
    case .run(let id, let work):
      return Effect<Parent>(
        .run(
          id: id,
          work: { environment, send in
            await work(toLocal(environment), send.map(transform))
          }))
    case .cancel(let id):
      return Effect<Parent>(.cancel(id))
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
extension Effect.Box: @unchecked Sendable where Action: Sendable {}

/// Names a timer or async work so that it can be cancelled.
///
/// Built from a string literal or any hashable, sendable value (`EffectID(RockID(7))`).
public struct EffectID: Hashable, @unchecked Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  // Safety: `value` is only ever built from a `Hashable & Sendable` value (see `init`).
  private let value: AnyHashable
  private let text: String

  /// Wraps any hashable value.
  public init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
    self.text = String(describing: value)
  }

  public init(stringLiteral value: String) { self.init(value) }

  public var description: String { text }

  public static func == (lhs: EffectID, rhs: EffectID) -> Bool { lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
