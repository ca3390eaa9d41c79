import GameCore
import TestGames
import Testing

@testable import GameTraining

/// The paddle game as an environment whose choices set an axis: a `Discrete` space whose
/// actions hold the paddle up or down, as an agent of a paddle game might be offered.
extension PaddleGame: TrainableGame {
  public static let observationFeatures = [
    ObservationFeature("paddle", "paddle / 127"), .unit("clicks", "clicks / 1000"),
  ]
  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    features.write(state.paddle, over: 127)
    features.write(min(state.clicks, 1000), over: 1000)
  }
  public static func actions(forPlayer player: Int) -> [TrainingAction] {
    [
      TrainingAction("noop", []), TrainingAction("up", TickInput(axes: [-127])),
      TrainingAction("down", TickInput(axes: [127])), TrainingAction("click", .click),
    ]
  }
  public static func score(of state: State, player: Int) -> Int { state.clicks }
  public static var timeLimit: Int { 500 }
}

@Suite struct PaddleTrainingTests {
  @Test func anActionThatSetsAnAxisMovesThePaddleAndSavesAsAFormatFourReplay() throws {
    let batch = try TrainingBatch<PaddleGame>(count: 2, configuration: .init())
    let buffers = TallyBuffers(count: 2)
    batch.reset(seeds: [1, 2], buffers)
    for step in 0..<30 { try batch.step([2, step % 2 == 0 ? 1 : 3], buffers) }
    #expect(batch.state(0).paddle > 100)
    #expect(batch.state(1).paddle < -50 && batch.state(1).clicks == 15)
    #expect(batch.inputs(0) == Array(repeating: TickInput(axes: [127]), count: 30))
    // Saved bytes hold the episode as a replay (format 4: the axes), checked on load.
    let saved = try batch.saveState(1)
    let other = try TrainingBatch<PaddleGame>(count: 1, configuration: .init())
    other.reset(seeds: [9], TallyBuffers(count: 1))
    try other.loadState(0, from: saved)
    #expect(other.state(0) == batch.state(1))
  }

  @Test func axisValuesFromTheCallerSetTheAgentsAxesOverItsChoiceAndAreRecorded() throws {
    let batch = try TrainingBatch<PaddleGame>(count: 2, configuration: .init())
    #expect(batch.agentAxes == [[0, 1, 2]] && batch.axisSlots == 3)
    let buffers = TallyBuffers(count: 2)
    // Environment 0 chooses "up" (-127) but sets the paddle to 90; environment 1 clicks at
    // (12, 34) with the paddle at -60.
    buffers.axisValues = [90, 5, 6, -60, 12, 34]
    batch.reset(seeds: [1, 2], buffers)
    for _ in 0..<30 { try batch.step([1, 3], buffers) }
    #expect(batch.state(0).paddle > 80 && batch.state(0).paddle <= 90)
    #expect(batch.state(1).paddle < -50 && batch.state(1).clicks == 1)
    #expect(batch.state(1).clickSum == 12 * 100 + 34)
    #expect(batch.inputs(0) == Array(repeating: TickInput(axes: [90, 5, 6]), count: 30))
    #expect(batch.inputs(1) == Array(repeating: TickInput(.click, axes: [-60, 12, 34]), count: 30))
    // The replay of the episode holds the values: it loads into the same state.
    let other = try TrainingBatch<PaddleGame>(count: 1, configuration: .init())
    other.reset(seeds: [9], TallyBuffers(count: 1))
    try other.loadState(0, from: try batch.saveState(0))
    #expect(other.state(0) == batch.state(0))
  }

  @Test func anAxisValueOutOfItsRangeFailsTheStepBeforeAnyEnvironmentMoves() throws {
    let batch = try TrainingBatch<PaddleGame>(count: 2, configuration: .init())
    let buffers = TallyBuffers(count: 2)
    buffers.axisValues = [0, 0, 0, 0, 160, 0]  // pointer-x is 0...159
    batch.reset(seeds: [1, 2], buffers)
    #expect(
      throws: TrainingError.badAxis(
        environment: 1, player: 0, axis: "pointer-x", value: 160, range: 0...159)
    ) {
      try batch.step([0, 0], buffers)
    }
    #expect(batch.episode(0).steps == 0 && batch.episode(1).steps == 0)
  }

  @Test func aGameWithoutAxesHasNoAxisSlots() throws {
    let batch = try TrainingBatch<TallyGame>(count: 1, configuration: .init())
    #expect(batch.axisSlots == 0 && batch.agentAxes == [[]])
  }
}
