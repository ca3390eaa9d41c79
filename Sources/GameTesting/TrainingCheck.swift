import GameCore
import GameFiles
import GameTraining

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plays a game's environments with seeded random actions and lists every way they break
/// the ``TrainableGame`` contract; empty when they keep it.
///
/// Checks: each agent's observation has the declared length and every value lies within
/// its feature's bounds; at every step each agent's `observe` writes as many values as
/// ``TrainableGame/observationFeatures`` lists, and, where it names them, the same features; each agent has at least two choices, the first doing nothing; the
/// same seeds and actions give the same bits; an environment's saved state restores to the
/// same state; a snapshot taken halfway, restored into another batch and stepped with the
/// same actions, gives the same observations, rewards, flags and hashes bit for bit; its
/// recorded episode verifies to its state hash.
public func trainingProblems<G: TrainableGame>(
  _ game: G.Type, players: Int, steps: Int, count: Int = 4, actionRepeat: Int = 1
) throws -> [String] {
  var problems: [String] = []
  let features = G.observationFeatures
  for player in 0..<players where G.actions(forPlayer: player).count < 2 {
    problems.append("player \(player) has fewer than two actions")
  }
  /// Environment 0's snapshot halfway, then its actions and what each step gave it.
  var halfway: TrainingSnapshot<G>?
  var tail: [(actions: [Int32], trace: [UInt64])] = []
  func traceOf(
    _ batch: TrainingBatch<G>, _ buffers: TrainingBuffers, _ index: Int
  ) throws -> [UInt64] {
    let length = players * features.count
    var out = (0..<length).map { UInt64(buffers.observations[index * length + $0].bitPattern) }
    out += (0..<players).map { UInt64(buffers.rewards[index * players + $0].bitPattern) }
    out += [UInt64(buffers.terminated[index]), UInt64(buffers.truncated[index])]
    return out + [try batch.stateHash(index)]
  }
  func run() throws -> (TrainingBatch<G>, [Float]) {
    let batch = try TrainingBatch<G>(
      count: count, configuration: .init(players: players, actionRepeat: actionRepeat))
    var observations = [Float](repeating: .nan, count: count * players * features.count)
    var rewards = [Float](repeating: 0, count: count * players)
    var terminated = [UInt8](repeating: 0, count: count)
    var truncated = [UInt8](repeating: 0, count: count)
    var trace: [Float] = []
    var random = SplitMix64(seed: 99)
    let seeds = (0..<count).map { UInt64($0) + 1 }
    let counts = batch.actionCounts
    func check(_ step: Int, _ observations: UnsafeMutableBufferPointer<Float>) {
      // Environment 0's features, named, at every step: autoreset takes it through episodes.
      for player in 0..<players {
        if let problem = writtenProblem(G.self, batch.state(0), player: player, features) {
          problems.append("step \(step): \(problem)")
        }
      }
      for (index, value) in observations.enumerated() {
        let feature = features[index % features.count]
        if !(feature.low...feature.high).contains(value) {
          problems.append(
            "step \(step): \(feature.name) = \(value), outside \(feature.low)...\(feature.high)")
        }
      }
    }
    try observations.withUnsafeMutableBufferPointer { o in
      try rewards.withUnsafeMutableBufferPointer { r in
        try terminated.withUnsafeMutableBufferPointer { te in
          try truncated.withUnsafeMutableBufferPointer { tr in
            let buffers = TrainingBuffers(
              observations: o.baseAddress!, rewards: r.baseAddress!, terminated: te.baseAddress!,
              truncated: tr.baseAddress!)
            seeds.withUnsafeBufferPointer {
              batch.reset(seeds: $0.baseAddress!, buffers: buffers, workers: nil)
            }
            for step in 0..<steps {
              let actions = (0..<count * players).map {
                Int32(random.next() % UInt64(counts[$0 % players]))
              }
              try actions.withUnsafeBufferPointer {
                try batch.step(actions: $0.baseAddress!, buffers: buffers, workers: nil)
              }
              if problems.count < 20 { check(step, o) }
              if step == steps / 2 && halfway == nil {
                halfway = try batch.snapshot(0)
              } else if step > steps / 2 && tail.count < steps - steps / 2 - 1 {
                tail.append((Array(actions[0..<players]), try traceOf(batch, buffers, 0)))
              }
              trace += r
              trace.append(Float(te.reduce(0, +)))
            }
          }
        }
      }
    }
    return (batch, trace + observations)
  }
  let (batch, trace) = try run()
  let (_, again) = try run()
  if trace != again { problems.append("the same seeds and actions gave other results") }
  if let halfway,
    try !restoredContinuation(halfway, tail, players: players, actionRepeat: actionRepeat)
  {
    problems.append("environment 0 restored from a snapshot went on otherwise")
  }
  // Recordings go to a folder of this check's own (mkdtemp: private, never a planted name).
  var template = Array("/tmp/training-check-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else {
    return problems + ["cannot make a folder for the recorded episodes"]
  }
  let folder = String(cString: made)
  defer { rmdir(folder) }
  for index in 0..<count {
    let saved = try batch.saveState(index)
    let other = try TrainingBatch<G>(
      count: 1, configuration: .init(players: players, actionRepeat: actionRepeat))
    try other.loadState(0, from: saved)
    if other.state(0) != batch.state(index) {
      problems.append("environment \(index) restored to another state")
    }
    let hash = try batch.stateHash(index)
    let path = "\(folder)/\(index).replay"
    try batch.record(index, path: path)
    defer { unlink(path) }
    let bytes = try ReplayFile.read(path: path)
    let outcome = try ReplayPlayer<Simulation<G>>.play(bytes, verify: true)
    if !outcome.verified || outcome.finalHash != hash {
      problems.append("environment \(index)'s recorded episode does not verify to its hash")
    }
  }
  return problems
}

@available(*, deprecated, renamed: "trainingProblems(_:players:steps:count:actionRepeat:)")
public func environmentProblems<G: TrainableGame>(
  _ game: G.Type, players: Int, steps: Int, count: Int = 4, actionRepeat: Int = 1
) throws -> [String] {
  try trainingProblems(
    game, players: players, steps: steps, count: count, actionRepeat: actionRepeat)
}

/// What is wrong with the features `observe` writes for `player` in `state`: another count
/// than `features`', or named features that are not `features`; nil when nothing is.
private func writtenProblem<G: TrainableGame>(
  _ game: G.Type, _ state: G.State, player: Int, _ features: [ObservationFeature]
) -> String? {
  let written = G.writtenFeatures(of: state, player: player)
  if written.count != features.count {
    return "player \(player)'s observe wrote \(written.count) values, not the \(features.count) "
      + "of observationFeatures"
  }
  guard written.contains(where: { $0 != nil }) else { return nil }  // declared by hand
  guard let index = written.indices.first(where: { written[$0] != features[$0] }) else {
    return nil
  }
  return "player \(player)'s observe wrote feature \(index) as "
    + "\(written[index].map { "\($0.name) (\($0.low)...\($0.high))" } ?? "unnamed"), where "
    + "observationFeatures lists \(features[index].name) (\(features[index].low)..."
    + "\(features[index].high))"
}

/// Whether `snapshot`, restored into a batch of one and stepped with `tail`'s actions, gives
/// each step's trace (observations, rewards, flags, hash) bit for bit.
private func restoredContinuation<G: TrainableGame>(
  _ snapshot: TrainingSnapshot<G>, _ tail: [(actions: [Int32], trace: [UInt64])],
  players: Int, actionRepeat: Int
) throws -> Bool {
  let batch = try TrainingBatch<G>(
    count: 1, configuration: .init(players: players, actionRepeat: actionRepeat))
  try batch.restore(0, from: snapshot)
  let length = players * G.featureCount
  let observations = UnsafeMutablePointer<Float>.allocate(capacity: length)
  let rewards = UnsafeMutablePointer<Float>.allocate(capacity: players)
  let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: 2)
  defer {
    observations.deallocate()
    rewards.deallocate()
    flags.deallocate()
  }
  let buffers = TrainingBuffers(
    observations: observations, rewards: rewards, terminated: flags, truncated: flags + 1)
  for (actions, expected) in tail {
    try actions.withUnsafeBufferPointer {
      try batch.step(actions: $0.baseAddress!, buffers: buffers, workers: nil)
    }
    var got = (0..<length).map { UInt64(observations[$0].bitPattern) }
    got += (0..<players).map { UInt64(rewards[$0].bitPattern) }
    got += [UInt64(flags[0]), UInt64(flags[1]), try batch.stateHash(0)]
    if got != expected { return false }
  }
  return !tail.isEmpty
}
