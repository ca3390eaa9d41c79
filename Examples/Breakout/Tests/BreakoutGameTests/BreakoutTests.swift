import BreakoutGame
import GameCore
import GameScene
import Testing

/// Breakout's rules tick by tick, its bot over whole games and a replay of one.
@Suite struct BreakoutTests {
  /// A game in play, the ball in flight where the test puts it.
  static func rally(ball: Vector, velocity: Vector) -> Breakout.State {
    var state = Breakout.initialState(seed: 1, settings: .headless)
    (state.serveIn, state.ball, state.velocity) = (0, ball, velocity)
    return state
  }

  static func step(_ state: inout Breakout.State, _ input: TickInput = []) {
    _ = Breakout().reduce(into: &state, action: .tick(input), environment: ())
  }

  @Test func theWindowStartsOnTheTitleAndServeStartsPlay() {
    var state = Breakout.initialState(seed: 1, settings: BreakoutSettings())
    #expect(state.phase == .title)
    Self.step(&state, TickInput(bit: 2))
    #expect(state.phase == .playing && state.lives == 3 && state.bricksLeft == 40)
  }

  /// The paddle goes where the mouse or stick points (the analog axis), four units a tick at
  /// most, and stays there once it is let go (0); the keys still push it two a tick.
  @Test func thePaddleFollowsTheAnalogAxis() {
    var state = Self.rally(ball: Vector(80, 40), velocity: Vector(0, -1))
    var input = TickInput()
    input[axis: 0] = 40  // x = 120
    Self.step(&state, input)
    #expect(state.paddle == Fixed(84))
    for _ in 0..<20 { Self.step(&state, input) }
    #expect(state.paddle == Fixed(120))
    Self.step(&state)
    #expect(state.paddle == Fixed(120))
    Self.step(&state, TickInput(bit: 0))
    #expect(state.paddle == Fixed(118))
    input[axis: 0] = -80  // the left edge: the paddle stops at its half width
    for _ in 0..<40 { Self.step(&state, input) }
    #expect(state.paddle == Fixed(10))
  }

  @Test func theBallBouncesOffTheLeftWallWithASound() {
    var state = Self.rally(ball: Vector(2, 50), velocity: Vector(-1, -1))
    Self.step(&state)
    #expect(state.velocity == Vector(1, -1))
    #expect(state.ball.x >= Fixed(ratio: 3, 2))
    #expect(Breakout.sounds(of: state).oneShots == ["wall"])
  }

  @Test func theBallLeavesThePaddleUpAndSteeperOffCentre() {
    var centre = Self.rally(ball: Vector(80, 80), velocity: Vector(0, 1))
    Self.step(&centre)
    #expect(centre.velocity.y < .zero && centre.velocity.x == .zero)
    #expect(Breakout.sounds(of: centre).oneShots == ["paddle"])
    var end = Self.rally(ball: Vector(88, 80), velocity: Vector(0, 1))
    Self.step(&end)
    #expect(end.velocity.y < .zero && end.velocity.x > Fixed(ratio: 1, 2))
  }

  @Test func aBrickHitBreaksScoresByItsRowAndSendsTheBallBack() {
    // Under the bottom row (y 27 to 32) of the first column, rising.
    var state = Self.rally(ball: Vector(8, 34), velocity: Vector(0, -1))
    Self.step(&state)
    #expect(state.bricks[30] == false && state.bricksLeft == 39)
    #expect(state.score == 10)
    #expect(state.velocity == Vector(0, 1))
    #expect(Breakout.sounds(of: state).oneShots == ["brick"])
  }

  @Test func aClearedWallStartsTheNextLevelDeeperAndFaster() {
    var state = Self.rally(ball: Vector(8, 34), velocity: Vector(0, -1))
    state.bricks = state.bricks.indices.map { $0 == 30 }
    Self.step(&state)
    #expect(state.level == 2)
    #expect(state.bricks.count == 50 && state.bricksLeft == 50)
    #expect(state.serveIn == 64 && state.velocity == Vector(0, 0))
    #expect(Breakout.sounds(of: state).oneShots == ["brick", "level"])
  }

  @Test func losingTheBallCostsALifeAndTheLastOneEndsTheGameWhichRanks() {
    var state = Self.rally(ball: Vector(20, 91), velocity: Vector(0, 2))
    state.score = 120
    Self.step(&state)
    #expect(state.lives == 2 && state.serveIn == 64 && state.phase == .playing)
    #expect(Breakout.sounds(of: state).oneShots == ["lost"])
    #expect(Breakout.ranking(of: state) == nil)
    (state.lives, state.serveIn, state.ball, state.velocity) = (1, 0, Vector(20, 91), Vector(0, 2))
    Self.step(&state)
    #expect(Breakout.isGameOver(state))
    #expect(Breakout.ranking(of: state) == Ranking(table: "score", value: 120))
  }

  @Test func pauseFreezesPlayUntilPressedAgain() {
    var state = Self.rally(ball: Vector(80, 50), velocity: Vector(1, 1))
    Self.step(&state, TickInput(bit: 3))
    #expect(state.phase == .paused)
    let paused = state.ball
    for _ in 0..<10 { Self.step(&state, TickInput(bit: 3)) }  // held, not pressed again
    #expect(state.ball == paused && state.phase == .paused)
    Self.step(&state)
    Self.step(&state, TickInput(bit: 3))
    #expect(state.phase == .playing)
  }

  @Test func theBotClearsBricks() throws {
    let simulation = Simulation<Breakout>(seed: 7)
    var bot = try #require(Breakout.bot(named: "ace", seed: 7))
    simulation.run(ticks: 6_400, bot: &bot)  // 100 s
    let state = simulation.state
    #expect(state.level > 1 || state.bricksLeft <= 20, "\(state.bricksLeft) bricks left")
    #expect(state.lives == 3)
  }

  @Test func aRecordedGameReplaysToItsHashes() throws {
    let settings = BreakoutSettings.headless
    let simulation = Simulation<Breakout>(seed: 3, settings: settings)
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: Breakout.self, seed: 3, settings: settings), sink: sink,
      chunkTicks: 256)
    var bot = try #require(Breakout.bot(named: "ace", seed: 3))
    for _ in 0..<3_000 {
      let input = bot.input(for: simulation.state)
      simulation.step(input)
      try recorder.record(input, after: simulation.state)
    }
    let hash = try recorder.finish(state: simulation.state)
    let outcome = try Breakout.playReplay(
      sink.bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.verified && outcome.finalHash == hash)
    #expect(outcome.header.gameID == "breakout")
  }
}
