/// The caller's buffers a reset or a step writes into: nothing is allocated per step.
///
/// Layout for a batch of `n` environments with `p` agents and `f` features: observations
/// `[n][p][f]` floats, rewards `[n][p]` floats, terminated and truncated `[n]` bytes (0 or 1),
/// final observations `[n][p][f]` (written only for environments that ended, under
/// ``AutoresetMode/sameStep``); optionally counters `[n][p][c]` 64-bit integers (c:
/// ``TrainableGame/trainingCounters``), and each ended episode's return `[n][p]` doubles and
/// length `[n]` 32-bit integers.
public struct TrainingBuffers: @unchecked Sendable {
  public var observations: UnsafeMutablePointer<Float>
  public var rewards: UnsafeMutablePointer<Float>
  public var terminated: UnsafeMutablePointer<UInt8>
  public var truncated: UnsafeMutablePointer<UInt8>
  public var finalObservations: UnsafeMutablePointer<Float>?
  /// Each agent's axis values, `[count][players][axisSlots]` (``TrainingBatch/axisSlots``),
  /// read by every step: they set the agent's axes, whatever its choice sets. Nil: the choices
  /// alone make the input.
  public var axes: UnsafePointer<Int32>?
  /// Each agent's counters after every reset and step. Nil: the batch keeps them to itself.
  public var counters: UnsafeMutablePointer<Int64>?
  /// Each agent's return (the sum of its rewards) of an episode that ended in the step,
  /// written for those environments only.
  public var episodeReturns: UnsafeMutablePointer<Double>?
  /// The steps of an episode that ended in the step, written for those environments only.
  public var episodeLengths: UnsafeMutablePointer<Int32>?
  /// How many environments' episodes ended in the step (0 after a reset).
  public var episodesEnded: UnsafeMutablePointer<Int64>?

  /// Buffers at these addresses; the batch checks nothing but their presence, so each must
  /// hold at least its layout's count.
  public init(
    observations: UnsafeMutablePointer<Float>, rewards: UnsafeMutablePointer<Float>,
    terminated: UnsafeMutablePointer<UInt8>, truncated: UnsafeMutablePointer<UInt8>,
    finalObservations: UnsafeMutablePointer<Float>? = nil, axes: UnsafePointer<Int32>? = nil,
    counters: UnsafeMutablePointer<Int64>? = nil,
    episodeReturns: UnsafeMutablePointer<Double>? = nil,
    episodeLengths: UnsafeMutablePointer<Int32>? = nil,
    episodesEnded: UnsafeMutablePointer<Int64>? = nil
  ) {
    self.episodesEnded = episodesEnded
    self.counters = counters
    self.episodeReturns = episodeReturns
    self.episodeLengths = episodeLengths
    self.axes = axes
    self.observations = observations
    self.rewards = rewards
    self.terminated = terminated
    self.truncated = truncated
    self.finalObservations = finalObservations
  }
}

@available(*, deprecated, renamed: "TrainingBuffers")
public typealias EnvironmentBuffers = TrainingBuffers
