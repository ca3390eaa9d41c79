import GameCore
import GameTesting
import Testing

@testable import BlocksGame

@Suite struct BlocksTrainingTests {
  @Test func oneAgentKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Blocks.self, players: 1, steps: 600) == [])
  }

  @Test func actionRepeatKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Blocks.self, players: 1, steps: 300, actionRepeat: 4) == [])
  }

  @Test func versusKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Blocks.self, players: 2, steps: 600) == [])
  }

  @Test func theObservationsAreTheOnesPinnedBeforeTheirFeaturesWereWrittenAtTheirWrites() throws {
    // Pinned when marathon's reward was the score (now `reward: "score"`; lines by default).
    let players1 = try observationFingerprint(
      Blocks.self, players: 1, steps: 2_000, reward: "score")
    #expect(players1 == "b97eaa56e511f9e0")
    let players2 = try observationFingerprint(Blocks.self, players: 2, steps: 2_000)
    #expect(players2 == "84d7da430a921266")
  }

  @Test func marathonRewardsLinesByDefaultAndVersusTheOutcome() {
    #expect(Blocks.defaultReward(players: 1) == "lines")
    #expect(Blocks.defaultReward(players: 2) == "outcome")
    #expect(
      Blocks.trainingCounters.map(\.name) == [
        "score", "lines", "attack", "level", "pieces", "outcome",
      ])
  }

  @Test func theCountersReadEachPlayersOwnFigures() {
    var state = Blocks.initialState(seed: 1, settings: Blocks.trainingSettings(players: 2))
    state.players[1].lines = 12
    state.players[1].attack = 5
    state.players[0].toppedOut = true
    state.phase = .results
    let second = Blocks.writtenCounters(of: state, player: 1).map(\.value)
    #expect(second == [0, 12, 5, Int64(state.players[1].level), 0, 1])
    #expect(Blocks.writtenCounters(of: state, player: 0).map(\.value).last == -1)
  }

  @Test func versusPaysTheWinnerOneAndTheLoserMinusOne() throws {
    var state = Blocks.initialState(seed: 1, settings: Blocks.trainingSettings(players: 2))
    #expect(Blocks.score(of: state, player: 0) == 0)
    state.players[1].toppedOut = true
    state.phase = .results
    #expect(Blocks.score(of: state, player: 0) == 1 && Blocks.score(of: state, player: 1) == -1)
    #expect(Blocks.isTerminated(state))
  }
}
