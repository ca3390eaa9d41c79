/// A reducer built from a closure: the form of Redux's reducers and of Point-Free's first
/// articles on the Composable Architecture, whose examples the tests in `Seeds/` reproduce.
///
/// `Reducer` is a monoid: ``empty`` is its identity and ``<>(_:_:)`` / `combine(_:)` its
/// associative operation. Combining flattens: `a <> b <> c` holds the three closures in one
/// array and calls each once per action, with no closure nested per pair.
///
/// ```swift
/// let counterReducer = Reducer<Int, CounterAction, Void> { count, action, _ in
///   switch action {
///   case .incrementTapped: count += 1
///   case .decrementTapped: count -= 1
///   }
///   return .none
/// }
/// let appReducer = counterReducer.pullback(
///   state: \AppState.count,
///   action: CasePath(
///     embed: AppAction.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }),
///   environment: { _ in })
///   <> favoritesReducer
/// ```
///
/// For the hottest reducers prefer a concrete ``ReducerProtocol`` type: a closure costs an
/// indirect call per action that the compiler cannot inline.
public struct Reducer<State, Action, Environment>: ReducerProtocol, Sendable {
  /// The signature every reducer closure has.
  public typealias Body = @Sendable (inout State, Action, Environment) -> Effect<Action>

  /// The closures this reducer runs, in order; one element for a reducer made from a closure.
  @usableFromInline let parts: [Body]
  /// Runs `parts`: the closure itself when there is one, a loop over them otherwise.
  @usableFromInline let body: Body

  /// Creates a reducer from a function that mutates state and returns follow-up work.
  @inlinable
  public init(_ reduce: @escaping Body) {
    self.parts = [reduce]
    self.body = reduce
  }

  @usableFromInline
  init(flattening parts: [Body]) {
    self.parts = parts
    switch parts.count {
    case 0:
      self.body = { _, _, _ in .none }
    case 1:
      self.body = parts[0]
    default:
      self.body = { state, action, environment in
        var effects = Effect<Action>.none
        for part in parts {
          effects = effects.merging(part(&state, action, environment))
        }
        return effects
      }
    }
  }

  /// Wraps any reducer value so it can be combined with closure-built reducers.
  public init<R: ReducerProtocol & Sendable>(_ reducer: R)
  where R.State == State, R.Action == Action, R.Environment == Environment {
    self.init { state, action, environment in
      reducer.reduce(into: &state, action: action, environment: environment)
    }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action, environment: Environment)
    -> Effect<Action>
  {
    body(&state, action, environment)
  }

  /// The identity: leaves every state unchanged and returns no effect.
  public static var empty: Reducer { Reducer(flattening: []) }

  /// Runs the reducers in order on each action and merges their effects.
  ///
  /// > Important: Order matters: each reducer sees the state the previous one left. Put a
  /// > child's reducer before the parent's logic that reads the child's result.
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    Reducer(flattening: reducers.flatMap(\.parts))
  }

  /// Variadic form of combining an array of reducers.
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// Combines two reducers: `lhs` runs first, then `rhs`. Associative, with ``empty`` as identity.
  public static func <> (lhs: Reducer, rhs: Reducer) -> Reducer {
    Reducer(flattening: lhs.parts + rhs.parts)
  }
}

infix operator <> : AdditionPrecedence
