import TestGames
import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct TrainingBatchCountersTests {
  typealias Batch = TrainingBatch<TallyGame>

  @Test func aGameThatWritesNoCountersReportsItsScore() {
    #expect(TallyGame.trainingCounters == [TrainingCounter("score", "the reward's running total")])
    #expect(TallyGame.defaultReward(players: 1) == "score")
  }

  @Test func countersAreWrittenAtResetAndAtEveryStep() throws {
    let batch = try Batch(count: 2, configuration: .init())
    let buffers = TallyBuffers(count: 2)
    batch.reset(seeds: [3, 4], buffers)
    #expect(buffers.counters == [3, 4])
    try batch.step([1, 0], buffers)
    #expect(buffers.counters == [4, 4] && buffers.rewards == [1, 0])
  }

  @Test func anEndedEpisodeRecordsItsReturnAndLengthAndNoOtherDoes() throws {
    let batch = try Batch(count: 2, configuration: .init())
    let buffers = TallyBuffers(count: 2)
    batch.reset(seeds: [3, 0], buffers)
    #expect(buffers.ended == [0])
    var rewards = 0.0
    for _ in 0..<18 {
      try batch.step([1, 0], buffers)
      rewards += Double(buffers.rewards[0])
    }
    #expect(buffers.terminated == [1, 0] && buffers.ended == [1])
    // The sum of the episode's rewards, as Gymnasium's RecordEpisodeStatistics adds them.
    #expect(buffers.returns == [rewards, -9] && buffers.lengths == [18, -9])
    #expect(rewards == 18)
  }

  @Test func aTruncatedEpisodeRecordsItsLengthToo() throws {
    let batch = try Batch(count: 1, configuration: .init(timeLimit: 5))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    for _ in 0..<5 { try batch.step([0], buffers) }
    #expect(buffers.truncated == [1] && buffers.returns == [0] && buffers.lengths == [5])
  }

  @Test func sameStepAutoresetReportsTheNewEpisodesCountersAndTheEndedOnesRecord() throws {
    let batch = try Batch(count: 1, configuration: .init(autoreset: .sameStep))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    for _ in 0..<21 { try batch.step([1], buffers) }
    #expect(buffers.terminated == [1] && buffers.returns == [21] && buffers.lengths == [21])
    #expect(buffers.counters == [Int64(batch.state(0).total)])
  }

  @Test func anUnknownRewardIsRefusedNamingTheCounters() {
    #expect(
      throws: TrainingError.badConfiguration(
        "tally has no reward 'lines'; its rewards are the changes of its counters: score"
      )
    ) {
      try Batch(count: 1, configuration: .init(reward: "lines"))
    }
  }

  @Test func aRestoredEnvironmentRewardsFromItsRestoredCounters() throws {
    let batch = try Batch(count: 1, configuration: .init())
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    for _ in 0..<4 { try batch.step([1], buffers) }
    let snapshot = try batch.snapshot(0)
    for _ in 0..<4 { try batch.step([1], buffers) }
    try batch.restore(0, from: snapshot)
    try batch.step([1], buffers)
    #expect(buffers.rewards == [1] && buffers.counters == [5])
    for _ in 0..<16 { try batch.step([1], buffers) }
    #expect(buffers.terminated == [1] && buffers.returns == [21] && buffers.lengths == [21])
  }
}
