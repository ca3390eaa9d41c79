/// A case path the compiler can see through: embeds a payload in one enum case and extracts it
/// again, in two methods of a concrete type.
///
/// ``CasePath`` keeps its two directions in closures, which a lifted reducer calls indirectly
/// on every action. A type conforming to this protocol spells them as methods instead, so a
/// ``Pullback`` over it is specialised and inlined: extracting becomes a check of the enum's
/// tag, as cheap as a hand-written `switch`. ``CasePath`` conforms too, so either form can be
/// passed wherever a case path is expected.
///
/// ```swift
/// struct CounterCase: CasePathProtocol {
///   func embedValue(_ value: CounterAction) -> AppAction { .counter(value) }
///   func extractValue(from root: AppAction) -> CounterAction? {
///     if case .counter(let action) = root { action } else { nil }
///   }
/// }
/// let appReducer = Counter().pullback(state: \AppState.count, action: CounterCase())
/// ```
///
/// > Important: `extractValue(from: embedValue(value))` must give back `value`, and
/// > `extractValue(from:)` must return `nil` for every other case: a lifted reducer runs only on
/// > what its case path extracts.
public protocol CasePathProtocol<Root, Value>: Sendable {
  /// The enum that has the case.
  associatedtype Root
  /// The case's payload.
  associatedtype Value

  /// Wraps `value` in the case.
  func embedValue(_ value: Value) -> Root

  /// The payload when `root` is this case, otherwise `nil`.
  func extractValue(from root: Root) -> Value?
}
