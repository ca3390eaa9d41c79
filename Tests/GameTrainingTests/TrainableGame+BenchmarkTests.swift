import TestGames
import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct TrainableGameBenchmarkTests {
  /// A timer that runs its body and reports a fixed duration.
  func run(_ count: Int, steps: Int, seed: UInt64) -> (BatchTickResult, timed: Int) {
    var timed = 0
    let result = TallyGame.benchmarkBatchTicks(count: count, steps: steps, seed: seed) { body in
      timed += 1
      body()
      return 1_000
    }
    return (result, timed)
  }

  @Test func everyEnvironmentTicksOnceAStepInsideOneTimedRun() {
    let (result, timed) = run(8, steps: 200, seed: 3)
    #expect(timed == 1)
    #expect(result.count == 8 && result.ticks == 1_600 && result.nanoseconds == 1_000)
    #expect(result.ticksPerSecond == 1_600_000_000)
  }

  @Test func endedEpisodesBeginAgainAndAreCounted() {
    // A tally ends past 20 adds; random presses add about every other step.
    let (result, _) = run(8, steps: 200, seed: 3)
    #expect((16...80).contains(result.episodes), "\(result.episodes) episodes")
  }

  @Test func theSameArgumentsEndOnTheSameStatesAndAnotherSeedOnOthers() {
    let first = run(16, steps: 100, seed: 5).0
    #expect(run(16, steps: 100, seed: 5).0.hash == first.hash)
    #expect(run(16, steps: 100, seed: 6).0.hash != first.hash)
  }
}
