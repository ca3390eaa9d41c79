import GameCore
import GameTesting
import Testing

@testable import AsteroidsGame

@Suite struct AsteroidsTrainingTests {
  @Test func oneAgentKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Asteroids.self, players: 1, steps: 600) == [])
  }

  @Test func actionRepeatKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Asteroids.self, players: 1, steps: 300, actionRepeat: 4) == [])
  }

  @Test func theObservationsAreTheOnesPinnedBeforeTheirFeaturesWereWrittenAtTheirWrites() throws {
    let players1 = try observationFingerprint(Asteroids.self, players: 1, steps: 3_000)
    #expect(players1 == "4d3c4927150a83c6")
  }
}
