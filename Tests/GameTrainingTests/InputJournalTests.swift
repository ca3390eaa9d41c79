import TestGames
import Testing

@testable import GameCore
@testable import GameTraining

/// Each episode's inputs pass through the batch's journal (``InputJournal``) on their way to
/// its log: across the journal's flushes, autoresets and reads in between, the history is
/// exactly the inputs the episode was stepped with.
@Suite struct InputJournalTests {
  /// Steps a batch of 5 with seeded random actions, checking every environment's history
  /// against one kept by hand at the steps in `checks`.
  func play(
    steps: Int, autoreset: AutoresetMode, workers: Int, checks: Set<Int>
  ) throws -> TrainingBatch<TallyGame> {
    let count = 5
    let batch = try TrainingBatch<TallyGame>(
      count: count, configuration: .init(timeLimit: 23, autoreset: autoreset))
    let buffers = TallyBuffers(count: count)
    let pool = try TrainingWorkers(count: workers)
    batch.reset(seeds: [1, 2, 3, 4, 5], buffers, workers: pool)
    let inputs = TallyGame.actions(forPlayer: 0).map(\.input)
    var expected = Array(repeating: [TickInput](), count: count)
    var ended = Array(repeating: false, count: count)
    var random = SplitMix64(seed: 7)
    for step in 1...steps {
      let actions = (0..<count).map { _ in Int32(random.next() % 2) }
      try batch.step(actions, buffers, workers: pool)
      for index in 0..<count {
        if ended[index] {
          expected[index] = []
          ended[index] = false
          continue
        }
        expected[index].append(inputs[Int(actions[index])])
        if buffers.terminated[index] != 0 || buffers.truncated[index] != 0 {
          if autoreset == .sameStep { expected[index] = [] } else { ended[index] = true }
        }
      }
      if checks.contains(step) {
        for index in 0..<count { #expect(batch.inputs(index) == expected[index]) }
      }
    }
    return batch
  }

  @Test func historiesAreTheSteppedInputsAcrossFlushesAndAutoresets() throws {
    let checks: Set<Int> = [1, 15, 16, 17, 33, 40, 64, 65, 100]
    _ = try play(steps: 100, autoreset: .nextStep, workers: 1, checks: checks)
    _ = try play(steps: 100, autoreset: .sameStep, workers: 3, checks: checks)
    _ = try play(steps: 70, autoreset: .nextStep, workers: 2, checks: [70])
  }

  @Test func anEpisodeRecordedAfterManyFlushesVerifiesToTheStateHash() throws {
    let batch = try play(steps: 60, autoreset: .nextStep, workers: 2, checks: [])
    for index in 0..<5 {
      let sink = MemoryReplaySink()
      let hash = try batch.record(index, to: sink)
      #expect(hash == (try batch.stateHash(index)))
      let outcome = try ReplayPlayer<Simulation<TallyGame>>.play(sink.bytes, verify: true)
      #expect(outcome.verified && outcome.finalHash == hash)
    }
  }

  @Test func aRestoredEpisodeKeepsItsHistoryAndNotTheJournalsOldRows() throws {
    let batch = try play(steps: 20, autoreset: .nextStep, workers: 1, checks: [])
    let saved = try batch.saveState(1)
    let other = try play(steps: 9, autoreset: .nextStep, workers: 1, checks: [])
    try other.loadState(3, from: saved)
    #expect(other.inputs(3) == batch.inputs(1))
    #expect(try other.saveState(3) == saved)
  }
}
