/// One figure a game reports about a state: a number, or a word such as a phase.
public struct Metric: Equatable, Sendable {
  /// Its name, lowercase with underscores: `score`, `lines_cleared`.
  public var name: String
  /// Its value.
  public var value: Value

  /// What a metric holds.
  public enum Value: Equatable, Sendable {
    /// A count or score: `sweep` reports its mean and best.
    case number(Int)
    /// A word, shown as it is.
    case text(String)
  }

  /// A number.
  public init(_ name: String, _ value: Int) {
    self.name = name
    self.value = .number(value)
  }

  /// A word.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = .text(value)
  }
}
