/// A computer player: the buttons to hold this tick, from what it sees of the state.
///
/// Bots play only through buttons, as a person does, so everything a bot does can be
/// recorded, replayed and drawn. A bot's own randomness is its own seeded stream, never the
/// game's.
public protocol GameBot: Sendable {
  /// The state it reads.
  associatedtype State
  /// The buttons for the next tick.
  mutating func input(for state: State) -> TickInput
}

/// The bot of a game that has none: it presses nothing.
public struct NoBot<State>: GameBot {
  public init() {}
  public func input(for state: State) -> TickInput { [] }
}
