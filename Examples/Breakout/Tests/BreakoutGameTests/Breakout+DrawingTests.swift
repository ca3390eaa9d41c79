import BreakoutGame
import GameCore
import GameScene
import Testing

@Suite struct BreakoutDrawingTests {
  /// Golden-free: the frame holds every standing brick, the paddle and the ball (tracked by
  /// their ids), inside the field.
  @Test func aFrameShowsTheWallThePaddleAndTheBall() {
    var state = BreakoutTests.rally(ball: Vector(80, 50), velocity: Vector(1, 1))
    state.bricks[0] = false
    let rects = Breakout.scene(of: state).world.compactMap { shape -> Rect? in
      if case .rect(let rect) = shape { return rect } else { return nil }
    }
    #expect(rects.count == 39 + 2)
    #expect(rects.filter { $0.motion == .tracked }.map(\.id) == [1, 2])
    #expect(rects.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 160 && $0.y >= 0 })
  }

  @Test func theGameOverScreenShowsTheTableWithoutTheWall() {
    var state = BreakoutTests.rally(ball: Vector(80, 95), velocity: Vector(0, 1))
    state.phase = .over
    let scene = Breakout.scene(of: state)
    #expect(scene.highScores?.table == "score")
    #expect(scene.world.count == 2, "the paddle and the ball only")
  }

  @Test func twoBricksInOneTickMakeOneSound() {
    var state = BreakoutTests.rally(ball: Vector(80, 50), velocity: Vector(1, 1))
    state.cues = [.brick, .wall, .brick]
    #expect(Breakout.sounds(of: state).oneShots == ["wall", "brick"])
  }
}
