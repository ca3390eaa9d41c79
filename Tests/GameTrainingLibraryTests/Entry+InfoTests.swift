import LockstepGames
import Testing

@testable import GameTrainingLibrary

/// `lockstep_set_info`, the reward chosen at `lockstep_create` and `lockstep_next_seeds`, as C
/// would call them.
@Suite struct InfoEntryPointTests {
  init() { lockstep_register() }

  /// The message a call left in the error buffer.
  func message(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (Int32, String) {
    var buffer = [CChar](repeating: 0, count: 256)
    let status = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    return (
      status,
      String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
        as: UTF8.self)
    )
  }

  /// A batch of `count` environments of `game` and its buffers, info included.
  final class Batch {
    let handle: Int64
    var observations: [Float]
    var rewards: [Float]
    var terminated: [UInt8]
    var truncated: [UInt8]
    var counters: [Int64]
    var returns: [Double]
    var lengths: [Int32]
    var ended: [Int64] = [-1]

    init(
      _ game: String, count: Int, features: Int, counters: Int, timeLimit: Int64, reward: String?
    ) {
      var handle: Int64 = 0
      #expect(
        lockstep_create(game, Int64(count), 1, 1, timeLimit, 0, 1, 1, nil, reward, &handle, nil, 0)
          == 0)
      self.handle = handle
      observations = Array(repeating: 0, count: count * features)
      rewards = Array(repeating: 0, count: count)
      terminated = Array(repeating: 0, count: count)
      truncated = Array(repeating: 0, count: count)
      self.counters = Array(repeating: -1, count: count * counters)
      returns = Array(repeating: -1, count: count)
      lengths = Array(repeating: -1, count: count)
      #expect(
        lockstep_set_buffers(
          handle, &observations, Int64(observations.count), &rewards, Int64(count), &terminated,
          Int64(count), &truncated, Int64(count), nil, 0, nil, 0) == 0)
      #expect(
        lockstep_set_info(
          handle, &self.counters, Int64(self.counters.count), &returns, Int64(count), &lengths,
          Int64(count), &ended, 1, nil, 0) == 0)
    }

    deinit { _ = lockstep_close(handle, nil, 0) }

    func reset(_ seeds: [UInt64]) {
      var seeds = seeds
      #expect(lockstep_reset(handle, &seeds, Int64(seeds.count), nil, 0) == 0)
    }

    func step(_ actions: [Int32]) {
      var actions = actions
      #expect(lockstep_step(handle, &actions, Int64(actions.count), nil, 0) == 0)
    }
  }

  @Test func anUnknownRewardIsOneLineNamingTheGamesCounters() {
    var handle: Int64 = 0
    let (status, text) = message {
      lockstep_create("pong", 1, 1, 1, 0, 0, 1, 1, nil, "lines", &handle, $0, $1)
    }
    #expect(status == Status.badArgument.rawValue)
    #expect(
      text
        == "bad configuration: pong has no reward 'lines'; its rewards are the changes of its counters: score, "
        + "points, opponent_points, hits")
  }

  @Test func blocksRewardsLinesByDefaultSoSoftDropsEarnNothing() {
    let lines = Batch("blocks", count: 1, features: 260, counters: 6, timeLimit: 0, reward: nil)
    let score = Batch("blocks", count: 1, features: 260, counters: 6, timeLimit: 0, reward: "score")
    lines.reset([7])
    score.reset([7])
    var scored: Float = 0
    for _ in 0..<40 {
      lines.step([3])  // soft drop
      score.step([3])
      #expect(lines.rewards == [0])
      scored += score.rewards[0]
    }
    // The same game: the score counter moved in both, but only `score` rewards it.
    #expect(scored > 0 && lines.counters[0] == score.counters[0] && lines.counters[0] > 0)
  }

  @Test func anEpisodeCutByTheTimeLimitRecordsItsReturnAndLength() {
    let pong = Batch("pong", count: 2, features: 9, counters: 4, timeLimit: 30, reward: nil)
    pong.reset([1, 2])
    #expect(pong.counters == [0, 0, 0, 0, 0, 0, 0, 0])
    var total: [Double] = [0, 0]
    #expect(pong.ended == [0])
    for _ in 0..<30 {
      #expect(pong.ended == [0])
      pong.step([1, 2])
      for index in 0..<2 { total[index] += Double(pong.rewards[index]) }
    }
    #expect(pong.truncated == [1, 1] && pong.lengths == [30, 30] && pong.returns == total)
    #expect(pong.ended == [2])
  }

  @Test func theNextSeedsAreWhatAutoresetStartsFrom() {
    let pong = Batch("pong", count: 2, features: 9, counters: 4, timeLimit: 3, reward: nil)
    pong.reset([5, 6])
    var next: [UInt64] = [0, 0]
    #expect(lockstep_next_seeds(pong.handle, &next, 2, nil, 0) == 0)
    for _ in 0..<4 { pong.step([0, 0]) }  // three steps, then the autoreset
    let other = Batch("pong", count: 2, features: 9, counters: 4, timeLimit: 3, reward: nil)
    other.reset(next)
    #expect(other.observations == pong.observations)
    let (status, text) = message { lockstep_next_seeds(pong.handle, &next, 3, $0, $1) }
    #expect(
      status == Status.badArgument.rawValue && text == "next_seeds needs room for 2 seeds, got 3")
  }

  @Test func infoBuffersOfTheWrongLengthOrOnlySomeAreRefused() {
    let pong = Batch("pong", count: 1, features: 9, counters: 4, timeLimit: 0, reward: nil)
    var counters = [Int64](repeating: 0, count: 3)
    var returns = [Double](repeating: 0, count: 1)
    var lengths = [Int32](repeating: 0, count: 1)
    var ended: [Int64] = [0]
    let (status, text) = message {
      lockstep_set_info(pong.handle, &counters, 3, &returns, 1, &lengths, 1, &ended, 1, $0, $1)
    }
    #expect(
      status == Status.badArgument.rawValue && text == "bad counters buffer: 3 elements, 4 expected"
    )
    let (some, why) = message {
      lockstep_set_info(pong.handle, &counters, 3, nil, 0, nil, 0, nil, 0, $0, $1)
    }
    #expect(some == Status.badArgument.rawValue && why.contains("the four buffers"))
    #expect(lockstep_set_info(pong.handle, nil, 0, nil, 0, nil, 0, nil, 0, nil, 0) == 0)
  }
}
