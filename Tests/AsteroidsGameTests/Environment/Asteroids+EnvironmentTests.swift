import GameCore
import GameTesting
import Testing

@testable import AsteroidsGame

@Suite struct AsteroidsEnvironmentTests {
  @Test func oneAgentKeepsTheEnvironmentContract() throws {
    #expect(try environmentProblems(Asteroids.self, players: 1, steps: 600) == [])
  }

  @Test func actionRepeatKeepsTheEnvironmentContract() throws {
    #expect(try environmentProblems(Asteroids.self, players: 1, steps: 300, actionRepeat: 4) == [])
  }
}
