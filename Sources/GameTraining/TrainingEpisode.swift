import GameCore

/// What a batch keeps about one environment's episode besides its state.
public struct TrainingEpisode: Sendable {
  /// The seed the episode started from: a replay of it starts there.
  public var seed: UInt64 = 0
  /// Where the seeds of the episodes autoreset after this one come from.
  public var seeds = SplitMix64(seed: 0)
  /// Steps taken since the episode started.
  public var steps = 0
  /// Ticks the last step ran: the action repeat, or fewer when the game ended inside it.
  public var lastTicks = 0
  /// True once the episode ended: the next step resets it (or, with autoreset disabled, is
  /// refused).
  public var hasEnded = false

  /// An episode not started yet.
  public init() {}

  /// The seeds of later episodes: a stream of their own, so an episode's seed never repeats
  /// its predecessor's.
  @inlinable
  static func seeds(after seed: UInt64) -> SplitMix64 {
    SplitMix64(seed: seed, stream: 0x5EED_0F_EB15_0DE5)
  }
}

@available(*, deprecated, renamed: "TrainingEpisode")
public typealias EnvironmentEpisode = TrainingEpisode
