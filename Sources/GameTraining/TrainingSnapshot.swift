import GameCore

/// One environment of a batch, held in memory: its state, its episode, its scores and the
/// episode's inputs, copied as they were when ``TrainingBatch/snapshot(_:)`` took it.
///
/// Why, beside ``TrainingBatch/saveState(_:)``: saved bytes are portable and checked (a
/// restore replays the episode and verifies every hash), so they cost a replay of the
/// episode. A snapshot never leaves the process and is never decoded: it is the state as a
/// Swift value, so taking and restoring one cost a copy of the state (its arrays shared until
/// one side writes): the episode's inputs are shared too (in frozen segments), and taking
/// one copies only those since the environment's last snapshot or restore. That is what a
/// search that restores thousands of times from deep in an episode needs. It restores into any
/// environment of any batch of the same game, agents, action repeat, settings and history
/// setting (``TrainingBatch/restore(_:from:)``), and stepping on from it gives the same
/// observations, rewards and hashes as the original did.
///
/// ```swift
/// let root = try batch.snapshot(0)
/// for action in candidates {
///   try batch.restore(0, from: root)
///   try batch.step(actions: action, buffers: buffers, workers: nil)
/// }
/// ```
public struct TrainingSnapshot<G: TrainableGame>: AnyTrainingSnapshot {
  /// The environment's state.
  public let state: G.State
  /// Its episode's bookkeeping: seed, steps, the seeds of later episodes, whether it ended.
  public let episode: TrainingEpisode
  /// Each agent's score, from which the next step's rewards are measured.
  let scores: [Int]
  /// The episode's inputs, one a step (nil when there are none, or the batch keeps no
  /// history), shared with the snapshots it was restored from and taken after.
  let history: InputSegment?
  /// The settings of the batch it was taken from: a batch must share them to restore it.
  let settings: G.Settings
  /// Agents of the batch it was taken from.
  public let agentCount: Int
  /// Action repeat of the batch it was taken from.
  public let actionRepeat: Int
  /// Whether that batch kept the episode's inputs (``saveState()`` needs them).
  public let keepsHistory: Bool

  init(
    state: G.State, episode: TrainingEpisode, scores: [Int], history: InputSegment?,
    settings: G.Settings, agentCount: Int, actionRepeat: Int, keepsHistory: Bool
  ) {
    self.state = state
    self.episode = episode
    self.scores = scores
    self.history = history
    self.settings = settings
    self.agentCount = agentCount
    self.actionRepeat = actionRepeat
    self.keepsHistory = keepsHistory
  }

  /// The game's id.
  public var gameID: String { G.id }

  /// The stable hash of the snapshot's state: what the environment's hash was when it was
  /// taken.
  public var stateHash: UInt64 { state.stableHash }

  /// The bytes ``TrainingBatch/saveState(_:)`` would have given when the snapshot was
  /// taken (the episode replayed, so this costs what saving does).
  ///
  /// - Throws: ``TrainingError/noHistory`` for a snapshot of a batch that keeps none.
  public func saveState() throws(TrainingError) -> [UInt8] {
    guard keepsHistory else { throw .noHistory }
    let replay = MemoryReplaySink()
    _ = try TrainingBatch<G>.record(
      episode: episode, inputs: history?.inputs ?? [], ending: state, settings: settings,
      players: agentCount, actionRepeat: actionRepeat, to: replay)
    return TrainingBatch<G>.stateBytes(
      episode: episode, players: agentCount, actionRepeat: actionRepeat, replay: replay.bytes)
  }
}

@available(*, deprecated, renamed: "TrainingSnapshot")
public typealias EnvironmentSnapshot<G: TrainableGame> = TrainingSnapshot<G>
