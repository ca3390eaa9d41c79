import TestGames
import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct TrainingBatchTests {
  typealias Batch = TrainingBatch<TallyGame>

  @Test func aStepWritesObservationsRewardsAndFlags() throws {
    let batch = try Batch(count: 2, configuration: .init())
    let buffers = TallyBuffers(count: 2)
    batch.reset(seeds: [3, 4], buffers)
    #expect(buffers.observations == [0.15, 0, 0.2, 0])
    #expect(buffers.rewards == [0, 0] && buffers.terminated == [0, 0])
    try batch.step([1, 0], buffers)
    #expect(buffers.observations == [0.2, 0.001, 0.2, 0])
    #expect(buffers.rewards == [1, 0])
    #expect(buffers.terminated == [0, 0] && buffers.truncated == [0, 0])
  }

  @Test func resultsAreTheSameBitsForAnyNumberOfWorkers() throws {
    func run(workers: Int) throws -> [[String]] {
      let pool = try TrainingWorkers(count: workers)
      let batch = try Batch(count: 101, configuration: .init(players: 2, actionRepeat: 2))
      let buffers = TallyBuffers(count: 101, players: 2)
      batch.reset(seeds: (0..<101).map { UInt64($0) * 7 }, buffers, workers: pool)
      var random = SplitMix64(seed: 5)
      var trace: [[String]] = []
      for _ in 0..<120 {
        let actions = (0..<202).map { _ in Int32(random.next() % 2) }
        try batch.step(actions, buffers, workers: pool)
        trace.append(buffers.snapshot)
      }
      return trace
    }
    let one = try run(workers: 1)
    #expect(try run(workers: 2) == one)
    #expect(try run(workers: 7) == one)
    #expect(try run(workers: 200) == one)
  }

  @Test func nextStepAutoresetStartsTheNextEpisodeAndIgnoresTheAction() throws {
    let batch = try Batch(count: 1, configuration: .init())
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    for _ in 0..<20 { try batch.step([1], buffers) }
    #expect(buffers.terminated == [0])
    try batch.step([1], buffers)
    #expect(buffers.terminated == [1] && buffers.observations[0] == 1)
    try batch.step([1], buffers)
    #expect(buffers.terminated == [0] && buffers.rewards == [0])
    #expect(batch.episode(0).steps == 0 && batch.state(0).presses == 0)
  }

  @Test func sameStepAutoresetWritesTheFinalObservationAndTheNewFirstOne() throws {
    let batch = try Batch(count: 1, configuration: .init(autoreset: .sameStep))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    for _ in 0..<21 { try batch.step([1], buffers) }
    #expect(buffers.terminated == [1] && buffers.rewards == [1])
    #expect(buffers.finals[0] == 1 && buffers.observations[1] == 0)
    #expect(batch.episode(0).steps == 0)
  }

  @Test func disabledAutoresetRefusesAStepAfterTheEnd() throws {
    let batch = try Batch(count: 1, configuration: .init(autoreset: .disabled))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    for _ in 0..<21 { try batch.step([1], buffers) }
    #expect(throws: TrainingError.episodeEnded(environment: 0)) {
      try batch.step([0], buffers)
    }
  }

  @Test func theTimeLimitTruncates() throws {
    let batch = try Batch(count: 1, configuration: .init(timeLimit: 3))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    try batch.step([0], buffers)
    try batch.step([0], buffers)
    #expect(buffers.truncated == [0])
    try batch.step([0], buffers)
    #expect(buffers.truncated == [1] && buffers.terminated == [0])
  }

  @Test func actionRepeatHoldsTheActionForThatManyTicks() throws {
    let batch = try Batch(count: 1, configuration: .init(actionRepeat: 4))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    try batch.step([1], buffers)
    #expect(buffers.rewards == [4] && batch.state(0).tick == 4)
  }

  @Test func badCallsAreRefusedBeforeAnyEnvironmentMoves() throws {
    let batch = try Batch(count: 2, configuration: .init())
    let buffers = TallyBuffers(count: 2)
    #expect(throws: TrainingError.notReset) { try batch.step([0, 0], buffers) }
    batch.reset(seeds: [0, 0], buffers)
    #expect(throws: TrainingError.badAction(environment: 1, player: 0, value: 2, count: 2)) {
      try batch.step([1, 2], buffers)
    }
    #expect(throws: TrainingError.badAction(environment: 0, player: 0, value: -1, count: 2)) {
      try batch.step([-1, 0], buffers)
    }
    #expect(batch.state(0).tick == 0)
    #expect(throws: TrainingError.self) { try TrainingWorkers(count: 0) }
    #expect(throws: TrainingError.self) { try Batch(count: 0, configuration: .init()) }
    #expect(throws: TrainingError.self) { try Batch(count: 1, configuration: .init(players: 3)) }
    #expect(throws: TrainingError.self) {
      try Batch(count: 1, configuration: .init(actionRepeat: 0))
    }
  }

  @Test func theGamesOwnSettingsApplyAndBadOnesAreRefused() throws {
    let batch = try Batch(count: 1, configuration: .init(settings: [.init("step", "3")]))
    let buffers = TallyBuffers(count: 1)
    batch.reset(seeds: [0], buffers)
    try batch.step([1], buffers)
    #expect(buffers.rewards == [3] && batch.settings.step == 3)
    #expect(
      throws: TrainingError.badConfiguration("unknown setting 'speed'; known settings: step")
    ) {
      try Batch(count: 1, configuration: .init(settings: [.init("speed", "2")]))
    }
    #expect(
      throws: TrainingError.badConfiguration(
        "bad value '0' for setting 'step': expected a whole number in 1...9")
    ) {
      try Batch(count: 1, configuration: .init(settings: [.init("step", "0")]))
    }
  }
}
