import GameCore
import GameTraining

/// A fingerprint of what a game's agents see: its features (names, bounds, meanings) and
/// every observation of a seeded run, bit for bit, as 16 hex digits.
///
/// A test pins it for each game, so a refactor of the observation code that changes a single
/// bit of any value, or a name, a bound or a meaning, fails the test:
///
/// ```swift
/// #expect(try observationFingerprint(Pong.self, players: 2, steps: 2_000) == "0123456789abcdef")
/// ```
///
/// Four environments from seeds 1-4 take `steps` steps of actions drawn from a `SplitMix64`
/// of seed 7 (next-step autoreset, so episodes that end start again). The rewards are the
/// changes of counter `reward` (the game's default when nil): a fingerprint pinned under one
/// reward stays pinned when the game's default changes.
public func observationFingerprint<G: TrainableGame>(
  _ game: G.Type, players: Int, steps: Int, count: Int = 4, reward: String? = nil
) throws -> String {
  var hasher = StableHasher()
  for feature in G.observationFeatures {
    hasher.combine(Array(feature.name.utf8))
    hasher.combine(feature.low.bitPattern)
    hasher.combine(feature.high.bitPattern)
    hasher.combine(Array(feature.meaning.utf8))
  }
  let batch = try TrainingBatch<G>(
    count: count, configuration: .init(players: players, reward: reward))
  let buffers = OwnedBuffers(count: count, players: players, features: batch.observationLength)
  defer { buffers.free() }
  let seeds = (0..<count).map { UInt64($0) + 1 }
  seeds.withUnsafeBufferPointer {
    batch.reset(seeds: $0.baseAddress!, buffers: buffers.buffers, workers: nil)
  }
  var random = SplitMix64(seed: 7)
  for _ in 0...steps {
    for value in buffers.observationValues { hasher.combine(value.bitPattern) }
    for value in buffers.rewardValues { hasher.combine(value.bitPattern) }
    for index in 0..<count {
      hasher.combine(buffers.buffers.terminated[index])
      hasher.combine(buffers.buffers.truncated[index])
    }
    let actions = (0..<count * players).map {
      Int32(random.next() % UInt64(batch.actionCounts[$0 % players]))
    }
    try actions.withUnsafeBufferPointer {
      try batch.step(actions: $0.baseAddress!, buffers: buffers.buffers, workers: nil)
    }
  }
  let digits = String(hasher.finalized, radix: 16)
  return String(repeating: "0", count: 16 - digits.count) + digits
}

/// A batch's buffers in memory of their own: allocated here, freed by ``free()``.
struct OwnedBuffers {
  let buffers: TrainingBuffers
  let observationCount: Int
  let rewardCount: Int

  init(count: Int, players: Int, features: Int) {
    observationCount = count * players * features
    rewardCount = count * players
    let observations = UnsafeMutablePointer<Float>.allocate(capacity: max(1, observationCount))
    observations.initialize(repeating: .nan, count: max(1, observationCount))
    let rewards = UnsafeMutablePointer<Float>.allocate(capacity: rewardCount)
    rewards.initialize(repeating: 0, count: rewardCount)
    let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * count)
    flags.initialize(repeating: 0, count: 2 * count)
    buffers = TrainingBuffers(
      observations: observations, rewards: rewards, terminated: flags, truncated: flags + count)
  }

  var observationValues: UnsafeMutableBufferPointer<Float> {
    UnsafeMutableBufferPointer(start: buffers.observations, count: observationCount)
  }
  var rewardValues: UnsafeMutableBufferPointer<Float> {
    UnsafeMutableBufferPointer(start: buffers.rewards, count: rewardCount)
  }

  func free() {
    buffers.observations.deallocate()
    buffers.rewards.deallocate()
    buffers.terminated.deallocate()
  }
}
