import GameCore
import Testing

@Suite struct BoxTests {
  static func raw(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) -> Box {
    Box(x: Fixed(raw: x), y: Fixed(raw: y), width: Fixed(raw: width), height: Fixed(raw: height))
  }

  /// The edges of `box` in 128 bits, a negative size counted as zero: the reference's view.
  static func edges(_ box: Box) -> (left: Int128, top: Int128, right: Int128, bottom: Int128) {
    let x = Int128(box.origin.x.raw)
    let y = Int128(box.origin.y.raw)
    return (x, y, x + Int128(max(box.size.x.raw, 0)), y + Int128(max(box.size.y.raw, 0)))
  }

  @Test func theInitializersAgree() {
    let box = Box(10, 20, 30, 4)
    #expect(box == Box(x: Fixed(10), y: Fixed(20), width: Fixed(30), height: Fixed(4)))
    #expect(box == Box(origin: Vector(10, 20), size: Vector(30, 4)))
    #expect(box == Box(center: Vector(25, 22), halfSize: Vector(15, 2)))
  }

  @Test func edgesAreTheOriginPlusTheSizeWithYDown() {
    let box = Box(10, 20, 30, 4)
    #expect(box.left == Fixed(10) && box.right == Fixed(40))
    #expect(box.top == Fixed(20) && box.bottom == Fixed(24))
    #expect(box.width == Fixed(30) && box.height == Fixed(4))
    #expect(box.center == Vector(25, 22))
  }

  @Test func aNegativeSizeCountsAsZero() {
    let box = Box(10, 20, -5, -1)
    #expect(box.width == .zero && box.height == .zero)
    #expect(box.right == Fixed(10) && box.bottom == Fixed(20))
    #expect(!box.contains(Vector(8, 19)))
    #expect(box.overlaps(Box(0, 0, 100, 100)))  // a point strictly inside overlaps
    #expect(!box.overlaps(Box(10, 0, 100, 100)))  // on the edge: touching
  }

  @Test func containsIsHalfOpenLikeAPixel() {
    let box = Box(0, 0, 10, 10)
    #expect(box.contains(Vector(0, 0)))
    #expect(box.contains(Vector(x: Fixed(raw: 10 << 16 - 1), y: Fixed(raw: 10 << 16 - 1))))
    #expect(!box.contains(Vector(10, 5)))
    #expect(!box.contains(Vector(5, 10)))
    #expect(!box.contains(Vector(x: Fixed(raw: -1), y: .zero)))
    // Side by side: the point on the shared line is in the right-hand box only.
    #expect(Box(10, 0, 10, 10).contains(Vector(10, 5)))
    #expect(!Box(3, 3, 0, 0).contains(Vector(3, 3)))  // a zero-size box holds no point
  }

  @Test func touchingBoxesDoNotOverlap() {
    let box = Box(0, 0, 10, 10)
    #expect(!box.overlaps(Box(10, 0, 5, 5)))  // right side
    #expect(!box.overlaps(Box(-5, 0, 5, 5)))  // left side
    #expect(!box.overlaps(Box(0, 10, 5, 5)))  // bottom side
    #expect(!box.overlaps(Box(0, -5, 5, 5)))  // top side
    #expect(!box.overlaps(Box(10, 10, 5, 5)))  // corner
    #expect(
      box.overlaps(Box(x: Fixed(raw: 10 << 16 - 1), y: .zero, width: Fixed(5), height: Fixed(5))))
    #expect(box.overlaps(Box(9, 9, 5, 5)))
    #expect(box.overlaps(Box(2, 2, 2, 2)) && Box(2, 2, 2, 2).overlaps(box))  // inside
    #expect(box.overlaps(box))
  }

  @Test func aZeroSizeBoxOverlapsOnlyWhatItIsStrictlyInside() {
    let box = Box(0, 0, 10, 10)
    #expect(box.overlaps(Box(5, 5, 0, 0)))
    #expect(!box.overlaps(Box(0, 5, 0, 0)))  // on the edge
    #expect(box.overlaps(Box(0, 5, 3, 0)))  // a segment crossing into it
    #expect(!Box(5, 5, 0, 0).overlaps(Box(5, 5, 0, 0)))  // two points never overlap
  }

  @Test func theIntersectionIsTheSharedBoxOrNilWhenTouching() {
    #expect(Box(0, 0, 10, 10).intersection(Box(5, 8, 10, 10)) == Box(5, 8, 5, 2))
    #expect(Box(0, 0, 10, 10).intersection(Box(2, 2, 2, 2)) == Box(2, 2, 2, 2))
    #expect(Box(0, 0, 10, 10).intersection(Box(10, 0, 10, 10)) == nil)
    #expect(Box(0, 0, 10, 10).intersection(Box(5, 5, 0, 0)) == Box(5, 5, 0, 0))
  }

  @Test func theUnionCoversBothAndAMove() {
    #expect(Box(0, 0, 2, 2).union(Box(10, -4, 1, 1)) == Box(0, -4, 11, 6))
    let ball = Box(4, 4, 2, 2)
    #expect(ball.union(ball.moved(by: Vector(-3, 5))) == Box(1, 4, 5, 7))
  }

  @Test func movingKeepsTheSizeAndWraps() {
    #expect(Box(1, 2, 3, 4).moved(by: Vector(10, -10)) == Box(11, -8, 3, 4))
    #expect(
      Self.raw(.max, 0, 5, 5).moved(by: Vector(x: Fixed(raw: 1), y: .zero))
        == Self.raw(.min, 0, 5, 5))
  }

  @Test func testsAreExactPastTheRangeWhileEdgesWrap() {
    // From 32,767 to 32,767 + 2: past the range, so `right` wraps, yet the tests see 32,769.
    let box = Self.raw(.max - 65_535, 0, 2 << 16, 65_536)
    #expect(box.right == Fixed(raw: Int32.max &- 65_535 &+ 2 << 16))
    #expect(box.right < box.left)  // wrapped
    #expect(box.overlaps(Self.raw(.max, 0, 1, 1)))
    #expect(box.contains(Vector(x: Fixed(raw: .max), y: .zero)))
    #expect(!box.overlaps(Self.raw(.min, 0, 1 << 16, 1 << 16)))  // far left, not wrapped around
  }

  @Test func theDescriptionShowsOriginAndSize() {
    #expect(Box(1, 2, 3, 4).description == "Box((1.0000, 2.0000), 3.0000×4.0000)")
  }

  @Test func theStableHashFeedsOriginThenSize() {
    var hasher = StableHasher()
    for value in [1, 2, 3, 4] { hasher.combine(Int32(value << 16)) }
    #expect(Box(1, 2, 3, 4).stableHash == hasher.finalized)
    #expect(Box(1, 2, 3, 4).stableHash != Box(3, 4, 1, 2).stableHash)
  }

  /// Overlap is "the shared span is longer than zero on both axes", and `contains` the
  /// half-open spans, computed in 128 bits for random boxes of every scale.
  @Test func overlapsContainsAndIntersectionMatchARationalReference() {
    var draws = CollisionDraws(seed: 0xB0C5)
    for round in 0..<30_000 {
      draws.nextRound(round)
      let (a, b, point) = (draws.box(), draws.box(), draws.vector())
      let (ea, eb) = (Self.edges(a), Self.edges(b))
      func shared(_ lowA: Int128, _ highA: Int128, _ lowB: Int128, _ highB: Int128) -> Int128 {
        min(highA, highB) - max(lowA, lowB)
      }
      let spanX = shared(ea.left, ea.right, eb.left, eb.right)
      let spanY = shared(ea.top, ea.bottom, eb.top, eb.bottom)
      // A zero-size box inside the other's open interior also overlaps: its span is 0 but
      // it lies strictly between the other's edges.
      func meets(_ span: Int128, _ lowA: Int128, _ highA: Int128, _ lowB: Int128, _ highB: Int128)
        -> Bool
      {
        span > 0 || (span == 0 && lowA < highB && lowB < highA)
      }
      let expected =
        meets(spanX, ea.left, ea.right, eb.left, eb.right)
        && meets(spanY, ea.top, ea.bottom, eb.top, eb.bottom)
      #expect(a.overlaps(b) == expected, "\(a) \(b)")
      #expect(b.overlaps(a) == expected, "\(a) \(b)")
      let (x, y) = (Int128(point.x.raw), Int128(point.y.raw))
      #expect(a.contains(point) == (ea.left <= x && x < ea.right && ea.top <= y && y < ea.bottom))
      let intersection = a.intersection(b)
      #expect((intersection != nil) == expected)
      if let intersection, draws.scale != .any {
        #expect(
          Self.edges(intersection) == (
            max(ea.left, eb.left), max(ea.top, eb.top), min(ea.right, eb.right),
            min(ea.bottom, eb.bottom)
          ))
      }
      _ = a.union(b)
      _ = a.center
      _ = Box(center: point, halfSize: b.size)
    }
  }
}
