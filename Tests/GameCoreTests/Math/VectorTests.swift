import GameCore
import Testing

@Suite struct VectorTests {
  static func raw(_ x: Int32, _ y: Int32) -> Vector { Vector(x: Fixed(raw: x), y: Fixed(raw: y)) }

  @Test func wholeNumberComponentsAreSixteenDotSixteen() {
    #expect(Vector(3, -4) == Self.raw(3 << 16, -4 << 16))
    #expect(Vector.zero == Self.raw(0, 0))
  }

  @Test func vectorsAddAndMeasureWithIntegers() {
    let v = Vector(3, 4)
    #expect(v.lengthSquared == 25)
    #expect(v.length == 5)
    #expect(v + Vector(1, 1) - Vector(4, 5) == .zero)
  }

  @Test func arithmeticIsComponentwise() {
    #expect(Vector(1, 2) + Vector(10, 20) == Vector(11, 22))
    #expect(Vector(1, 2) - Vector(10, 20) == Vector(-9, -18))
    var moving = Vector(5, 5)
    moving += Vector(-1, 2)
    #expect(moving == Vector(4, 7))
    #expect(Vector(3, -4) * Fixed(ratio: 1, 2) == Self.raw(3 << 15, -4 << 15))
  }

  @Test func sumsWrapOnOverflowInsteadOfTrapping() {
    let edge = Self.raw(.max, .min)
    #expect(edge + Self.raw(1, 0) == Self.raw(.min, .min))
    #expect(edge - Self.raw(0, 1) == Self.raw(.max, .max))
    var moved = edge
    moved += Self.raw(2, -1)
    #expect(moved == Self.raw(.min + 1, .max))
  }

  @Test func divisionRoundsTowardZeroAndByZeroGivesZero() {
    #expect(Self.raw(7, -7) / 2 == Self.raw(3, -3))
    #expect(Vector(9, -9) / 3 == Vector(3, -3))
    #expect(Vector(9, -9) / 0 == .zero)
  }

  @Test func aVectorFromAnAngleHasItsLengthAndPointsThatWay() {
    // World y points down, so a quarter turn clockwise is +y.
    #expect(Vector(angle: .zero, length: Fixed(5)) == Vector(5, 0))
    #expect(Vector(angle: .down, length: Fixed(5)) == Vector(0, 5))
    #expect(Vector(angle: .left, length: Fixed(5)) == Vector(-5, 0))
    #expect(Vector(angle: .up, length: Fixed(5)) == Vector(0, -5))
    let diagonal = Vector(angle: Angle(degrees: 45), length: Fixed(100))
    #expect(diagonal.x == diagonal.y)
    #expect(diagonal.length == 99 || diagonal.length == 100)
  }

  @Test func theSquaredLengthIsInWholeUnitsRoundedDown() {
    #expect(Vector(1, 1).lengthSquared == 2)
    #expect(Vector(-6, 8).lengthSquared == 100)
    // 1.5² = 2.25.
    #expect(Vector(x: Fixed(ratio: 3, 2), y: .zero).lengthSquared == 2)
    #expect(Vector(x: Fixed(ratio: 1, 2), y: .zero).lengthSquared == 0)
  }

  @Test func theSquaredLengthOfTheLongestVectorDoesNotOverflow() {
    #expect(Self.raw(.max, .max).lengthSquared == 2_147_483_136)
    #expect(Self.raw(.min, .min).lengthSquared == 2_147_483_648)
  }

  @Test func theLengthIsTheSquareRootRoundedDown() {
    #expect(Vector(1, 1).length == 1)
    #expect(Vector(5, 5).length == 7)
    #expect(Vector(0, -12).length == 12)
    #expect(Vector.zero.length == 0)
  }

  @Test func theAngleIsTheDirectionTheVectorPoints() {
    let cases: [(Vector, Angle)] = [
      (Vector(1, 0), .zero), (Vector(0, 1), .down), (Vector(-1, 0), .left), (Vector(0, -1), .up),
      (Vector(50, 50), Angle(degrees: 45)), (Vector(-3, 3), Angle(degrees: 135)),
    ]
    for (vector, expected) in cases {
      // CORDIC is accurate to a few binary angle units.
      #expect(abs(expected.turn(to: vector.angle)) <= 8, "\(vector)")
    }
    #expect(Vector.zero.angle == .zero)
  }

  @Test func theDescriptionPrintsBothComponents() {
    #expect(Vector(x: Fixed(3), y: Fixed(ratio: -9, 2)).description == "(3.0000, -4.5000)")
  }

  @Test func theStableHashFeedsXThenY() {
    #expect(Vector(1, 2).stableHash != Vector(2, 1).stableHash)
    var hasher = StableHasher()
    hasher.combine(Int32(1 << 16))
    hasher.combine(Int32(2 << 16))
    #expect(Vector(1, 2).stableHash == hasher.finalized)
  }
}
