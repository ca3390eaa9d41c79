import GameCore

/// The batch's checked calls: arguments validated, then the work split across workers.
extension TrainingBatch {
  /// Agents per environment.
  public var agentCount: Int { players }
  /// Floats in one agent's observation.
  public var observationLength: Int { featureCount }

  /// Resets every environment, environment `i` from `seeds[i]`, and writes the first
  /// observations (rewards 0, flags clear).
  public func reset(
    seeds: UnsafePointer<UInt64>, buffers: TrainingBuffers, workers: TrainingWorkers?
  ) {
    run(workers) { range in G.resetEnvironments(self, range, seeds: seeds, buffers: buffers) }
    buffers.episodesEnded?.pointee = 0
    isReset = true
  }

  /// Steps every environment with `actions` (`[count][players]` indices into each agent's
  /// choices) and writes observations, rewards and flags.
  ///
  /// - Throws: ``TrainingError`` before any environment moves: not reset yet, an action out
  ///   of range, an ended episode with autoreset disabled, same-step autoreset without a
  ///   final-observation buffer.
  public func step(
    actions: UnsafePointer<Int32>, buffers: TrainingBuffers, workers: TrainingWorkers?
  ) throws(TrainingError) {
    guard isReset else { throw .notReset }
    if autoreset == .sameStep && buffers.finalObservations == nil {
      throw .badBuffer(
        name: "final observations", reason: "same-step autoreset writes final observations")
    }
    // The precise error, from a second look only when something is wrong.
    if autoreset == .disabled || !actionsAreInRange(actions) {
      try checkEach(actions)
    }
    if let axes = buffers.axes {
      try checkAxes(axes)
      if keepsHistory { journal.keepAxes() }
    }
    if keepsHistory {
      if journal.rows == InputJournal.rowCapacity {
        run(workers) { range in
          for index in range {
            journal.flush(index, into: &logs[index])
            journal.firstRows[index] = 0
          }
        }
        journal.rows = 0
      }
      journal.rows += 1
    }
    run(workers) { range in G.stepEnvironments(self, range, actions: actions, buffers: buffers) }
    if let ended = buffers.episodesEnded { ended.pointee = Int64(endedCount(buffers)) }
  }

  /// Environments whose episode ended in the step: one pass over the flags, so that a caller
  /// reading one number learns whether any record was written.
  private func endedCount(_ buffers: TrainingBuffers) -> Int {
    // 32-bit sums over unit strides: the compiler adds 16 flags at once (a batch holds at
    // most `TrainingConfiguration.maxCount` environments, so the sum cannot overflow).
    var ended: UInt32 = 0
    for index in 0..<count {
      ended &+= UInt32((buffers.terminated[index] | buffers.truncated[index]) & 1)
    }
    return Int(ended)
  }

  /// True when every action is within its agent's choices: one unsigned compare each.
  private func actionsAreInRange(_ actions: UnsafePointer<Int32>) -> Bool {
    var bad: UInt32 = 0
    let end = count * players
    if players == 1 {
      // A unit stride, which the compiler compares eight at a time.
      let limit = UInt32(actionCounts[0])
      for index in 0..<end { bad |= UInt32(bitPattern: actions[index]) >= limit ? 1 : 0 }
      return bad == 0
    }
    for player in 0..<players {
      let limit = UInt32(actionCounts[player])
      var index = player
      while index < end {
        bad |= UInt32(bitPattern: actions[index]) >= limit ? 1 : 0
        index += players
      }
    }
    return bad == 0
  }

  /// Throws the first action out of range or ended episode (autoreset disabled).
  private func checkEach(_ actions: UnsafePointer<Int32>) throws(TrainingError) {
    for index in 0..<count {
      if autoreset == .disabled && episodes[index].hasEnded {
        throw .episodeEnded(environment: index)
      }
      for player in 0..<players {
        let action = actions[index * players + player]
        guard action >= 0 && Int(action) < actionCounts[player] else {
          throw .badAction(
            environment: index, player: player, value: action, count: actionCounts[player])
        }
      }
    }
  }

  /// Writes environment `index`'s observations (`[players][f]`) at `buffer`.
  public func observation(_ index: Int, into buffer: UnsafeMutablePointer<Float>)
    throws(TrainingError)
  {
    try check(index)
    for player in 0..<players {
      var writer = ObservationWriter(buffer + player * featureCount, octets: octets)
      G.observe(states[index], player: player, into: &writer)
    }
  }

  /// The seed environment `index`'s next episode starts from when it autoresets: the next
  /// of the stream its episode's seed began. A caller resetting without a seed of its own
  /// resets from it, so every way of running a batch plays the same later episodes.
  public func nextSeed(_ index: Int) throws(TrainingError) -> UInt64 {
    try check(index)
    var seeds = episodes[index].seeds
    return seeds.next()
  }

  /// The stable hash of environment `index`'s state: what a replay of it ends on.
  public func stateHash(_ index: Int) throws(TrainingError) -> UInt64 {
    try check(index)
    return states[index].stableHash
  }

  func check(_ index: Int) throws(TrainingError) {
    guard (0..<count).contains(index) else { throw .badIndex(index, count: count) }
    guard isReset else { throw .notReset }
  }

  private func run(_ workers: TrainingWorkers?, _ body: (Range<Int>) -> Void) {
    guard let workers, workers.count > 1, count > 1 else { return body(0..<count) }
    workers.run(over: count, body)
  }
}
