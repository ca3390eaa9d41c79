/// A prism: builds an enum value from one case's payload, and reads that payload back out.
///
/// Key paths focus on a struct's field; case paths do the same for an enum's case, which is how
/// a parent action wraps a child's (`AppAction.counter(CounterAction)`).
///
/// Built from two closures, so it is quick to write and easy to compose with
/// ``appending(path:)``; each lifted action calls them indirectly. For the hottest paths write
/// a struct conforming to ``CasePathProtocol`` instead, which the compiler inlines.
///
/// ```swift
/// let counter = CasePath<AppAction, CounterAction>(
///   embed: AppAction.counter,
///   extract: { if case .counter(let action) = $0 { action } else { nil } })
/// ```
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a payload in the case.
  public let embed: @Sendable (Value) -> Root
  /// The payload when `root` is this case, otherwise `nil`.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from its two directions.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// Focuses further, through a case path of the payload.
  @inlinable
  public func appending<Next>(path: CasePath<Value, Next>) -> CasePath<Root, Next> {
    CasePath<Root, Next>(
      embed: { self.embed(path.embed($0)) },
      extract: { self.extract($0).flatMap(path.extract) })
  }
}

extension CasePath where Root == Value {
  /// The case path that focuses on the whole value: the identity of ``appending(path:)``.
  ///
  /// Write it `.self` where the type is known (`path.appending(path: .self)`); after a type
  /// name, put `self` in backticks, since a bare `.self` there names the metatype.
  @inlinable
  public static var `self`: CasePath { CasePath(embed: { $0 }, extract: { $0 }) }
}

extension CasePath: CasePathProtocol {
  /// Calls ``embed``.
  @inlinable
  public func embedValue(_ value: Value) -> Root { embed(value) }

  /// Calls ``extract``.
  @inlinable
  public func extractValue(from root: Root) -> Value? { extract(root) }
}
