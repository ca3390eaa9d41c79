import GameCore

/// The engine's own interface around a player's game, as one value: the high-score claim and
/// its initials, the place last entered, the counters the summary reports, the attract mode's idle wait and demos, and what went wrong
/// on the way (a recording stopped, a score not saved).
///
/// ``SessionReducer`` is the only code that changes it, one ``SessionAction`` at a time, in a
/// ``Store`` that ``GameSession`` (the driver) runs beside the game's. What the reducer needs
/// done outside the value (build a replay, write the book) it asks for in ``requests``; the
/// driver carries each out and sends back what came of it.
package struct SessionState: Equatable, Sendable {
  /// The game's seed: it names a high score's replay file.
  package var seed: UInt64
  /// Ticks the initials entry ignores keys for after it opens: presses a player was making as
  /// the game ended land in nothing.
  package var entryDelay: Int
  /// A finished game that made the table, waiting for its initials.
  package var claim: Claim?
  /// The place the latest entry took on its table, highlighted on the board.
  package var entered: Entered?
  /// The tick and value of the latest game that claimed a place: rewinding to just before its
  /// end and letting it end again is not a second entry.
  package var lastClaim: LastClaim?
  /// Whether the state after the latest tick showed a finished game: a claim is made when a
  /// game ends, not on every tick of its game-over screen.
  package var wasOver = false
  /// Ticks taken back by rewinding, for the summary.
  package var rewoundTicks = 0
  /// Ticks each button was held, in bit order: the window test checks that keys reached the
  /// game.
  package var held: [Int]
  /// The attract mode: the idle wait and the demos.
  package var attract = AttractState()
  /// Why the recording stopped, once it has (the game goes on).
  package var recordingFailure: SessionFailure?
  /// Why the latest high score could not be saved.
  package var scoreFailure: SessionFailure?
  /// What the latest action asks the driver to do; the next action starts with none.
  package var requests: [SessionRequest] = []

  /// The session of a game with `seed` and `buttons` buttons, whose initials entry waits
  /// `entryDelay` ticks for keys.
  package init(seed: UInt64, buttons: Int, entryDelay: Int) {
    self.seed = seed
    self.entryDelay = entryDelay
    held = Array(repeating: 0, count: buttons)
  }

  /// True while a finished game waits for the player's initials.
  package var isEnteringInitials: Bool { claim != nil }

  /// The place an entry took on a table.
  package struct Entered: Equatable, Sendable {
    package var table: String
    package var place: Int
  }

  /// The end of a game that claimed a place.
  package struct LastClaim: Equatable, Sendable {
    package var tick: Int
    package var value: Int
  }
}

/// An error kept in ``SessionState``: equal when it reads the same, so the state stays a value
/// tests compare.
package struct SessionFailure: Equatable, Sendable, CustomStringConvertible {
  /// The error itself, thrown again where the session ends.
  package let error: any Error

  package init(_ error: any Error) { self.error = error }

  package var description: String { "\(error)" }

  package static func == (lhs: SessionFailure, rhs: SessionFailure) -> Bool {
    lhs.description == rhs.description
  }
}
