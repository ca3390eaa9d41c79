import GameCore
import GameInspector
import GameScene
import Testing

@testable import PongGame

/// Pong's rules tick by tick, its bots, its drawing and its sounds.
@Suite struct PongTests {
  static let unit = Pong.unit

  /// A game in play with the ball where the test puts it, no serve pending.
  static func rally(
    ball: Numbers<(Int, Int, Int, Int)>, paddles: Numbers<(Int, Int)> = [45 * unit, 45 * unit]
  ) -> Pong.State {
    var state = Pong.initialState(seed: 1, settings: NoSettings())
    (state.phase, state.serveIn, state.ball, state.paddles) = (.playing, 0, ball, paddles)
    return state
  }

  static func step(_ state: inout Pong.State, _ input: TickInput = []) {
    _ = Pong().reduce(into: &state, action: .tick(input), environment: ())
  }

  @Test func serveStartsTheGameAndTheBallLeavesTheCentreASecondLater() {
    var state = Pong.initialState(seed: 7, settings: NoSettings())
    #expect(state.phase == .title)
    Self.step(&state, .serve)
    #expect(state.phase == .playing)
    for _ in 0..<63 { Self.step(&state) }
    #expect(state.ball[2] == 0, "still waiting to serve")
    Self.step(&state)
    #expect(state.ball[2] == Self.unit, "the first serve goes right")
    #expect(abs(state.ball[3]) <= 128)
  }

  @Test func theBallBouncesOffTheWallsWithASound() {
    var state = Self.rally(ball: [80 * Self.unit, Self.unit + 10, Self.unit, -100])
    Self.step(&state)
    #expect(state.ball[3] == 100)
    #expect(state.ball[1] >= Self.unit)
    #expect(Pong.sounds(of: state).oneShots == ["wall"])
  }

  @Test func aPaddleSendsTheBallBackFasterAndSteeperOffCentre() {
    // Just short of the left paddle's face at x 8, 4 units below the paddle's centre.
    var state = Self.rally(ball: [9 * Self.unit, 49 * Self.unit, -2 * Self.unit, 0])
    Self.step(&state)
    #expect(state.ball[2] == 2 * Self.unit * 17 / 16)
    #expect(state.ball[3] == 4 * Self.unit / 4)
    #expect(state.hits == 1)
    #expect(Pong.sounds(of: state).oneShots == ["paddle"])
  }

  @Test func aMissedBallScoresForTheOtherSideAndWaitsToServe() {
    var state = Self.rally(ball: [Self.unit / 2, 10 * Self.unit, -Self.unit, 0])
    Self.step(&state)
    #expect(state.points == [0, 1])
    #expect(state.serveIn == 64)
    #expect(state.ball == [80 * Self.unit, 45 * Self.unit, 0, 0])
    #expect(Pong.sounds(of: state).oneShots == ["score"])
  }

  @Test func elevenPointsWinAndServeStartsANewGame() {
    var state = Self.rally(ball: [Self.unit / 2, 10 * Self.unit, -Self.unit, 0])
    state.points = [3, 10]
    Self.step(&state)
    #expect(state.phase == .gameOver)
    Self.step(&state, .serve)
    #expect(state.phase == .playing && state.points == [0, 0])
  }

  @Test func pauseFreezesTheGameUntilPressedAgain() {
    var state = Self.rally(ball: [80 * Self.unit, 45 * Self.unit, Self.unit, 0])
    Self.step(&state, .pause)
    #expect(state.phase == .paused)
    let ball = state.ball
    for _ in 0..<10 { Self.step(&state, .pause) }  // held, not pressed again
    #expect(state.ball == ball && state.phase == .paused)
    Self.step(&state)
    Self.step(&state, .pause)
    #expect(state.phase == .playing)
    #expect(!Pong.scene(of: state).isStill && Pong.isPlaying(state))
  }

  @Test func theRightPaddleIsTheComputersUntilPlayerTwoMovesIt() {
    var state = Self.rally(ball: [120 * Self.unit, 20 * Self.unit, Self.unit, 0])
    Self.step(&state)
    #expect(state.paddles[1] == 44 * Self.unit, "the computer follows the ball up")
    #expect(!state.twoPlayers)
    Self.step(&state, .down2)
    #expect(state.twoPlayers)
    #expect(state.paddles[1] == 44 * Self.unit + 3 * Self.unit / 2)
    Self.step(&state)
    #expect(state.paddles[1] == 44 * Self.unit + 3 * Self.unit / 2, "player 2 holds nothing")
  }

  /// Player 1's paddle axis (the mouse's height, the stick) at `value`, with `buttons` held.
  static func aim(_ value: Int, _ buttons: TickInput = []) -> TickInput {
    TickInput(buttons, axes: [value])
  }

  @Test func aPaddleFollowsItsAxisOnceItMovesAtTheKeysSpeed() {
    var state = Self.rally(ball: [80 * Self.unit, 45 * Self.unit, Self.unit, 0])
    Self.step(&state, Self.aim(-60))  // aims at 45 - 60 / 2 = 15 units
    #expect(state.aiming == [1, 0])
    #expect(state.paddles[0] == 45 * Self.unit - 3 * Self.unit / 2)
    for _ in 0..<30 { Self.step(&state, Self.aim(-60)) }
    #expect(state.paddles[0] == 15 * Self.unit, "it stops where the axis aims")
    Self.step(&state, Self.aim(-59))
    #expect(state.paddles[0] == 15 * Self.unit + Self.unit / 2, "half a unit an axis step")
    Self.step(&state, Self.aim(89))
    #expect(state.paddles[0] == 17 * Self.unit, "no faster than the keys")
  }

  @Test func aKeyTakesThePaddleFromItsAxisUntilTheAxisMovesAgain() {
    var state = Self.rally(ball: [80 * Self.unit, 45 * Self.unit, Self.unit, 0])
    Self.step(&state, Self.aim(20))
    Self.step(&state, Self.aim(20, .up))
    #expect(state.aiming == [0, 0])
    #expect(state.paddles[0] == 45 * Self.unit + 3 * Self.unit / 2 - 3 * Self.unit / 2)
    for _ in 0..<5 { Self.step(&state, Self.aim(20)) }
    #expect(state.paddles[0] == 45 * Self.unit, "a still axis does not take it back")
    Self.step(&state, Self.aim(21))
    #expect(state.aiming[0] == 1 && state.paddles[0] == 45 * Self.unit + 3 * Self.unit / 2)
  }

  @Test func theAxisAimsAcrossTheWholeCourt() {
    var state = Self.rally(ball: [80 * Self.unit, 45 * Self.unit, Self.unit, 0])
    for _ in 0..<60 { Self.step(&state, Self.aim(-90)) }  // the top edge
    #expect(state.paddles[0] == Pong.paddleHalf)
    for _ in 0..<60 { Self.step(&state, Self.aim(89)) }  // the bottom edge
    #expect(state.paddles[0] == Pong.height - Pong.paddleHalf)
    #expect(Pong.buttons.axes.map(\.name) == ["paddle", "paddle-2"])
    #expect(Pong.buttons.axes.map(\.mouse) == [.y, nil])
    #expect(Pong.buttons.axes.map(\.player) == [1, 2])
  }

  @Test func playerTwosStickTakesTheRightPaddleFromTheComputer() {
    var state = Self.rally(ball: [80 * Self.unit, 45 * Self.unit, -Self.unit, 0])
    Self.step(&state, TickInput(axes: [0, 40]))  // aims at 45 + 20 = 65 units
    #expect(state.twoPlayers && state.aiming == [0, 1])
    #expect(state.paddles == [45 * Self.unit, 45 * Self.unit + 3 * Self.unit / 2])
  }

  @Test func axesNobodyMovesPlayAsRulesVersionTwoDid() {
    // The coach plays on buttons only: every axis stays at 0 and no paddle ever aims.
    let simulation = Simulation<Pong>(seed: 2)
    var coach = Pong.bot(named: "coach", seed: 2)!
    for _ in 0..<3_000 {
      simulation.step(coach.input(for: simulation.state))
      #expect(simulation.state.aiming == [0, 0])
    }
    #expect(simulation.state.hits > 5)
  }

  @Test func theSameSeedAndInputsGiveTheSameHashAndOtherSeedsDiffer() {
    func run(seed: UInt64) -> UInt64 {
      let simulation = Simulation<Pong>(seed: seed)
      var bot = Pong.bot(named: "coach", seed: seed)!
      simulation.run(ticks: 5_000, bot: &bot)
      return simulation.hash
    }
    #expect(run(seed: 4) == run(seed: 4))
    #expect(run(seed: 4) != run(seed: 5))
  }

  @Test func theCoachStartsAGameAndOutscoresTheComputer() {
    let simulation = Simulation<Pong>(seed: 3)
    var coach = Pong.bot(named: "coach", seed: 3)!
    simulation.run(ticks: 3_000, bot: &coach)
    #expect(simulation.state.phase == .playing)
    #expect(simulation.state.hits > 5)
    #expect(simulation.state.points[0] > simulation.state.points[1])
    var idle = Pong.bot(named: "idle", seed: 3)!
    #expect(idle.input(for: simulation.state) == [])
    #expect(Pong.bot(named: "ace", seed: 3) == nil)
  }

  @Test func theSceneShowsTheNetPaddlesBallAndScore() {
    var state = Self.rally(ball: [100 * Self.unit, 30 * Self.unit, Self.unit, Self.unit / 2])
    state.points = [4, 7]
    let scene = Pong.scene(of: state)
    #expect(scene.worldWidth == 160 && scene.worldHeight == 90)
    let rects = scene.world.compactMap { if case .rect(let rect) = $0 { rect } else { nil } }
    let paddles = rects.filter { $0.height == 16 }
    #expect(paddles.map(\.x) == [6, 152])
    let ball = rects.first { $0.width == 2 && $0.height == 2 }
    #expect(ball?.x == 99 && ball?.y == 29)
    #expect(ball?.motion == .linear(vx: 1, vy: 0.5, spin: 0))
    let texts = scene.overlay.compactMap {
      if case .text(let text) = $0 { text.string } else { nil }
    }
    #expect(texts.contains("4      7"))
    let title = Pong.scene(of: Pong.initialState(seed: 1, settings: NoSettings()))
    #expect(!Pong.isPlaying(Pong.initialState(seed: 1, settings: NoSettings())))
    #expect(
      title.overlay.contains {
        if case .text(let text) = $0 { text.string == "PONG" } else { false }
      })
  }

  @Test func theButtonsAreTwoPlayersPaddlesServeAndPause() {
    #expect(Pong.buttons.bitCount == 6)
    #expect(Pong.buttons.buttons.filter { $0.player == 2 }.map(\.name) == ["up-2", "down-2"])
    #expect(Pong.buttons.pause == .pause)
    #expect(Pong.hasValidID)
  }

  @Test func theInspectorAndDesyncReportsNameTheFieldsAsArrayElements() {
    var state = Self.rally(ball: [99 * Self.unit, 30 * Self.unit, 256, -128])
    state.points = [4, 7]
    let leaves = StateTree(of: state).leaves.map { "\($0.path)=\($0.value)" }
    #expect(
      leaves.filter {
        ["paddles", "ball", "points"].contains($0.prefix { $0 != "[" && $0 != "." })
      }
        == [
          "paddles.count=2", "paddles[0]=11520", "paddles[1]=11520",
          "ball.count=4", "ball[0]=25344", "ball[1]=7680", "ball[2]=256", "ball[3]=-128",
          "points.count=2", "points[0]=4", "points[1]=7",
        ])
    #expect(leaves.first == "tick=0" && leaves.count == 22, "\(leaves)")
  }

  @Test func settingsChangeOnlyWithANewVersion() {
    let problem = Pong.settingsRecordProblem(version: 3, fingerprint: "40c602b2c507a0eb")
    #expect(problem == nil, "\(problem ?? "")")
  }
}
