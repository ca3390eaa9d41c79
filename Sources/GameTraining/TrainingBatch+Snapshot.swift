import GameCore

/// Snapshots: one environment copied out and back in memory, in the time of a copy.
extension TrainingBatch {
  /// Environment `index` as it is now: its state, episode, scores and inputs, copied into an
  /// ``TrainingSnapshot`` that ``restore(_:from:)`` puts back, here or in another batch.
  ///
  /// Costs a copy of the state (arrays in it are shared until either side writes) and, in a
  /// batch that keeps history, of the inputs of the steps since the environment's episode
  /// began or its last snapshot or restore (16 bytes a step; those before are shared). A
  /// batch that keeps no history can snapshot too; its snapshots just cannot be saved as
  /// bytes.
  ///
  /// - Throws: ``TrainingError/badIndex(_:count:)``, or ``TrainingError/notReset``
  ///   before the first reset.
  public func snapshot(_ index: Int) throws(TrainingError) -> TrainingSnapshot<G> {
    try check(index)
    var history: InputSegment?
    if keepsHistory {
      journal.flush(index, into: &logs[index])
      history = logs[index].segment
      // The environment shares the frozen inputs too: the next snapshot copies only the
      // steps after this one.
      logs[index].restore(history)
    }
    return TrainingSnapshot(
      state: states[index], episode: episodes[index],
      scores: Array(UnsafeBufferPointer(start: scores + index * players, count: players)),
      history: history, settings: settings, agentCount: players, actionRepeat: actionRepeat,
      keepsHistory: keepsHistory)
  }

  /// ``snapshot(_:)`` behind ``AnyTrainingSnapshot``, for callers that know the game only
  /// by its id.
  public func erasedSnapshot(_ index: Int) throws(TrainingError) -> any AnyTrainingSnapshot {
    try snapshot(index)
  }

  /// Replaces environment `index`'s state, episode, scores and inputs with the snapshot's.
  ///
  /// The snapshot must come from a batch of the same game, agents, action repeat, settings
  /// and history setting; nothing changes otherwise. Stepping on then gives exactly what
  /// stepping on from the snapshotted environment gave, and ``saveState(_:)`` and
  /// ``record(_:path:)`` work as they did there. A batch of one environment may step right
  /// after a restore, with no reset, as after ``loadState(_:from:)``.
  ///
  /// - Throws: ``TrainingError/badIndex(_:count:)``, or
  ///   ``TrainingError/badState(_:)`` naming what differs.
  public func restore(_ index: Int, from snapshot: any AnyTrainingSnapshot)
    throws(TrainingError)
  {
    guard (0..<count).contains(index) else { throw .badIndex(index, count: count) }
    guard let snapshot = snapshot as? TrainingSnapshot<G> else {
      throw .badState(
        snapshot.gameID == G.id
          ? "the snapshot is of another game called \(G.id)"
          : "the snapshot is of \(snapshot.gameID); this batch plays \(G.id)")
    }
    guard snapshot.agentCount == players else {
      throw .badState(
        "the snapshot was taken with \(snapshot.agentCount) agents; this batch has \(players)")
    }
    guard snapshot.actionRepeat == actionRepeat else {
      throw .badState(
        "the snapshot was taken with action repeat \(snapshot.actionRepeat); "
          + "this batch has \(actionRepeat)")
    }
    guard snapshot.settings == settings else {
      throw .badState("the snapshot was taken under other settings of \(G.id)")
    }
    guard snapshot.keepsHistory == keepsHistory else {
      throw .badState(
        snapshot.keepsHistory
          ? "the snapshot was taken from a batch that keeps history; this one keeps none"
          : "the snapshot was taken from a batch that keeps no history; this one keeps it")
    }
    states[index] = snapshot.state
    episodes[index] = snapshot.episode
    recount(index)
    logs[index].restore(snapshot.history)
    journal.begin(index)
    // A batch of one is all restored: it may step without a reset.
    if count == 1 { isReset = true }
  }
}
