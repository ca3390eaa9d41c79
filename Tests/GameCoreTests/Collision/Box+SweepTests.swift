import GameCore
import Testing

@Suite struct BoxSweepTests {
  let ball = Box(0, 0, 2, 2)

  @Test func aBallFallingOntoAPaddleHitsItsTop() {
    let hit = Box(10, 0, 2, 2).sweep(Vector(0, 20), against: Box(0, 12, 40, 4))
    #expect(hit == Box.Hit(time: Fixed(ratio: 1, 2), side: .top, position: Vector(10, 10)))
  }

  @Test func eachSideIsTheOneTheMoveRunsInto() {
    let post = Box(8, -5, 2, 10)
    #expect(
      ball.sweep(Vector(10, 0), against: post)
        == Box.Hit(time: Fixed(ratio: 3, 5), side: .left, position: Vector(6, 0)))
    #expect(
      Box(20, 0, 2, 2).sweep(Vector(-20, 0), against: post)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .right, position: Vector(10, 0)))
    let shelf = Box(-5, 8, 10, 2)
    #expect(
      Box(0, 20, 2, 2).sweep(Vector(0, -20), against: shelf)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .bottom, position: Vector(0, 10)))
    #expect(
      Box(0, -12, 2, 2).sweep(Vector(0, 36), against: shelf)
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .top, position: Vector(0, 6)))
  }

  @Test func theOtherAxisMovesByTheSameFractionRoundedTowardTheStart() {
    let wall = Box(8, -10, 4, 30)
    #expect(
      ball.sweep(Vector(10, 5), against: wall)
        == Box.Hit(time: Fixed(ratio: 3, 5), side: .left, position: Vector(6, 3)))
    // 0.6 of -1/65536 is -0.6/65536: rounded toward the start, 0.
    let hit = ball.sweep(Vector(x: Fixed(10), y: Fixed(raw: -1)), against: wall)
    #expect(hit?.position == Vector(6, 0))
    // The time is rounded down: 6/7 of the move is 56,173.7 / 65,536.
    #expect(ball.sweep(Vector(7, 0), against: Box(8, 0, 1, 1))?.time == Fixed(raw: 56_173))
  }

  @Test func anExactCornerIsHitOnTheTopOrBottom() {
    // Both axes meet at t = 1/2: the corner rule picks the side facing the move's y.
    #expect(
      ball.sweep(Vector(4, 4), against: Box(4, 4, 4, 4))
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .top, position: Vector(2, 2)))
    #expect(
      ball.sweep(Vector(-4, -4), against: Box(-6, -6, 4, 4))
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .bottom, position: Vector(-2, -2)))
  }

  @Test func grazingACornerOrSlidingAlongASideIsNoHit() {
    // The corners pass through (3, 3) at t = 1/2, the boxes never sharing more than that point.
    #expect(Box(0, 2, 2, 2).sweep(Vector(2, -2), against: Box(3, 3, 4, 4)) == nil)
    #expect(ball.sweep(Vector(10, 0), against: Box(0, 2, 20, 2)) == nil)  // along its top
  }

  @Test func startingInContactAndMovingInIsAHitAtTimeZero() {
    let floor = Box(-5, 2, 20, 2)
    #expect(
      ball.sweep(Vector(0, 3), against: floor) == Box.Hit(time: .zero, side: .top, position: .zero))
    #expect(ball.sweep(Vector(0, -3), against: floor) == nil)  // moving away
  }

  @Test func endingInContactIsAHitAtTimeOne() {
    #expect(
      ball.sweep(Vector(6, 0), against: Box(8, 0, 2, 2))
        == Box.Hit(time: .one, side: .left, position: Vector(6, 0)))
  }

  @Test func aBoxAlreadyOverlappingOrNotMovingIsNoHit() {
    #expect(Box(0, 0, 4, 4).sweep(Vector(1, 0), against: Box(2, 2, 4, 4)) == nil)
    #expect(ball.sweep(.zero, against: Box(2, 0, 2, 2)) == nil)  // touching, not moving
    #expect(ball.sweep(.zero, against: Box(1, 1, 2, 2)) == nil)
    #expect(ball.sweep(Vector(1, 0), against: Box(10, 0, 2, 2)) == nil)  // short of it
  }

  @Test func aZeroSizeBoxIsAPointThatHitsBoxesButNotPoints() {
    #expect(
      Box(5, 0, 0, 0).sweep(Vector(0, 10), against: Box(0, 5, 10, 1))
        == Box.Hit(time: Fixed(ratio: 1, 2), side: .top, position: Vector(5, 5)))
    #expect(
      ball.sweep(Vector(10, 0), against: Box(6, 1, 0, 0))
        == Box.Hit(time: Fixed(ratio: 2, 5), side: .left, position: Vector(4, 0)))
    #expect(Box(0, 1, 0, 0).sweep(Vector(10, 0), against: Box(6, 1, 0, 0)) == nil)
    #expect(Box(0, 1, 0, 0).sweep(Vector(10, 0), against: Box(6, 1, 0, 5)) == nil)  // its end
  }

  @Test func aFastBallCannotTunnelThroughAThinBrick() {
    let ball = Box(0, 100, 2, 2)
    let velocity = Vector(0, -200)  // further in a tick than the brick is from the ball
    let brick = Box(x: Fixed(-10), y: Fixed(50), width: Fixed(40), height: Fixed(raw: 1))
    #expect(!ball.moved(by: velocity).overlaps(brick))  // testing after the move misses it
    let hit = ball.sweep(velocity, against: brick)
    #expect(hit?.side == .bottom)
    #expect(hit?.position == Vector(x: .zero, y: brick.bottom))
    #expect(hit?.time == Fixed(raw: 16_383))  // (50 − 1/65536) / 200 of the move, rounded down
  }

  @Test func theFirstHitAmongManyIsTheEarliestThenTheFirstListed() {
    let bricks = [Box(0, 0, 8, 4), Box(8, 0, 8, 4), Box(16, 0, 8, 4), Box(8, -10, 8, 4)]
    let ball = Box(7, 20, 2, 2)  // under the line between bricks 0 and 1
    let up = Vector(0, -20)
    #expect(ball.sweep(up, against: bricks)?.index == 0)
    #expect(ball.sweep(up, against: bricks.reversed())?.index == 2)  // brick 1, listed third
    #expect(ball.sweep(up, against: bricks)?.hit.side == .bottom)
    #expect(Box(9, 20, 2, 2).sweep(up, against: bricks)?.index == 1)
    #expect(Box(9, 20, 2, 2).sweep(up, against: [Box]()) == nil)
    #expect(Box(30, 20, 2, 2).sweep(up, against: bricks) == nil)
  }

  @Test func obstaclesCanBeSweptWithoutAnArray() {
    struct Brick {
      var box: Box
      var points: Int
    }
    let bricks = [Brick(box: Box(0, 0, 8, 4), points: 1), Brick(box: Box(0, 6, 8, 4), points: 5)]
    let hit = Box(2, 20, 2, 2).sweep(Vector(0, -20), against: bricks.lazy.map(\.box))
    #expect(hit.map { bricks[$0.index].points } == 5)
  }

  /// A slower, independent reference: every time an edge of the mover meets the parallel edge of
  /// the obstacle is an event; the boxes' overlap (in exact rationals) is constant between two
  /// events, so the contact is the first event after which they overlap.
  static func reference(_ mover: Box, _ move: Vector, _ obstacle: Box) -> Box.Hit? {
    typealias Time = (n: Int128, d: Int128)
    let a = BoxTests.edges(mover)
    let b = BoxTests.edges(obstacle)
    let (dx, dy) = (Int128(move.x.raw), Int128(move.y.raw))
    let axes = [(a.left, a.right, dx, b.left, b.right), (a.top, a.bottom, dy, b.top, b.bottom)]
    var events: [Time] = [(0, 1)]
    for (low, high, v, start, end) in axes where v != 0 {
      for distance in [start - high, end - low] {
        let event: Time = v > 0 ? (distance, v) : (-distance, -v)
        if event.n >= 0 { events.append(event) }
      }
    }
    func less(_ s: Time, _ t: Time) -> Bool { s.n * t.d < t.n * s.d }
    events.sort(by: less)
    events = events.enumerated().filter {
      $0.offset == 0 || less(events[$0.offset - 1], $0.element)
    }.map(\.element)
    func overlapsOn(_ axis: Int, at t: Time) -> Bool {
      let (low, high, v, start, end) = axes[axis]
      return low * t.d + v * t.n < end * t.d && start * t.d < high * t.d + v * t.n
    }
    func overlaps(at t: Time) -> Bool { overlapsOn(0, at: t) && overlapsOn(1, at: t) }
    if overlaps(at: (0, 1)) { return nil }
    for (i, t) in events.enumerated() where t.n <= t.d {
      let next: Time = i + 1 < events.count ? events[i + 1] : (t.n + t.d, t.d)
      guard overlaps(at: (t.n * next.d + next.n * t.d, 2 * t.d * next.d)) else { continue }
      let alongY = !overlapsOn(1, at: t)
      let (low, high, v, start, end) = axes[alongY ? 1 : 0]
      let reached = v > 0 ? start - (high - low) : end
      let (otherLow, _, otherV, _, _) = axes[alongY ? 0 : 1]
      let other = otherLow + otherV * t.n / t.d
      let side: Box.Side = alongY ? (v > 0 ? .top : .bottom) : (v > 0 ? .left : .right)
      let (p, q) = (
        Fixed(raw: Int32(truncatingIfNeeded: reached)), Fixed(raw: Int32(truncatingIfNeeded: other))
      )
      return Box.Hit(
        time: Fixed(raw: Int32(t.n * 65_536 / t.d)), side: side,
        position: alongY ? Vector(x: q, y: p) : Vector(x: p, y: q))
    }
    return nil
  }

  @Test func sweepsMatchTheEventReferenceForRandomBoxesOfEveryScale() {
    var draws = CollisionDraws(seed: 0x5EE9)
    var hits = 0
    for round in 0..<30_000 {
      draws.nextRound(round)
      let (mover, obstacle) = (draws.box(), draws.box())
      let move = draws.move(from: mover.origin, toward: obstacle.origin)
      let hit = mover.sweep(move, against: obstacle)
      #expect(
        hit == Self.reference(mover, move, obstacle), "\(mover) by \(move) against \(obstacle)")
      guard let hit else { continue }
      hits += 1
      #expect(hit.time >= .zero && hit.time <= .one)
      if draws.scale != .any {  // nothing wraps: the box at contact touches, never overlaps
        #expect(!Box(origin: hit.position, size: mover.size).overlaps(obstacle))
      }
    }
    #expect(hits > 3_000)  // the draws aim often enough to test hits, not only misses
  }

  @Test func theFirstHitAmongManyMatchesSweepingEachInTurn() {
    var draws = CollisionDraws(seed: 0x3A7)
    for round in 0..<5_000 {
      draws.nextRound(round)
      let mover = draws.box()
      let obstacles = (0..<6).map { _ in draws.box() }
      let move = draws.move(from: mover.origin, toward: obstacles[0].origin)
      var expected: (index: Int, hit: Box.Hit)?
      for (index, obstacle) in obstacles.enumerated() {
        if let hit = mover.sweep(move, against: obstacle),
          expected == nil || hit.time < expected!.hit.time
        {
          expected = (index, hit)
        }
      }
      let first = mover.sweep(move, against: obstacles)
      #expect(first?.index == expected?.index && first?.hit == expected?.hit)
    }
  }
}
