import GameCore
import Testing

@Suite struct CircleTests {
  let ball = Circle(center: Vector(0, 0), radius: Fixed(5))

  @Test func circlesOverlapWhenCloserThanTheirRadiiButNotWhenTouching() {
    #expect(ball.overlaps(Circle(center: Vector(8, 0), radius: Fixed(2))) == false)  // 5 + 2 < 8
    #expect(ball.overlaps(Circle(center: Vector(7, 0), radius: Fixed(2))) == false)  // touching
    #expect(ball.overlaps(Circle(center: Vector(6, 0), radius: Fixed(2))))
    #expect(ball.overlaps(Circle(center: Vector(3, 3), radius: Fixed(0))))  // inside
    #expect(!ball.overlaps(Circle(center: Vector(3, 4), radius: Fixed(-4))))  // on the edge: 5 away
    #expect(!Circle(center: .zero, radius: .zero).overlaps(Circle(center: .zero, radius: .zero)))
  }

  @Test func aCircleOverlapsABoxByItsNearestPoint() {
    #expect(ball.overlaps(Box(3, 3, 10, 10)))  // the corner is 4.24 away
    #expect(!ball.overlaps(Box(4, 4, 10, 10)))  // 5.66 away, though the bounds overlap
    #expect(Box(4, 4, 10, 10).overlaps(ball.bounds))
    #expect(!ball.overlaps(Box(5, -10, 10, 20)))  // touching its left side
    #expect(
      ball.overlaps(
        Box(x: Fixed(raw: 5 << 16 - 1), y: Fixed(-10), width: Fixed(10), height: Fixed(20))))
    #expect(!ball.overlaps(Box(3, 4, 10, 10)))  // touching its corner, 5 away
    #expect(ball.overlaps(Box(-100, -100, 200, 200)))  // the center inside
  }

  @Test func aRadiusOfZeroIsAPointInsideOrNot() {
    let point = Circle(center: Vector(5, 5), radius: .zero)
    #expect(point.overlaps(Box(0, 0, 10, 10)))
    #expect(!point.overlaps(Box(5, 0, 10, 10)))  // on the edge
    #expect(!point.overlaps(Box(5, 5, 0, 0)))
    #expect(!point.contains(Vector(5, 5)))
  }

  @Test func aNegativeRadiusCountsAsZero() {
    let point = Circle(center: Vector(5, 5), radius: Fixed(-3))
    #expect(!point.overlaps(Box(6, 0, 10, 10)))
    #expect(point.bounds == Box(5, 5, 0, 0))
  }

  @Test func containsMeansStrictlyInside() {
    #expect(ball.contains(Vector(3, 3)))
    #expect(!ball.contains(Vector(3, 4)))  // on the circle
    #expect(!ball.contains(Vector(4, 4)))
  }

  @Test func theBoundsAreTheSquareAroundTheCircle() {
    #expect(ball.bounds == Box(-5, -5, 10, 10))
    #expect(ball.moved(by: Vector(1, 2)) == Circle(center: Vector(1, 2), radius: Fixed(5)))
  }

  @Test func theDescriptionAndStableHashHoldCenterThenRadius() {
    #expect(ball.description == "Circle((0.0000, 0.0000), r 5.0000)")
    var hasher = StableHasher()
    for value: Int32 in [0, 0, 5 << 16] { hasher.combine(value) }
    #expect(ball.stableHash == hasher.finalized)
  }

  @Test func overlapsMatchTheNearestPointReferenceForEveryScale() {
    var draws = CollisionDraws(seed: 0xC1C1E)
    for round in 0..<30_000 {
      draws.nextRound(round)
      let (circle, other, box, point) = (
        draws.circle(), draws.circle(), draws.box(), draws.vector()
      )
      let r = Int128(max(circle.radius.raw, 0))
      let (cx, cy) = (Int128(circle.center.x.raw), Int128(circle.center.y.raw))
      let e = BoxTests.edges(box)
      // The box's nearest point to the center: the center clamped to the box.
      let (nx, ny) = (min(max(cx, e.left), e.right), min(max(cy, e.top), e.bottom))
      let inside = e.left < cx && cx < e.right && e.top < cy && cy < e.bottom
      let near = (nx - cx) * (nx - cx) + (ny - cy) * (ny - cy) < r * r
      #expect(circle.overlaps(box) == (near || inside), "\(circle) \(box)")
      if r == 0 {
        #expect(circle.overlaps(box) == Box(origin: circle.center, size: .zero).overlaps(box))
      }
      let (ox, oy) = (Int128(other.center.x.raw), Int128(other.center.y.raw))
      let reach = r + Int128(max(other.radius.raw, 0))
      let apart = (ox - cx) * (ox - cx) + (oy - cy) * (oy - cy)
      #expect(circle.overlaps(other) == (apart < reach * reach))
      #expect(other.overlaps(circle) == circle.overlaps(other))
      let (px, py) = (Int128(point.x.raw), Int128(point.y.raw))
      #expect(circle.contains(point) == ((px - cx) * (px - cx) + (py - cy) * (py - cy) < r * r))
      _ = circle.bounds
    }
  }
}
