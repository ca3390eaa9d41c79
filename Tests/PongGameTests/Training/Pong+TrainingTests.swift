import GameCore
import GameTesting
import GameTraining
import Testing

@testable import GameTraining
@testable import PongGame

@Suite struct PongTrainingTests {
  @Test func discreteChoicesKeepTheHistoryAsButtonsUntilAStepBringsAxisValues() throws {
    let batch = try TrainingBatch<Pong>(count: 2, configuration: .init())
    var observations = [Float](repeating: 0, count: 2 * Pong.featureCount)
    var rewards = [Float](repeating: 0, count: 2)
    var flags = [UInt8](repeating: 0, count: 4)
    let axes: [Int32] = [-90, 89]  // each environment's one agent: its paddle
    let actions: [Int32] = [1, 2]
    try observations.withUnsafeMutableBufferPointer { o in
      try rewards.withUnsafeMutableBufferPointer { r in
        try flags.withUnsafeMutableBufferPointer { f in
          var buffers = TrainingBuffers(
            observations: o.baseAddress!, rewards: r.baseAddress!, terminated: f.baseAddress!,
            truncated: f.baseAddress! + 2)
          batch.reset(seeds: [1, 2], buffers: buffers, workers: nil)
          try batch.step(actions: actions, buffers: buffers, workers: nil)
          #expect(batch.journal.axes == nil)
          try axes.withUnsafeBufferPointer { a in
            buffers.axes = a.baseAddress
            try batch.step(actions: actions, buffers: buffers, workers: nil)
          }
          #expect(batch.journal.axes != nil)
        }
      }
    }
    #expect(batch.inputs(0) == [.up, TickInput(.up, axes: [-90])])
    #expect(batch.inputs(1) == [.down, TickInput(.down, axes: [89])])
  }

  @Test func oneAgentKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Pong.self, players: 1, steps: 600) == [])
  }

  @Test func actionRepeatKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(Pong.self, players: 1, steps: 300, actionRepeat: 4) == [])
  }

  @Test func twoAgentsKeepTheEnvironmentContract() throws {
    #expect(try trainingProblems(Pong.self, players: 2, steps: 600) == [])
  }

  @Test func theObservationsAreTheOnesPinnedBeforeTheirFeaturesWereWrittenAtTheirWrites() throws {
    let players1 = try observationFingerprint(Pong.self, players: 1, steps: 3_000)
    #expect(players1 == "9daf9bd36ccbbc4e")
    let players2 = try observationFingerprint(Pong.self, players: 2, steps: 3_000)
    #expect(players2 == "1830334bc23cd046")
  }

  @Test func theSecondAgentSeesTheCourtMirrored() throws {
    var state = Pong.initialState(seed: 1, settings: NoSettings())
    state.ball = [40 * 256, 30 * 256, 256, 64]
    state.paddles = [20 * 256, 70 * 256]
    var features = [Float](repeating: 0, count: 2 * Pong.featureCount)
    features.withUnsafeMutableBufferPointer { buffer in
      var left = ObservationWriter(buffer.baseAddress!)
      Pong.observe(state, player: 0, into: &left)
      var right = ObservationWriter(buffer.baseAddress! + Pong.featureCount)
      Pong.observe(state, player: 1, into: &right)
    }
    #expect(features[0] == 0.25 && features[9] == 0.75)
    #expect(features[2] == 1.0 / 3 && features[11] == -1.0 / 3)
    #expect(features[4] == Float(20) / 90 && features[13] == Float(70) / 90)
  }

  @Test func aPointWonIsARewardOfOneAndTheGameEndsAtEleven() throws {
    var state = Pong.initialState(seed: 1, settings: NoSettings())
    state.points = [10, 3]
    #expect(Pong.score(of: state, player: 0) == 7 && Pong.score(of: state, player: 1) == -7)
    state.phase = .gameOver
    #expect(Pong.isTerminated(state))
  }

  @Test func eachPaddleCountsItsOwnPointsAndScoreIsTheDefaultReward() {
    var state = Pong.initialState(seed: 1, settings: NoSettings())
    state.points = [10, 3]
    state.hits = 6
    #expect(Pong.trainingCounters.map(\.name) == ["score", "points", "opponent_points", "hits"])
    #expect(Pong.writtenCounters(of: state, player: 0).map(\.value) == [7, 10, 3, 6])
    #expect(Pong.writtenCounters(of: state, player: 1).map(\.value) == [-7, 3, 10, 6])
    #expect(Pong.defaultReward(players: 1) == "score" && Pong.defaultReward(players: 2) == "score")
  }
}
