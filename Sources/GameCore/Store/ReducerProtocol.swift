/// A pure function that folds an action into a state, in the form the compiler can specialise.
///
/// Concrete reducer types (structs with a `reduce` method) conform to this protocol; a store
/// generic over such a type (`Store<MyReducer>`) inlines the reducer into `send` and costs no
/// more than calling the function by hand. The closure-built ``Reducer`` also conforms, so both
/// forms compose with the same operators (`pullback`, `optional`, `forEach`, `combined(with:)`).
///
/// ```swift
/// struct Counter: ReducerProtocol {
///   func reduce(into state: inout Int, action: CounterAction, environment: Void)
///     -> Effect<CounterAction> {
///     switch action {
///     case .incrementTapped: state += 1
///     case .decrementTapped: state -= 1
///     }
///     return .none
///   }
/// }
/// let store = Store(initialState: 0, reducer: Counter(), environment: ())
/// ```
///
/// > Important: `reduce` must be pure: the same state, action and environment values must give
/// > the same result. Replays and undo depend on it.
public protocol ReducerProtocol<State, Action, Environment> {
  /// The value this reducer folds actions into.
  associatedtype State
  /// What can happen.
  associatedtype Action
  /// The dependencies effects need (services, clocks for async work); never read for state.
  associatedtype Environment

  /// Applies `action` to `state` in place and returns the work that follows from it.
  func reduce(into state: inout State, action: Action, environment: Environment) -> Effect<Action>
}
