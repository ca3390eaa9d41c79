import GameCore
import Testing

@Suite struct BoxHitTests {
  @Test func eachSideNormalPointsOutOfTheBox() {
    #expect(Box.Side.left.normal == Vector(-1, 0))
    #expect(Box.Side.right.normal == Vector(1, 0))
    #expect(Box.Side.top.normal == Vector(0, -1))  // y points down: the top faces up
    #expect(Box.Side.bottom.normal == Vector(0, 1))
  }

  @Test func bouncingSetsTheSignAwayFromTheSide() {
    let velocity = Vector(2, 3)
    #expect(velocity.bounced(off: .top) == Vector(2, -3))
    #expect(velocity.bounced(off: .bottom) == Vector(2, 3))  // already leaving: unchanged
    #expect(velocity.bounced(off: .left) == Vector(-2, 3))
    #expect(Vector(-2, 3).bounced(off: .right) == Vector(2, 3))
    // Twice off the same side is once: a second contact cannot turn the ball back in.
    #expect(velocity.bounced(off: .top).bounced(off: .top) == Vector(2, -3))
  }

  @Test func bouncingTheMostNegativeValueWrapsToItself() {
    let extreme = Vector(x: Fixed(raw: .min), y: Fixed(raw: .min))
    #expect(extreme.bounced(off: .right).x == Fixed(raw: .min))
    #expect(extreme.bounced(off: .left).x == Fixed(raw: .min))
    #expect(extreme.bounced(off: .bottom).y == Fixed(raw: .min))
  }

  @Test func aHitReadsAsItsSideTimeAndPosition() {
    let hit = Box.Hit(time: Fixed(ratio: 1, 2), side: .top, position: Vector(1, 2))
    #expect(hit.description == "Hit(top at 0.5000, (1.0000, 2.0000))")
  }

  @Test func theStableHashFeedsTimeSideThenPosition() {
    let hit = Box.Hit(time: Fixed(ratio: 1, 2), side: .bottom, position: Vector(1, 2))
    var hasher = StableHasher()
    hasher.combine(Int32(32_768))
    hasher.combine(UInt8(3))
    hasher.combine(Int32(1 << 16))
    hasher.combine(Int32(2 << 16))
    #expect(hit.stableHash == hasher.finalized)
    #expect(
      Box.Side.allCases.map(\.stableHash).count == Set(Box.Side.allCases.map(\.stableHash)).count)
  }
}
