import GameCore

/// One number of an environment's observation: its name, its bounds and what it means.
///
/// Observations are `Float` (IEEE binary32) vectors: every reinforcement-learning library's
/// networks take them as they are, and each value is an exact function of the integer state
/// (a ratio of two integers, correctly rounded), so the same state gives the same bits on
/// every machine. They are outputs, never state: the rules still hold no floating point.
public struct ObservationFeature: Equatable, Sendable {
  /// A short name, lowercase with underscores: `ball_x`, `cell_3_17`.
  public var name: String
  /// The least value the game ever writes.
  public var low: Float
  /// The greatest value the game ever writes.
  public var high: Float
  /// What it measures, for the documentation's tables.
  public var meaning: String

  /// A feature within `low...high`; `[-1, 1]` by default.
  public init(_ name: String, low: Float = -1, high: Float = 1, _ meaning: String = "") {
    self.name = name
    self.low = low
    self.high = high
    self.meaning = meaning
  }

  /// A feature within `[0, 1]`: a position across the field, a flag, a fill.
  public static func unit(_ name: String, _ meaning: String = "") -> ObservationFeature {
    ObservationFeature(name, low: 0, high: 1, meaning)
  }
}
