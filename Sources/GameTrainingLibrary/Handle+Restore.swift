import GameCore
import GameTraining

// After a restore or a load, the caller's buffers hold the restored environment as a reset
// of it would leave them: a caller reading the buffers in place (numpy arrays over them,
// with no copy) never sees the observation of the state the restore replaced.

/// Writes environment `index` into the handle's buffers, as a reset would: its observation,
/// a reward of 0 for each agent, its counters and its episode's flags (terminated when its
/// game ended, truncated when the time limit cut it, both clear while it goes on); then
/// redraws the pixels. Before the batch may step (not reset, a restore into one of many), it
/// leaves the buffers alone.
func writeRestored(_ handle: Handle, _ index: Int) {
  let batch = handle.batch
  guard batch.isReset else { return }
  drawPixels(handle, restored: index)
  guard let buffers = handle.buffers, let episodes = batch as? any EpisodeReading else { return }
  let players = batch.agentCount
  let start = buffers.observations + index * players * batch.observationLength
  // The restore checked the index and the batch is reset: the observation cannot fail.
  try? batch.observation(index, into: start)
  for player in 0..<players { buffers.rewards[index * players + player] = 0 }
  if let counters = handle.info?.counters {
    try? batch.counters(index, into: counters + index * players * batch.counterCount)
  }
  let ended = episodes.ending(index)
  buffers.terminated[index] = ended.terminated ? 1 : 0
  buffers.truncated[index] = ended.truncated ? 1 : 0
}

/// A batch whose environments' episode ends can be read, whatever its game type.
protocol EpisodeReading {
  /// How environment `index`'s episode stands: ended by its game (terminated), cut by the
  /// time limit (truncated), or neither; what the step that ended it reported.
  func ending(_ index: Int) -> (terminated: Bool, truncated: Bool)
}

extension TrainingBatch: EpisodeReading {
  func ending(_ index: Int) -> (terminated: Bool, truncated: Bool) {
    guard episode(index).hasEnded else { return (false, false) }
    let terminated = G.isTerminated(state(index))
    return (terminated, !terminated)
  }
}
