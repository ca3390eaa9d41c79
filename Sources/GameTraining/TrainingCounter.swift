import GameCore

/// One running total an environment reports for each agent at every reset and step: a
/// score, lines cleared, points won. Python's `info` holds each by its name, and any one of
/// them can be the reward (its change over a step).
///
/// Counters are integers read off the state (``TrainableGame/counters(of:player:into:)``),
/// outputs like observations: never state, never hashed.
public struct TrainingCounter: Equatable, Sendable {
  /// A short name, lowercase with underscores: `score`, `lines`, `opponent_points`.
  public var name: String
  /// What it counts, for the documentation's tables.
  public var meaning: String

  /// A counter named `name`.
  public init(_ name: String, _ meaning: String = "") {
    self.name = name
    self.meaning = meaning
  }
}
