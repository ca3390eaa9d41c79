import GameCore

/// One choice of an agent: a name and the buttons it holds for a step.
///
/// A game lists the button combinations that make sense (Pong's up, down and nothing), not
/// every subset of its buttons: a discrete action space as small as the game allows. A game
/// with analog axes may put axis values in a choice too (`TickInput(axes: [-127])`: "paddle
/// up"): the agent's space stays `Discrete`, and the values are recorded like any input. An
/// agent's axes are its own: several agents' choices are merged, buttons by union and each
/// axis from the agent whose choice sets it (not 0).
public struct TrainingAction: Equatable, Sendable {
  /// The name in the documentation's tables and `action_meanings`: `noop`, `up`, `left+fire`.
  public var name: String
  /// The buttons held, as bits of the game's ``TickInput``.
  public var input: TickInput

  /// An action.
  public init(_ name: String, _ input: TickInput) {
    self.name = name
    self.input = input
  }
}

@available(*, deprecated, renamed: "TrainingAction")
public typealias EnvironmentAction = TrainingAction
