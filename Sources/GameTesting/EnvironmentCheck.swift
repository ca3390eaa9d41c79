#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import GameCore

/// Plays a game's environments with seeded random actions and lists every way they break
/// the ``TrainableGame`` contract; empty when they keep it.
///
/// Checks: each agent's observation has the declared length and every value lies within
/// its feature's bounds; each agent has at least two choices, the first doing nothing; the
/// same seeds and actions give the same bits; an environment's saved state restores to the
/// same state; its recorded episode verifies to its state hash.
public func environmentProblems<G: TrainableGame>(
  _ game: G.Type, players: Int, steps: Int, count: Int = 4, actionRepeat: Int = 1
) throws -> [String] {
  var problems: [String] = []
  let features = G.observationFeatures
  for player in 0..<players where G.actions(forPlayer: player).count < 2 {
    problems.append("player \(player) has fewer than two actions")
  }
  func run() throws -> (EnvironmentBatch<G>, [Float]) {
    let batch = try EnvironmentBatch<G>(
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
      for (index, value) in observations.enumerated() {
        let feature = features[index % features.count]
        if !(feature.low...feature.high).contains(value) {
          problems.append("step \(step): \(feature.name) = \(value), outside \(feature.low)...\(feature.high)")
        }
      }
    }
    try observations.withUnsafeMutableBufferPointer { o in
      try rewards.withUnsafeMutableBufferPointer { r in
        try terminated.withUnsafeMutableBufferPointer { te in
          try truncated.withUnsafeMutableBufferPointer { tr in
            let buffers = EnvironmentBuffers(
              observations: o.baseAddress!, rewards: r.baseAddress!, terminated: te.baseAddress!,
              truncated: tr.baseAddress!)
            seeds.withUnsafeBufferPointer {
              batch.reset(seeds: $0.baseAddress!, buffers: buffers, workers: nil)
            }
            for step in 0..<steps {
              let actions = (0..<count * players).map { Int32(random.next() % UInt64(counts[$0 % players])) }
              try actions.withUnsafeBufferPointer {
                try batch.step(actions: $0.baseAddress!, buffers: buffers, workers: nil)
              }
              if problems.count < 20 { check(step, o) }
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
  // Recordings go to a folder of this check's own (mkdtemp: private, never a planted name).
  var template = Array("/tmp/environment-check-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else {
    return problems + ["cannot make a folder for the recorded episodes"]
  }
  let folder = String(cString: made)
  defer { rmdir(folder) }
  for index in 0..<count {
    let saved = try batch.saveState(index)
    let other = try EnvironmentBatch<G>(
      count: 1, configuration: .init(players: players, actionRepeat: actionRepeat))
    try other.loadState(0, from: saved)
    if other.state(0) != batch.state(index) { problems.append("environment \(index) restored to another state") }
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
