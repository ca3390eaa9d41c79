import GameCore
import Testing

@Suite struct CircleSweepTests {
  @Test func aBallFallingOntoAPaddleHitsItsTop() {
    let ball = Circle(center: Vector(10, 0), radius: Fixed(1))
    let hit = ball.sweep(Vector(0, 20), against: Box(0, 12, 40, 4))
    #expect(hit == Box.Hit(time: Fixed(ratio: 11, 20), side: .top, position: Vector(10, 11)))
  }

  @Test func eachFlatSideIsTheOneTheMoveRunsInto() {
    let ball = Circle(center: .zero, radius: Fixed(2))
    let post = Box(8, -5, 2, 10)
    #expect(
      ball.sweep(Vector(12, 0), against: post)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .left, position: Vector(6, 0)))
    #expect(
      ball.moved(by: Vector(20, 0)).sweep(Vector(-16, 0), against: post)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .right, position: Vector(12, 0)))
    let shelf = Box(-5, 8, 10, 2)
    #expect(
      ball.sweep(Vector(0, 12), against: shelf)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .top, position: Vector(0, 6)))
    #expect(
      ball.moved(by: Vector(0, 20)).sweep(Vector(0, -16), against: shelf)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .bottom, position: Vector(0, 12)))
  }

  @Test func aBallPassingACornerMissesWhereItsBoundsWouldHit() {
    let ball = Circle(center: .zero, radius: Fixed(2))
    let brick = Box(6, 1, 4, 2)  // its nearest corner is 2.12 from the ball's path
    #expect(ball.sweep(Vector(10, 10), against: brick) == nil)
    #expect(ball.bounds.sweep(Vector(10, 10), against: brick) != nil)
  }

  @Test func aCornerHitTakesTheSideTheNormalPointsAlongMost() {
    let brick = Box(0, 5, 10, 10)
    // Falling 1 left of the corner: the contact is √3 above it, so mostly on top.
    let steep = Circle(center: Vector(-1, 0), radius: Fixed(2)).sweep(Vector(0, 10), against: brick)
    #expect(
      steep
        == Box.Hit(
          time: Fixed(raw: 21_416), side: .top,
          position: Vector(x: Fixed(-1), y: Fixed(raw: 214_160))))
    // Falling 1.8 left of it: the contact is 0.87 above, so mostly to its left.
    let glancing = Circle(center: Vector(x: Fixed(ratio: -9, 5), y: .zero), radius: Fixed(2))
    #expect(glancing.sweep(Vector(0, 10), against: brick)?.side == .left)
  }

  @Test func anExactlyDiagonalCornerHitIsOnTheTopOrBottom() {
    let hit = Circle(center: Vector(-4, -4), radius: Fixed(2)).sweep(
      Vector(4, 4), against: Box(0, 0, 4, 4))
    // The contact is (−√2, −√2) from the corner, at 42,365/65,536 of the move.
    #expect(
      hit
        == Box.Hit(
          time: Fixed(raw: 42_365), side: .top,
          position: Vector(x: Fixed(raw: -92_684), y: Fixed(raw: -92_684))))
    let up = Circle(center: Vector(8, 8), radius: Fixed(2)).sweep(
      Vector(-4, -4), against: Box(0, 0, 4, 4))
    #expect(up?.side == .bottom)
  }

  @Test func grazingSlidingOverlappingOrNotMovingIsNoHit() {
    let ball = Circle(center: .zero, radius: Fixed(2))
    #expect(ball.sweep(Vector(10, 0), against: Box(-5, 2, 20, 2)) == nil)  // along its top
    #expect(ball.sweep(Vector(10, 0), against: Box(5, 2, 2, 2)) == nil)  // over a corner, 2 away
    #expect(ball.sweep(Vector(1, 0), against: Box(1, 1, 5, 5)) == nil)  // already in it
    #expect(ball.sweep(.zero, against: Box(2, -1, 5, 5)) == nil)  // touching, not moving
  }

  @Test func contactAtTheStartOrTheEndIsAHitAtTimeZeroOrOne() {
    let ball = Circle(center: .zero, radius: Fixed(2))
    #expect(
      ball.sweep(Vector(3, 0), against: Box(2, -1, 5, 5))
        == Box.Hit(time: .zero, side: .left, position: .zero))
    #expect(
      ball.sweep(Vector(3, 0), against: Box(5, -1, 5, 5))
        == Box.Hit(time: .one, side: .left, position: Vector(3, 0)))
  }

  @Test func aFastBallCannotTunnelThroughAThinBrick() {
    let ball = Circle(center: Vector(0, 100), radius: Fixed(1))
    let velocity = Vector(0, -200)
    let brick = Box(x: Fixed(-10), y: Fixed(50), width: Fixed(40), height: Fixed(raw: 1))
    #expect(!ball.moved(by: velocity).overlaps(brick))
    let hit = ball.sweep(velocity, against: brick)
    #expect(hit?.side == .bottom)
    #expect(hit?.position == Vector(x: .zero, y: brick.bottom + Fixed(1)))
  }

  @Test func theFirstHitAmongManyIsTheEarliestThenTheFirstListed() {
    let bricks = [Box(0, 0, 8, 4), Box(8, 0, 8, 4), Box(16, 0, 8, 4)]
    let ball = Circle(center: Vector(8, 20), radius: Fixed(1))  // under the line between 0 and 1
    #expect(ball.sweep(Vector(0, -20), against: bricks)?.index == 0)
    #expect(ball.sweep(Vector(0, -20), against: bricks.reversed())?.index == 1)
    #expect(
      ball.moved(by: Vector(12, 0)).sweep(Vector(0, -20), against: bricks.lazy.map { $0 })?.index
        == 2)
    #expect(ball.sweep(Vector(0, 20), against: bricks) == nil)
  }

  @Test func aRadiusOfZeroSweepsLikeAZeroSizeBoxForEveryScale() {
    var draws = CollisionDraws(seed: 0x90117)
    for round in 0..<20_000 {
      draws.nextRound(round)
      let (center, obstacle) = (draws.vector(), draws.box())
      let move = draws.move(from: center, toward: obstacle.center)
      let point = Circle(
        center: center, radius: draws.random.chance(1, in: 2) ? .zero : Fixed(raw: -5))
      #expect(
        point.sweep(move, against: obstacle)
          == Box(origin: center, size: .zero).sweep(move, against: obstacle))
    }
  }

  /// Whether the circle moved by `move × step / steps` overlaps `box`, in exact integers.
  static func overlaps(
    _ circle: Circle, _ move: Vector, at step: Int128, of steps: Int128, _ box: Box
  ) -> Bool {
    let e = BoxTests.edges(box)
    let (left, top, right, bottom) = (
      e.left * steps, e.top * steps, e.right * steps, e.bottom * steps
    )
    let x = Int128(circle.center.x.raw) * steps + Int128(move.x.raw) * step
    let y = Int128(circle.center.y.raw) * steps + Int128(move.y.raw) * step
    let gapX = max(left - x, 0, x - right)
    let gapY = max(top - y, 0, y - bottom)
    let r = Int128(max(circle.radius.raw, 0)) * steps
    return gapX * gapX + gapY * gapY < r * r || (left < x && x < right && top < y && y < bottom)
  }

  /// Against the move stepped in equal steps, exactly: the first of 256 steps that overlaps
  /// brackets the contact to 1/256 of the move, and steps of 1/65536 around the time reported
  /// pin it: no overlap at it, and the first overlap after it (if any) the next step.
  @Test func sweepsMatchTheMoveSteppedInSmallIncrementsForEveryScale() {
    var draws = CollisionDraws(seed: 0x57E9)
    var bracketed = 0
    for round in 0..<6_000 {
      draws.nextRound(round)
      let (ball, brick) = (draws.circle(), draws.box())
      let move = draws.move(from: ball.center, toward: brick.center)
      let hit = ball.sweep(move, against: brick)
      let label = "\(ball) by \(move) against \(brick): \(hit.map(\.description) ?? "nil")"
      if Self.overlaps(ball, move, at: 0, of: 1, brick) {
        #expect(hit == nil, "\(label)")
        continue
      }
      if let step = (1...256).first(where: {
        Self.overlaps(ball, move, at: Int128($0), of: 256, brick)
      }) {
        bracketed += 1
        let time = Int(hit?.time.raw ?? -1)
        #expect((step - 1) * 256 <= time && time < step * 256, "\(label)")
      }
      guard let hit else { continue }
      // At the time reported the circle has not yet overlapped the box...
      #expect(!Self.overlaps(ball, move, at: Int128(hit.time.raw), of: 65_536, brick), "\(label)")
      // ... and, unless it only grazes the box, overlaps it 1/65536 of the move later.
      let time = Int(hit.time.raw)
      let later = (time + 1..<min(time + 257, 65_537)).first {
        Self.overlaps(ball, move, at: Int128($0), of: 65_536, brick)
      }
      #expect(later == nil || later == time + 1, "\(label)")
      #expect(hit.time >= .zero && hit.time <= .one)
      guard draws.scale != .any else { continue }
      // ... and at the position reported it does not either, on the side its normal says.
      let there = Circle(center: hit.position, radius: ball.radius)
      #expect(!there.overlaps(brick), "\(label)")
      if ball.radius > .zero {
        let e = BoxTests.edges(brick)
        let (x, y) = (Int128(hit.position.x.raw), Int128(hit.position.y.raw))
        let normalX = x - min(max(x, e.left), e.right)
        let normalY = y - min(max(y, e.top), e.bottom)
        let side: Box.Side =
          normalX.magnitude > normalY.magnitude
          ? (normalX < 0 ? .left : .right) : (normalY < 0 ? .top : .bottom)
        #expect(hit.side == side, "\(label)")
      }
    }
    #expect(bracketed > 1_000)
  }
}
