import GameScene
import Testing

/// Rectangles between two ticks: a tracked one is blended with the one of its id before, as
/// sprites, lines and polygons are, so a paddle or a ball drawn as a rectangle moves smoothly.
@Suite struct RectInterpolationTests {
  func scene(tick: Int, _ rects: [Rect]) -> Scene {
    var scene = Scene(tick: tick, worldWidth: 1_280, worldHeight: 720)
    scene.world = rects.map { .rect($0) }
    return scene
  }

  func rect(_ shape: Shape?) -> Rect? {
    if case .rect(let rect)? = shape { rect } else { nil }
  }

  @Test func aTrackedRectangleIsBlendedWithTheOneOfItsIdBefore() throws {
    let paddle = Rect(x: 100, y: 600, width: 80, height: 10, color: .white, id: 7, motion: .tracked)
    var moved = paddle
    moved.x = 140
    moved.width = 100
    let other = Rect(x: 500, y: 20, width: 8, height: 8, color: .white, id: 3, motion: .tracked)
    let drawn = scene(tick: 5, [moved]).interpolated(
      from: scene(tick: 4, [other, paddle]), fraction: 0.25)
    let shown = try #require(rect(drawn.world.first))
    #expect(shown.x == 110 && shown.y == 600)
    #expect(shown.width == 85 && shown.height == 10)
  }

  @Test func aTrackedRectangleWithoutAPartnerOrThatJumpedIsDrawnWhereItIs() throws {
    let ball = Rect(x: 10, y: 10, width: 4, height: 4, color: .white, id: 1, motion: .tracked)
    var wrapped = ball
    wrapped.x = 1_270
    let alone = scene(tick: 2, [ball]).interpolated(from: scene(tick: 1, []), fraction: 0.5)
    #expect(rect(alone.world.first) == ball)
    let jumped = scene(tick: 2, [wrapped]).interpolated(from: scene(tick: 1, [ball]), fraction: 0.5)
    #expect(rect(jumped.world.first) == wrapped)
    // Another id, or the same id not tracked, is no partner.
    var untracked = ball
    untracked.motion = .still
    let stillBefore = scene(tick: 2, [wrapped]).interpolated(
      from: scene(tick: 1, [untracked]), fraction: 0.5)
    #expect(rect(stillBefore.world.first) == wrapped)
  }

  @Test func linearAndStillRectanglesKeepTheirOldBehaviour() throws {
    let moving = Rect(
      x: 50, y: 50, width: 4, height: 4, color: .white, motion: .linear(vx: 8, vy: -4, spin: 0))
    let still = Rect(x: 5, y: 5, width: 4, height: 4, color: .white)
    let drawn = scene(tick: 2, [moving, still]).interpolated(
      from: scene(tick: 1, []), fraction: 0.5)
    let back = try #require(rect(drawn.world.first))
    #expect(back.x == 46 && back.y == 52)
    #expect(rect(drawn.world.last) == still)
    #expect(still.id == 0)
  }
}
