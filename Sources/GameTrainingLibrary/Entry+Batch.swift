import GameCore
import GameTraining

// The batch's life: create, hand over buffers, reset, step, close. Every function returns a
// `Status` code (0 for success) and, on failure, writes one line into `error` (at most
// `errorCapacity` bytes, NUL-terminated) when the caller gives a buffer.

/// The ABI version (``abiVersion``).
@c public func lockstep_abi_version() -> Int32 { abiVersion }

/// Creates a batch of `count` environments of game `gameID` and stores its handle in
/// `handleOut`. `timeLimit` 0 takes the game's default; `autoreset` 0 next step, 1 same
/// step, 2 disabled; `workers` threads (1 or more) step it; `settings` (may be null) holds
/// the game's options as `name=value` lines (`mode=sprint`), as `--set` takes them;
/// `reward` (null: the game's default) names the counter whose change is the reward.
@c public func lockstep_create(
  _ gameID: UnsafePointer<CChar>?, _ count: Int64, _ players: Int32, _ actionRepeat: Int32,
  _ timeLimit: Int64, _ autoreset: Int32, _ keepsHistory: Int32, _ workers: Int32,
  _ settings: UnsafePointer<CChar>?, _ reward: UnsafePointer<CChar>?,
  _ handleOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  answer(nil, errorOut, errorCapacity) {
    guard let gameID, let handleOut else {
      throw Refusal(
        .badArgument, "lockstep_create: the game id and the handle pointer must not be null")
    }
    let id = String(cString: gameID)
    guard let game = TrainingLibrary.game(id) else {
      throw TrainingError.unknownGame(id, known: TrainingLibrary.ids)
    }
    guard let mode = AutoresetMode(rawValue: autoreset) else {
      throw Refusal(
        .badArgument,
        "autoreset must be 0 (next step), 1 (same step) or 2 (disabled), not \(autoreset)")
    }
    guard timeLimit >= 0 else {
      throw Refusal(
        .badArgument, "the time limit must be 0 (the game's) or more, not \(timeLimit)")
    }
    let maxCount = TrainingConfiguration.maxCount
    guard count >= 1 && count <= Int64(maxCount) else {
      throw TrainingError.badConfiguration(
        "the number of environments must be 1...\(maxCount), not \(count)")
    }
    var parsed: [TrainingSetting] = []
    if let settings {
      let text = String(cString: settings)
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        guard let equals = line.firstIndex(of: "="), equals != line.startIndex else {
          throw Refusal(.badArgument, "bad setting '\(line)': expected NAME=VALUE")
        }
        parsed.append(
          TrainingSetting(String(line[..<equals]), String(line[line.index(after: equals)...])))
      }
    }
    let configuration = TrainingConfiguration(
      players: Int(players), actionRepeat: Int(actionRepeat),
      timeLimit: timeLimit == 0 ? nil : Int(timeLimit), autoreset: mode,
      keepsHistory: keepsHistory != 0, settings: parsed,
      reward: reward.map { String(cString: $0) })
    handleOut.pointee = try makeHandle(
      game, count: Int(count), configuration: configuration, workers: Int(workers))
  }
}

/// A new batch and its pool, registered.
func makeHandle(
  _ game: any TrainableGame.Type, count: Int, configuration: TrainingConfiguration,
  workers: Int
) throws(TrainingError) -> Int64 {
  let pool = try TrainingWorkers(count: workers)
  let batch = try game.makeTrainingBatch(count: count, configuration: configuration)
  return handleTable.insert(Handle(game: game, batch: batch, workers: pool))
}

/// Closes a batch: its handle is no longer valid. Closing a closed handle is an error
/// (`badHandle`), never a crash.
@c public func lockstep_close(
  _ handle: Int64, _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  guard handleTable.remove(handle) != nil else {
    return fail(
      .badHandle, "environment handle \(handle) is not open (closed, or never opened)", errorOut,
      errorCapacity)
  }
  return Status.ok.rawValue
}

/// Hands the batch the caller's buffers, each with its length in elements: observations
/// `[count][players][features]` floats, rewards `[count][players]` floats, terminated and
/// truncated `[count]` bytes, final observations like observations (may be null unless
/// autoreset is same step). The caller keeps them alive until it closes the batch or hands
/// over others.
@c public func lockstep_set_buffers(
  _ handle: Int64,
  _ observations: UnsafeMutablePointer<Float>?, _ observationCount: Int64,
  _ rewards: UnsafeMutablePointer<Float>?, _ rewardCount: Int64,
  _ terminated: UnsafeMutablePointer<UInt8>?, _ terminatedCount: Int64,
  _ truncated: UnsafeMutablePointer<UInt8>?, _ truncatedCount: Int64,
  _ finalObservations: UnsafeMutablePointer<Float>?, _ finalCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    let batch = h.batch
    let agents = Int64(batch.count * batch.agentCount)
    let observationsNeeded = agents * Int64(batch.observationLength)
    let needs: [(String, UnsafeMutableRawPointer?, Int64, Int64)] = [
      ("observations", UnsafeMutableRawPointer(observations), observationCount, observationsNeeded),
      ("rewards", UnsafeMutableRawPointer(rewards), rewardCount, agents),
      ("terminated", UnsafeMutableRawPointer(terminated), terminatedCount, Int64(batch.count)),
      ("truncated", UnsafeMutableRawPointer(truncated), truncatedCount, Int64(batch.count)),
    ]
    for (name, pointer, count, needed) in needs {
      guard pointer != nil else {
        throw TrainingError.badBuffer(name: name, reason: "null pointer")
      }
      try expect(name, count: count, of: "elements", needed: needed)
    }
    if finalObservations != nil {
      try expect(
        "final observations", count: finalCount, of: "elements", needed: observationsNeeded)
    } else if batch.configuration.autoreset == .sameStep {
      throw TrainingError.badBuffer(
        name: "final observations", reason: "same-step autoreset needs one")
    }
    h.buffers = TrainingBuffers(
      observations: observations!, rewards: rewards!, terminated: terminated!,
      truncated: truncated!, finalObservations: finalObservations)
  }
}

/// Resets every environment, environment `i` from `seeds[i]` (`seedCount` must be the
/// batch's count), writing the first observations into the buffers.
@c public func lockstep_reset(
  _ handle: Int64, _ seeds: UnsafePointer<UInt64>?, _ seedCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    let buffers = try h.buffers(for: "reset")
    let seeds = try counted(seeds, seedCount, needed: Int64(h.batch.count), "reset", "seeds")
    h.batch.reset(seeds: seeds, buffers: h.withInfo(buffers), workers: h.workers)
    h.pipeline.reset(seeds: seeds)
    drawPixels(h, refill: true)
  }
}

/// Hands the batch a buffer of axis values, `[count][players][slots]` int32s (`length` of
/// them; `slots` is the most axes an agent of the game has, as the description's `axes` lists
/// them): every later step reads it, each value setting its agent's axis whatever the agent's
/// choice sets, and a value outside its axis's range fails the step before any environment
/// moves. A null buffer goes back to the choices alone. A game without axes refuses it.
@c public func lockstep_set_axes(
  _ handle: Int64, _ axes: UnsafePointer<Int32>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    if axes != nil {
      guard h.batch.axisSlots > 0 else {
        throw Refusal(.badArgument, "\(h.game.id) has no analog axes an agent can set")
      }
      let needed = Int64(h.batch.count * h.batch.agentCount * h.batch.axisSlots)
      try expect("axes", count: length, of: "values", needed: needed)
    }
    h.axes = axes
  }
}

/// Steps every environment with `actions` (`[count][players]` indices, `actionCount` of
/// them), writing observations, rewards and flags into the buffers.
@c public func lockstep_step(
  _ handle: Int64, _ actions: UnsafePointer<Int32>?, _ actionCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    var buffers = try h.buffers(for: "step")
    let needed = Int64(h.batch.count * h.batch.agentCount)
    let actions = try counted(actions, actionCount, needed: needed, "step", "actions")
    buffers.axes = h.axes
    let pipeline = h.pipeline
    // The default path (no stack, no sticky actions) skips the pipeline's bookkeeping.
    let tracksEpisodes = pipeline.isSticky || (h.pixels != nil && pipeline.frameStack > 1)
    if tracksEpisodes {
      pipeline.markFresh(terminated: buffers.terminated, truncated: buffers.truncated)
    }
    let applied =
      pipeline.isSticky ? pipeline.stick(actions, actionCounts: h.batch.actionCounts) : actions
    try h.batch.step(actions: applied, buffers: h.withInfo(buffers), workers: h.workers)
    if pipeline.isSticky {
      pipeline.commit(nextStep: h.batch.configuration.autoreset == .nextStep)
    }
    drawPixels(h, refill: false)
  }
}

/// `pointer` when it holds the `needed` elements `call` reads, or a `badArgument` refusal:
/// "step needs 8 actions, got none".
private func counted<Element>(
  _ pointer: UnsafePointer<Element>?, _ count: Int64, needed: Int64, _ call: String,
  _ elements: String
) throws(Refusal) -> UnsafePointer<Element> {
  guard let pointer, count == needed else {
    let got = pointer == nil ? "none" : "\(count)"
    throw Refusal(.badArgument, "\(call) needs \(needed) \(elements), got \(got)")
  }
  return pointer
}
