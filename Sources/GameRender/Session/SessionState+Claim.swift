import GameCore

extension SessionState {
  /// A game that made the high-score table: where, its replay, and the initials so far.
  package struct Claim: Equatable, Sendable {
    package var ranking: Ranking
    /// The ranking as the game writes it ("40 PTS").
    package var text: String
    package var place: Int
    /// The game's replay, once the driver has built it; nil if it could not be.
    package var replay: [UInt8]?
    /// The tick the game ended on: where its replay ends.
    package var tick: Int
    package var initials = InitialsEntry()
    /// Ticks run since the entry opened: it takes keys from ``SessionState/entryDelay`` on.
    package var ticksOpen = 0

    package init(ranking: Ranking, text: String, place: Int, tick: Int) {
      self.ranking = ranking
      self.text = text
      self.place = place
      self.tick = tick
    }
  }
}
