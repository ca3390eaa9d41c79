import GameCore
import GameTraining

// What each step reports besides observations, rewards and flags: every agent's counters,
// and the record of each episode that ended; and the seeds later episodes start from.

/// Hands the batch the buffers of what its resets and steps report besides the
/// observations, each with its length in elements: counters `[count][players][c]` int64s (`c`
/// the game's counters, as the description lists them), written at every reset and step;
/// episode returns `[count][players]` doubles and lengths `[count]` int32s, written for the
/// environments whose episode ended in the step (the return is the sum of the episode's
/// rewards, the length its steps); and `ended` one int64, how many episodes ended in the
/// step (0 after a reset), so that a caller reads one number to learn whether to look at the
/// records. All four null: the batch stops writing them.
@c public func lockstep_set_info(
  _ handle: Int64,
  _ counters: UnsafeMutablePointer<Int64>?, _ counterCount: Int64,
  _ returns: UnsafeMutablePointer<Double>?, _ returnCount: Int64,
  _ lengths: UnsafeMutablePointer<Int32>?, _ lengthCount: Int64,
  _ ended: UnsafeMutablePointer<Int64>?, _ endedCount: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    guard let counters, let returns, let lengths, let ended else {
      guard counters == nil && returns == nil && lengths == nil && ended == nil else {
        throw Refusal(
          .badArgument,
          "lockstep_set_info takes the four buffers (counters, returns, lengths, ended) or none")
      }
      h.info = nil
      return
    }
    let batch = h.batch
    let agents = Int64(batch.count * batch.agentCount)
    try expect(
      "counters", count: counterCount, of: "elements",
      needed: agents * Int64(batch.counterCount))
    try expect("episode returns", count: returnCount, of: "elements", needed: agents)
    try expect("episode lengths", count: lengthCount, of: "elements", needed: Int64(batch.count))
    try expect("episodes ended", count: endedCount, of: "elements", needed: 1)
    ended.pointee = 0
    h.info = (counters, returns, lengths, ended)
    // A caller handing them over after a reset reads the counters at once.
    if batch.isReset {
      for index in 0..<batch.count {
        try batch.counters(index, into: counters + index * batch.agentCount * batch.counterCount)
      }
    }
  }
}

/// Writes into `seeds` (`count` of them, the batch's count) the seed each environment's next
/// episode starts from when it autoresets: a caller resetting without seeds of its own
/// resets from these, so later episodes are the same however the batch is run.
@c public func lockstep_next_seeds(
  _ handle: Int64, _ seeds: UnsafeMutablePointer<UInt64>?, _ count: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "next_seeds", errorOut, errorCapacity) { h in
    guard let seeds, count == Int64(h.batch.count) else {
      let got = seeds == nil ? "none" : "\(count)"
      throw Refusal(.badArgument, "next_seeds needs room for \(h.batch.count) seeds, got \(got)")
    }
    for index in 0..<h.batch.count { seeds[index] = try h.batch.nextSeed(index) }
  }
}
