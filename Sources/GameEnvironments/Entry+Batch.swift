import GameCore
import GameTraining

// The batch's life: create, hand over buffers, reset, step, close. Every function returns a
// `Status` code (0 for success) and, on failure, writes one line into `error` (at most
// `errorCapacity` bytes, NUL-terminated) when the caller gives a buffer.

/// The ABI version (``abiVersion``).
@c public func sgenv_abi_version() -> Int32 { abiVersion }

/// Creates a batch of `count` environments of game `gameID` and stores its handle in
/// `handleOut`. `timeLimit` 0 takes the game's default; `autoreset` 0 next step, 1 same
/// step, 2 disabled; `workers` threads (1 or more) step it; `settings` (may be null) holds
/// the game's options as `name=value` lines (`mode=sprint`), as `--set` takes them.
@c public func sgenv_create(
  _ gameID: UnsafePointer<CChar>?, _ count: Int64, _ players: Int32, _ actionRepeat: Int32,
  _ timeLimit: Int64, _ autoreset: Int32, _ keepsHistory: Int32, _ workers: Int32,
  _ settings: UnsafePointer<CChar>?, _ handleOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  create(
    gameID, count, players, actionRepeat, timeLimit, autoreset, keepsHistory, workers, settings,
    handleOut, errorOut, errorCapacity)
}

/// ``sgenv_create``'s work, in a Swift function (the compiler crashed lowering it inside
/// the `@c` function itself).
func create(
  _ gameID: UnsafePointer<CChar>?, _ count: Int64, _ players: Int32, _ actionRepeat: Int32,
  _ timeLimit: Int64, _ autoreset: Int32, _ keepsHistory: Int32, _ workers: Int32,
  _ settingLines: UnsafePointer<CChar>?, _ handleOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  guard let gameID, let handleOut else {
    return fail(.badArgument, "sgenv_create: the game id and the handle pointer must not be null", errorOut, errorCapacity)
  }
  let id = String(cString: gameID)
  guard let game = EnvironmentLibrary.game(id) else {
    return fail(EnvironmentError.unknownGame(id, known: EnvironmentLibrary.ids), errorOut, errorCapacity)
  }
  guard let mode = AutoresetMode(rawValue: autoreset) else {
    return fail(.badArgument, "autoreset must be 0 (next step), 1 (same step) or 2 (disabled), not \(autoreset)", errorOut, errorCapacity)
  }
  guard timeLimit >= 0 else {
    return fail(.badArgument, "the time limit must be 0 (the game's) or more, not \(timeLimit)", errorOut, errorCapacity)
  }
  guard count >= 1 && count <= Int64(EnvironmentConfiguration.maxCount) else {
    return fail(EnvironmentError.badConfiguration("the number of environments must be 1...\(EnvironmentConfiguration.maxCount), not \(count)"), errorOut, errorCapacity)
  }
  var settings: [EnvironmentSetting] = []
  if let settingLines {
    let text = String(cString: settingLines)
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let equals = line.firstIndex(of: "="), equals != line.startIndex else {
        return fail(.badArgument, "bad setting '\(line)': expected NAME=VALUE", errorOut, errorCapacity)
      }
      settings.append(
        EnvironmentSetting(String(line[..<equals]), String(line[line.index(after: equals)...])))
    }
  }
  let configuration = EnvironmentConfiguration(
    players: Int(players), actionRepeat: Int(actionRepeat),
    timeLimit: timeLimit == 0 ? nil : Int(timeLimit), autoreset: mode,
    keepsHistory: keepsHistory != 0, settings: settings)
  switch makeHandle(game, count: Int(count), configuration: configuration, workers: Int(workers)) {
  case .success(let handle):
    handleOut.pointee = handle
    return Status.ok.rawValue
  case .failure(let failure):
    return fail(failure, errorOut, errorCapacity)
  }
}

/// A new batch and its pool, registered.
func makeHandle(
  _ game: any TrainableGame.Type, count: Int, configuration: EnvironmentConfiguration,
  workers: Int
) -> Result<Int64, EnvironmentError> {
  let pool: EnvironmentWorkers
  let batch: any AnyEnvironmentBatch
  do {
    pool = try EnvironmentWorkers(count: workers)
    batch = try game.makeEnvironmentBatch(count: count, configuration: configuration)
  } catch {
    return .failure(error)
  }
  return .success(handleTable.insert(Handle(game: game, batch: batch, workers: pool)))
}

/// Closes a batch: its handle is no longer valid. Closing a closed handle is an error
/// (`badHandle`), never a crash.
@c public func sgenv_close(
  _ handle: Int64, _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  guard handleTable.remove(handle) != nil else {
    return fail(.badHandle, "environment handle \(handle) is not open (closed, or never opened)", errorOut, errorCapacity)
  }
  return Status.ok.rawValue
}

/// Hands the batch the caller's buffers, each with its length in elements: observations
/// `[count][players][features]` floats, rewards `[count][players]` floats, terminated and
/// truncated `[count]` bytes, final observations like observations (may be null unless
/// autoreset is same step). The caller keeps them alive until it closes the batch or hands
/// over others.
@c public func sgenv_set_buffers(
  _ handle: Int64,
  _ observations: UnsafeMutablePointer<Float>?, _ observationCount: Int64,
  _ rewards: UnsafeMutablePointer<Float>?, _ rewardCount: Int64,
  _ terminated: UnsafeMutablePointer<UInt8>?, _ terminatedCount: Int64,
  _ truncated: UnsafeMutablePointer<UInt8>?, _ truncatedCount: Int64,
  _ finalObservations: UnsafeMutablePointer<Float>?, _ finalCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.with(handle, errorOut, errorCapacity) { h in
    let batch = h.batch
    let agents = Int64(batch.count * batch.agentCount)
    let needs: [(String, UnsafeMutableRawPointer?, Int64, Int64)] = [
      ("observations", UnsafeMutableRawPointer(observations), observationCount, agents * Int64(batch.observationLength)),
      ("rewards", UnsafeMutableRawPointer(rewards), rewardCount, agents),
      ("terminated", UnsafeMutableRawPointer(terminated), terminatedCount, Int64(batch.count)),
      ("truncated", UnsafeMutableRawPointer(truncated), truncatedCount, Int64(batch.count)),
    ]
    for (name, pointer, count, needed) in needs {
      guard pointer != nil else { return fail(EnvironmentError.badBuffer(name: name, reason: "null pointer"), errorOut, errorCapacity) }
      guard count == needed else {
        return fail(EnvironmentError.badBuffer(name: name, reason: "\(count) elements, \(needed) expected"), errorOut, errorCapacity)
      }
    }
    if let finalObservations {
      guard finalCount == needs[0].3 else {
        return fail(EnvironmentError.badBuffer(name: "final observations", reason: "\(finalCount) elements, \(needs[0].3) expected"), errorOut, errorCapacity)
      }
      _ = finalObservations
    } else if batch.configuration.autoreset == .sameStep {
      return fail(EnvironmentError.badBuffer(name: "final observations", reason: "same-step autoreset needs one"), errorOut, errorCapacity)
    }
    h.buffers = EnvironmentBuffers(
      observations: observations!, rewards: rewards!, terminated: terminated!,
      truncated: truncated!, finalObservations: finalObservations)
    return Status.ok.rawValue
  }
}

/// Resets every environment, environment `i` from `seeds[i]` (`seedCount` must be the
/// batch's count), writing the first observations into the buffers.
@c public func sgenv_reset(
  _ handle: Int64, _ seeds: UnsafePointer<UInt64>?, _ seedCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.with(handle, errorOut, errorCapacity) { h in
    guard let buffers = h.buffers else {
      return fail(.badOrder, "reset before the buffers were handed over (sgenv_set_buffers)", errorOut, errorCapacity)
    }
    guard let seeds, seedCount == Int64(h.batch.count) else {
      return fail(.badArgument, "reset needs \(h.batch.count) seeds, got \(seeds == nil ? "none" : "\(seedCount)")", errorOut, errorCapacity)
    }
    h.batch.reset(seeds: seeds, buffers: buffers, workers: h.workers)
    drawPixels(h)
    return Status.ok.rawValue
  }
}

/// Hands the batch a buffer of axis values, `[count][players][slots]` int32s (`length` of
/// them; `slots` is the most axes an agent of the game has, as the description's `axes` lists
/// them): every later step reads it, each value setting its agent's axis whatever the agent's
/// choice sets, and a value outside its axis's range fails the step before any environment
/// moves. A null buffer goes back to the choices alone. A game without axes refuses it.
@c public func sgenv_set_axes(
  _ handle: Int64, _ axes: UnsafePointer<Int32>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.with(handle, errorOut, errorCapacity) { h in
    guard let axes else {
      h.axes = nil
      return Status.ok.rawValue
    }
    guard h.batch.axisSlots > 0 else {
      return fail(.badArgument, "\(h.game.id) has no analog axes an agent can set", errorOut, errorCapacity)
    }
    let needed = Int64(h.batch.count * h.batch.agentCount * h.batch.axisSlots)
    guard length == needed else {
      return fail(EnvironmentError.badBuffer(name: "axes", reason: "\(length) values, \(needed) expected"), errorOut, errorCapacity)
    }
    h.axes = axes
    return Status.ok.rawValue
  }
}

/// Steps every environment with `actions` (`[count][players]` indices, `actionCount` of
/// them), writing observations, rewards and flags into the buffers.
@c public func sgenv_step(
  _ handle: Int64, _ actions: UnsafePointer<Int32>?, _ actionCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.with(handle, errorOut, errorCapacity) { h in
    guard let buffers = h.buffers else {
      return fail(.badOrder, "step before the buffers were handed over (sgenv_set_buffers)", errorOut, errorCapacity)
    }
    let needed = Int64(h.batch.count * h.batch.agentCount)
    guard let actions, actionCount == needed else {
      return fail(.badArgument, "step needs \(needed) actions, got \(actions == nil ? "none" : "\(actionCount)")", errorOut, errorCapacity)
    }
    var withAxes = buffers
    withAxes.axes = h.axes
    do throws(EnvironmentError) {
      try h.batch.step(actions: actions, buffers: withAxes, workers: h.workers)
      drawPixels(h)
      return Status.ok.rawValue
    } catch {
      return fail(error, errorOut, errorCapacity)
    }
  }
}
