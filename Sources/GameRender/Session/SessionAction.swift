import GameCore

/// What happens to the engine's interface around a game: ``SessionReducer`` folds these into
/// ``SessionState``.
package enum SessionAction: Equatable, Sendable {
  /// The game ran one tick with `input`, and now looks like `game`.
  case ticked(TickInput, GameGlance)
  /// One tick was undone by rewinding; the game now looks like `game`.
  case rewound(GameGlance)
  /// A key of the initials entry was pressed.
  case key(InitialsEntry.Key)
  /// The replay of the claim's game, as ``SessionRequest/buildReplay`` asked; nil if it could
  /// not be built.
  case replayBuilt([UInt8]?)
  /// The book kept the entry, at `place` on `table` (nil: it took no place after all).
  case saved(table: String, place: Int?)
  /// The book could not be written.
  case saveFailed(SessionFailure)
  /// The recording could not follow the timeline; the game goes on.
  case recordingFailed(SessionFailure)
  /// Something of the attract mode happened.
  case attract(AttractAction)
  /// The player is leaving: an open claim keeps its place with the letters entered so far.
  case quit
}

/// What the session reads of the game's state after a tick: enough to tell that a game ended
/// and what it ranked, without the session knowing the game's type.
package struct GameGlance: Equatable, Sendable {
  /// The game's tick.
  package var tick: Int
  /// True on a game-over screen (``Game/isGameOver(_:)``).
  package var isOver: Bool
  /// What a finished game ranks as, when high scores are kept; nil otherwise.
  package var ranking: Ranking?
  /// The ranking as the game writes it ("40 PTS"); empty without a ranking.
  package var text: String

  package init(tick: Int, isOver: Bool, ranking: Ranking? = nil, text: String = "") {
    self.tick = tick
    self.isOver = isOver
    self.ranking = ranking
    self.text = text
  }
}

/// Work ``SessionReducer`` asks the driver to do, outside the state: each request's outcome
/// comes back as an action.
package enum SessionRequest: Equatable, Sendable {
  /// Build the replay of the timeline so far (the claim's game); answered by
  /// ``SessionAction/replayBuilt(_:)``.
  case buildReplay
  /// Add an entry to the book; answered by ``SessionAction/saved(table:place:)`` or
  /// ``SessionAction/saveFailed(_:)``.
  case save(HighScoreSave)
  /// Put the next demo on screen (``AttractSession``), unless the player's game is paused;
  /// answered by ``AttractAction/demoStarted`` when one starts.
  case startDemo
  /// Press the game's pause button for one tick (``RewindReducer``: rewind let go on a still
  /// screen).
  case pressPauseOnce
}

/// One entry for the book, with the game's replay and the file name to keep it under.
package struct HighScoreSave: Equatable, Sendable {
  package var entry: HighScoreEntry
  package var ranking: Ranking
  package var replay: [UInt8]?
  package var replayName: String
}
