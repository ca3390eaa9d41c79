/// Where a finished game ranks on the player's high-score tables: which table, and its value.
///
/// A game that keeps high scores returns one from ``Game/ranking(of:)`` for a state that
/// shows a finished game; the window then offers the player a place on that table when the
/// value makes the table's top ten and ``qualifies`` (a score of 0 never does).
///
/// ```swift
/// static func ranking(of state: State) -> Ranking? {
///   isGameOver(state) ? Ranking(value: state.score) : nil
/// }
/// ```
public struct Ranking: Equatable, Sendable {
  /// Which way a value is better.
  public enum Order: String, Codable, Sendable {
    /// Points: the more the better.
    case higherIsBetter = "higher"
    /// A time or a count of moves: the fewer the better.
    case lowerIsBetter = "lower"
  }

  /// The table: one of ``Game/rankingTables`` ("" for a game with one table).
  public var table: String
  /// Points, ticks, moves: what the table sorts by.
  public var value: Int
  /// Which way ``value`` is better.
  public var order: Order

  /// A ranking on `table`.
  public init(table: String = "", value: Int, order: Order = .higherIsBetter) {
    self.table = table
    self.value = value
    self.order = order
  }

  /// True when the value may enter a table at all: a higher-is-better value above 0 (a game
  /// that scored nothing takes no place, even on an empty table), or any lower-is-better value.
  public var qualifies: Bool { order == .lowerIsBetter || value > 0 }

  /// True when `value` is strictly better than `other` in this ranking's order: a tie does
  /// not overtake (who got there first keeps the higher place).
  public func beats(_ other: Int) -> Bool {
    order == .higherIsBetter ? value > other : value < other
  }
}
