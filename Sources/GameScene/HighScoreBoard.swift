import GameCore

/// The player's saved high scores on a screen: the engine keeps the tables (one file per game
/// in the user's data folder) and draws them where a scene asks.
///
/// Drawn in frame pixels over the overlay. Where no tables are at hand (frame export, golden
/// tests) ``best`` is drawn as the game wrote it and no ``list``.
///
/// When a game that ends makes the table, the window asks for initials on an opaque panel in
/// the middle of the frame (x 310-970, y 220-510), and shows ``list`` only once they are
/// saved: a game-over title above y 220 stays in view while the player types.
public struct HighScoreBoard: Equatable, Sendable {
  /// The table shown: one of the game's `rankingTables`.
  public var table: String
  /// The heading of the top-ten list, placed and styled as the list should be; its rows follow
  /// below in the same style. Nil shows no list.
  public var list: Text?
  /// The best-score line as the game knows it (`HI SCORE 120`): in the window, the better of
  /// ``current`` and the table's best replaces everything after ``bestPrefix``.
  public var best: Text?
  /// What stays of ``best`` before the value (`HI SCORE `).
  public var bestPrefix: String
  /// The game's own value for ``best`` (its best so far this session), compared with the
  /// table's.
  public var current: Int?

  /// A board for `table`.
  public init(
    table: String = "", list: Text? = nil, best: Text? = nil, bestPrefix: String = "",
    current: Int? = nil
  ) {
    self.table = table
    self.list = list
    self.best = best
    self.bestPrefix = bestPrefix
    self.current = current
  }
}
