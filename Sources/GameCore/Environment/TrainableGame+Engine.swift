/// The batch's hot loops, as requirements of ``TrainableGame`` with default implementations.
///
/// Why requirements: callers that know a game only by its id (the C library) reach the batch
/// through ``AnyEnvironmentBatch``, where generic code would run unspecialised. A defaulted
/// requirement's witness is compiled in the game's own module with `Self` concrete, so these
/// loops are specialised for each game (the same reason as ``Game/runHeadless``).
extension TrainableGame {
  @inlinable
  public static func resetEnvironments(
    _ batch: EnvironmentBatch<Self>, _ range: Range<Int>, seeds: UnsafePointer<UInt64>,
    buffers: EnvironmentBuffers
  ) {
    let players = batch.players
    for index in range {
      batch.begin(index, seed: seeds[index])
      batch.observe(index, into: buffers.observations)
      for player in 0..<players { buffers.rewards[index * players + player] = 0 }
      buffers.terminated[index] = 0
      buffers.truncated[index] = 0
    }
  }

  @inlinable
  public static func stepEnvironments(
    _ batch: EnvironmentBatch<Self>, _ range: Range<Int>, actions: UnsafePointer<Int32>,
    buffers: EnvironmentBuffers
  ) {
    let players = batch.players
    let repeats = batch.actionRepeat
    for index in range {
      let episode = batch.episodes + index
      if episode.pointee.hasEnded {
        // Next-step autoreset: this step starts the next episode and ignores the action.
        batch.begin(index, seed: episode.pointee.seeds.next())
        batch.observe(index, into: buffers.observations)
        for player in 0..<players { buffers.rewards[index * players + player] = 0 }
        buffers.terminated[index] = 0
        buffers.truncated[index] = 0
        continue
      }
      var input = TickInput()
      for player in 0..<players {
        let action = Int(actions[index * players + player])
        input.formUnion(batch.inputTable[player * batch.maxActions + action])
      }
      let state = batch.states + index
      var ticks = 0
      var terminated = false
      while ticks < repeats && !terminated {
        _ = batch.game.reduce(into: &state.pointee, action: .tick(input), environment: ())
        ticks += 1
        terminated = isTerminated(state.pointee)
      }
      episode.pointee.steps += 1
      episode.pointee.lastTicks = ticks
      if batch.keepsHistory { episode.pointee.inputs.append(input) }
      for player in 0..<players {
        let score = Self.score(of: state.pointee, player: player)
        let slot = index * players + player
        buffers.rewards[slot] = Float(score - batch.scores[slot])
        batch.scores[slot] = score
      }
      let truncated = !terminated && episode.pointee.steps >= batch.timeLimit
      buffers.terminated[index] = terminated ? 1 : 0
      buffers.truncated[index] = truncated ? 1 : 0
      guard terminated || truncated else {
        batch.observe(index, into: buffers.observations)
        continue
      }
      if batch.autoreset == .sameStep, let final = buffers.finalObservations {
        batch.observe(index, into: final)
        batch.begin(index, seed: episode.pointee.seeds.next())
      } else {
        episode.pointee.hasEnded = true
      }
      batch.observe(index, into: buffers.observations)
    }
  }
}
