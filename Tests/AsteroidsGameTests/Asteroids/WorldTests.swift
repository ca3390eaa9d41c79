import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct WorldTests {
  static func raw(_ x: Int32, _ y: Int32) -> Vector { Vector(x: Fixed(raw: x), y: Fixed(raw: y)) }

  @Test func theWorldIsTwelveEightyBySevenTwentyWithShipsSpawningInTheMiddle() {
    #expect(World.widthRaw == 1_280 << 16)
    #expect(World.heightRaw == 720 << 16)
    #expect(World.center == Vector(640, 360))
  }

  @Test func positionsInsideTheWorldStayWhereTheyAre() {
    for position in [
      Vector.zero, World.center, Self.raw(World.widthRaw - 1, World.heightRaw - 1),
      Vector(1_000, 10),
    ] {
      #expect(World.wrap(position) == position, "\(position)")
    }
  }

  @Test func whatLeavesOneEdgeEntersAtTheOpposite() {
    #expect(World.wrap(Self.raw(-1, 0)) == Self.raw(World.widthRaw - 1, 0))
    #expect(World.wrap(Self.raw(World.widthRaw, 0)) == .zero)
    #expect(World.wrap(Vector(1_283, -2)) == Vector(3, 718))
    #expect(World.wrap(Vector(-5, 725)) == Vector(1_275, 5))
  }

  @Test func theOffsetTakesTheShortWayAround() {
    #expect(World.offset(from: Vector(100, 100), to: Vector(130, 60)) == Vector(30, -40))
    #expect(World.offset(from: Vector(10, 10), to: Vector(1_270, 10)) == Vector(-20, 0))
    #expect(World.offset(from: Vector(1_270, 10), to: Vector(10, 10)) == Vector(20, 0))
    #expect(World.offset(from: Vector(5, 715), to: Vector(5, 5)) == Vector(0, 10))
  }

  @Test func halfAWorldApartTheOffsetGoesBackwardsFromEitherSide() {
    // The offset range is -size/2 ..< size/2: the tie always resolves to the negative side.
    #expect(World.offset(from: Vector(0, 0), to: Vector(640, 360)) == Vector(-640, -360))
    #expect(World.offset(from: Vector(640, 360), to: Vector(0, 0)) == Vector(-640, -360))
  }

  @Test func anOffsetFromAPointLandsOnTheTargetOnceWrapped() {
    var random = TestRandom(state: 12)
    for _ in 0..<500 {
      let a = Self.raw(
        Int32(random.below(Int(World.widthRaw))), Int32(random.below(Int(World.heightRaw))))
      let b = Self.raw(
        Int32(random.below(Int(World.widthRaw))), Int32(random.below(Int(World.heightRaw))))
      let offset = World.offset(from: a, to: b)
      #expect(World.wrap(a + offset) == b)
      #expect(offset.x.raw >= -World.widthRaw / 2 && offset.x.raw < World.widthRaw / 2)
      #expect(offset.y.raw >= -World.heightRaw / 2 && offset.y.raw < World.heightRaw / 2)
    }
  }

  @Test func thingsAreWithinADistanceOnlyWhenStrictlyCloser() {
    #expect(World.areWithin(Vector(100, 100), Vector(109, 100), distance: 10))
    #expect(!World.areWithin(Vector(100, 100), Vector(110, 100), distance: 10))
    #expect(World.areWithin(Vector(100, 100), Self.raw(110 << 16 - 1, 100 << 16), distance: 10))
    #expect(!World.areWithin(Vector(100, 100), Vector(100, 100), distance: 0))
  }

  @Test func theDistanceIsACircleNotItsBox() {
    // (7, 7) is 9.9 away; (8, 8) is 11.3 away though inside the 10-unit box.
    #expect(World.areWithin(Vector(50, 50), Vector(57, 43), distance: 10))
    #expect(!World.areWithin(Vector(50, 50), Vector(58, 42), distance: 10))
    #expect(World.areWithin(Vector(50, 50), Vector(44, 57), distance: 10))
    // (6, 8) is exactly 10 away: touching is not within.
    #expect(!World.areWithin(Vector(50, 50), Vector(44, 58), distance: 10))
  }

  @Test func distancesAreMeasuredAcrossTheEdges() {
    #expect(World.areWithin(Vector(2, 360), Vector(1_276, 360), distance: 7))
    #expect(!World.areWithin(Vector(2, 360), Vector(1_276, 360), distance: 6))
    #expect(World.areWithin(Vector(1_278, 718), Vector(1, 1), distance: 5))
    #expect(!World.areWithin(Vector(2, 360), Vector(640, 360), distance: 600))
  }
}
