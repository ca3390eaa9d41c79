import GameScene
import Testing

/// Lines and polygons between two ticks: the same interpolation sprites have.
@Suite struct LineAndPolygonInterpolationTests {
  func scene(tick: Int, _ shapes: [Shape]) -> Scene {
    var scene = Scene(tick: tick, worldWidth: 1_280, worldHeight: 720)
    scene.world = shapes
    return scene
  }

  func points(_ shape: Shape) -> [SIMD2<Float>] {
    switch shape {
    case .line(let line): [SIMD2(line.x1, line.y1), SIMD2(line.x2, line.y2)]
    case .polygon(let polygon): polygon.points
    default: []
    }
  }

  func close(_ a: [SIMD2<Float>], _ b: [SIMD2<Float>]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy { abs($0.x - $1.x) < 0.001 && abs($0.y - $1.y) < 0.001 }
  }

  @Test func aMovingLineIsDrawnBackAlongItsVelocity() {
    let shot = Line(
      x1: 100, y1: 50, x2: 104, y2: 50, color: .white, motion: .linear(vx: 8, vy: -4, spin: 0))
    let drawn = scene(tick: 2, [.line(shot)]).interpolated(from: scene(tick: 1, []), fraction: 0.5)
    #expect(close(points(drawn.world[0]), [SIMD2(96, 52), SIMD2(100, 52)]))
  }

  @Test func aSpinningPolygonIsTurnedBackAboutItsCentre() {
    // A square about (10, 10), a quarter turn a tick: half a tick back is an eighth of a turn.
    let square: [SIMD2<Float>] = [SIMD2(11, 10), SIMD2(10, 11), SIMD2(9, 10), SIMD2(10, 9)]
    let rock = Polygon(points: square, color: .white, motion: .linear(vx: 0, vy: 0, spin: .pi / 2))
    let drawn = scene(tick: 2, [.polygon(rock)]).interpolated(
      from: scene(tick: 1, []), fraction: 0.5)
    let r = Float(0.5).squareRoot()
    let expected: [SIMD2<Float>] = [
      SIMD2(10 + r, 10 - r), SIMD2(10 + r, 10 + r), SIMD2(10 - r, 10 + r), SIMD2(10 - r, 10 - r),
    ]
    #expect(close(points(drawn.world[0]), expected))
  }

  @Test func aTrackedPolygonIsBlendedCornerByCornerWithTheOneOfItsIdBefore() {
    let before = Polygon(
      points: [SIMD2(0, 0), SIMD2(10, 0), SIMD2(0, 10)], color: .white, id: 3, motion: .tracked)
    let after = Polygon(
      points: [SIMD2(4, 2), SIMD2(14, 2), SIMD2(4, 12)], color: .white, id: 3, motion: .tracked)
    let other = Polygon(
      points: [SIMD2(100, 100), SIMD2(110, 100), SIMD2(100, 110)], color: .white, id: 4,
      motion: .tracked)
    let drawn = scene(tick: 2, [.polygon(after)])
      .interpolated(from: scene(tick: 1, [.polygon(other), .polygon(before)]), fraction: 0.25)
    #expect(close(points(drawn.world[0]), [SIMD2(1, 0.5), SIMD2(11, 0.5), SIMD2(1, 10.5)]))
  }

  @Test func aTrackedLineThatWrappedOrJustAppearedIsDrawnWhereItIs() {
    let now = Line(x1: 3, y1: 100, x2: 8, y2: 100, color: .white, id: 1, motion: .tracked)
    let wrapped = Line(
      x1: 1_278, y1: 100, x2: 1_283, y2: 100, color: .white, id: 1, motion: .tracked)
    let fromWrap = scene(tick: 2, [.line(now)])
      .interpolated(from: scene(tick: 1, [.line(wrapped)]), fraction: 0.5)
    let fromNothing = scene(tick: 2, [.line(now)]).interpolated(
      from: scene(tick: 1, []), fraction: 0.5)
    #expect(fromWrap.world[0] == .line(now))
    #expect(fromNothing.world[0] == .line(now))
  }

  @Test func stillLinesAndPolygonsAreDrawnAsTheyAre() {
    let net = Line(x1: 640, y1: 0, x2: 640, y2: 720, color: .white)
    let hull = Polygon(
      points: [SIMD2(1, 1), SIMD2(5, 1), SIMD2(3, 4)], color: .white, filled: true)
    let drawn = scene(tick: 2, [.line(net), .polygon(hull)])
      .interpolated(from: scene(tick: 1, [.line(net), .polygon(hull)]), fraction: 0.5)
    #expect(drawn.world == [.line(net), .polygon(hull)])
  }
}
