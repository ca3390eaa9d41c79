import Testing

@testable import GameCore

/// Every `Fixed`, `Vector` and `Angle` operation answers for every input, without a trap, and
/// answers what the guide's number section says: results out of range wrap, a zero divisor gives
/// zero, halves round away from zero. The expected values are computed here from the rules, in
/// wider integers, not with the operators under test.
@Suite struct NumberTotalityTests {
  /// Random raw values with the edges mixed in: one draw in four is an edge.
  struct Draws {
    var random = SplitMix64(seed: 0x5EED_F1ED)
    static let edges: [Int32] = [
      .min, .min + 1, -65_536, -32_768, -1, 0, 1, 32_768, 65_536, .max - 1, .max,
    ]

    mutating func raw() -> Int32 {
      let bits = random.next()
      if bits & 3 == 0 { return Self.edges[Int(bits >> 2 % UInt64(Self.edges.count))] }
      return Int32(truncatingIfNeeded: bits >> 32)
    }

    mutating func whole() -> Int {
      let bits = random.next()
      let edges: [Int] = [.min, .min + 1, -1 << 47, -1, 0, 1, 1 << 47, .max]
      if bits & 3 == 0 { return edges[Int(bits >> 2 % UInt64(edges.count))] }
      // Every magnitude: a random value shifted right by a random amount.
      return Int(truncatingIfNeeded: random.next()) >> Int(bits >> 58)
    }
  }

  static let rounds = 50_000

  /// `value` wrapped into 32 bits, as the rules say every out-of-range result is.
  static func wrapped(_ value: Int128) -> Int32 { Int32(truncatingIfNeeded: value) }

  /// Division rounding toward zero, in 128 bits, where nothing here can overflow.
  static func quotient(_ a: Int128, _ b: Int128) -> Int128 {
    let magnitude = a.magnitude / b.magnitude
    return (a < 0) == (b < 0) ? Int128(magnitude) : -Int128(magnitude)
  }

  /// Division rounding toward negative infinity.
  static func floored(_ a: Int128, _ b: Int128) -> Int128 {
    let q = quotient(a, b)
    return q * b != a && (a < 0) != (b < 0) ? q - 1 : q
  }

  @Test func sumsDifferencesAndNegationsWrap() {
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let (a, b) = (draws.raw(), draws.raw())
      let (x, y) = (Fixed(raw: a), Fixed(raw: b))
      #expect((x + y).raw == Self.wrapped(Int128(a) + Int128(b)))
      #expect((x - y).raw == Self.wrapped(Int128(a) - Int128(b)))
      #expect((-x).raw == Self.wrapped(-Int128(a)))
      #expect(x.magnitude.raw == Self.wrapped(Int128(a.magnitude)))
      var sum = x
      sum += y
      #expect(sum == x + y)
      var difference = x
      difference -= y
      #expect(difference == x - y)
    }
  }

  @Test func productsRoundDownThenWrap() {
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let (a, b) = (draws.raw(), draws.raw())
      let product = Fixed(raw: a) * Fixed(raw: b)
      #expect(product.raw == Self.wrapped(Self.floored(Int128(a) * Int128(b), 65_536)))
      #expect((Fixed(raw: a) * b).raw == Self.wrapped(Int128(a) * Int128(b)))
    }
  }

  @Test func quotientsRoundTowardZeroWrapAndGiveZeroForAZeroDivisor() {
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let (a, b) = (draws.raw(), draws.raw())
      let byFixed = Fixed(raw: a) / Fixed(raw: b)
      let byWhole = Fixed(raw: a) / b
      if b == 0 {
        #expect(byFixed == .zero)
        #expect(byWhole == .zero)
      } else {
        #expect(byFixed.raw == Self.wrapped(Self.quotient(Int128(a) * 65_536, Int128(b))))
        #expect(byWhole.raw == Self.wrapped(Self.quotient(Int128(a), Int128(b))))
      }
    }
  }

  @Test func theMostNegativeValueDividedByMinusOneIsItself() {
    #expect(Fixed(raw: .min) / Int32(-1) == Fixed(raw: .min))
    #expect((Fixed(raw: .min) / Fixed(raw: -65_536)).raw == .min)
    #expect(Fixed(raw: .min).magnitude == Fixed(raw: .min))
    #expect(-Fixed(raw: .min) == Fixed(raw: .min))
  }

  @Test func ratiosOfAnyTwoIntegersAnswerTheExactQuotientWrapped() {
    #expect(Fixed(ratio: 1, 0) == .zero)
    #expect(Fixed(ratio: .min, -1) == Fixed(raw: 0))
    #expect(Fixed(ratio: .max, .max) == .one)
    #expect(Fixed(ratio: 1 << 60, 1 << 50) == Fixed(1_024))
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let (n, d) = (draws.whole(), draws.whole())
      let expected = d == 0 ? 0 : Self.wrapped(Self.quotient(Int128(n) * 65_536, Int128(d)))
      #expect(Fixed(ratio: n, d).raw == expected, "Fixed(ratio: \(n), \(d))")
    }
  }

  @Test func wholeNumbersOutOfRangeWrap() {
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let n = draws.whole()
      #expect(Fixed(n).raw == Self.wrapped(Int128(n) * 65_536))
    }
  }

  @Test func roundingTakesHalvesAwayFromZeroOnBothSides() {
    #expect(Fixed(ratio: 5, 2).rounded == 3)
    #expect(Fixed(ratio: -5, 2).rounded == -3)
    #expect(Fixed(ratio: 1, 2).rounded == 1)
    #expect(Fixed(ratio: -1, 2).rounded == -1)
    #expect(Fixed(raw: .max).rounded == 32_768)
    #expect(Fixed(raw: .min).rounded == -32_768)
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let a = draws.raw()
      #expect(Fixed(raw: a).rounded == -Fixed(raw: 0 &- a).rounded || a == .min)
      let whole = Int128(a.magnitude + 32_768) / 65_536
      #expect(Fixed(raw: a).rounded == Int(a < 0 ? -whole : whole))
      #expect(Fixed(raw: a).floor == Int(Self.floored(Int128(a), 65_536)))
    }
  }

  @Test func vectorsFollowTheirComponentsRules() {
    var draws = Draws()
    for _ in 0..<Self.rounds / 4 {
      let a = Vector(x: Fixed(raw: draws.raw()), y: Fixed(raw: draws.raw()))
      let b = Vector(x: Fixed(raw: draws.raw()), y: Fixed(raw: draws.raw()))
      let factor = Fixed(raw: draws.raw())
      let divisor = draws.raw()
      #expect(a + b == Vector(x: a.x + b.x, y: a.y + b.y))
      #expect(a - b == Vector(x: a.x - b.x, y: a.y - b.y))
      #expect(a * factor == Vector(x: a.x * factor, y: a.y * factor))
      #expect(a / divisor == Vector(x: a.x / divisor, y: a.y / divisor))
      var sum = a
      sum += b
      #expect(sum == a + b)
      // The squared length of any vector fits; its root and direction answer.
      let x = Int128(a.x.raw >> 8)
      let y = Int128(a.y.raw >> 8)
      #expect(Int128(a.lengthSquared) == (x * x + y * y) >> 16)
      let length = Int128(a.length)
      #expect(length * length <= Int128(a.lengthSquared))
      #expect((length + 1) * (length + 1) > Int128(a.lengthSquared))
      _ = a.angle
      _ = Vector(angle: Angle(raw: UInt16(truncatingIfNeeded: divisor)), length: factor)
    }
    #expect(Vector(x: Fixed(raw: .min), y: Fixed(raw: .min)).lengthSquared == 1 << 31)
  }

  @Test func anglesFromAnyWholeNumberOfDegreesTurnModuloAFullTurn() {
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let degrees = draws.whole()
      let expected = Self.wrapped(Self.quotient(Int128(degrees % 360) * 65_536, 360))
      #expect(Angle(degrees: degrees).raw == UInt16(truncatingIfNeeded: expected))
      let turn = Int32(truncatingIfNeeded: degrees)
      let angle = Angle(raw: UInt16(truncatingIfNeeded: degrees >> 3))
      #expect(angle.turned(by: turn).raw == angle.raw &+ UInt16(truncatingIfNeeded: turn))
      #expect(
        (-32_768..<32_768).contains(angle.turn(to: Angle(raw: UInt16(truncatingIfNeeded: turn)))))
    }
    for degrees in -720...720 {
      // The same units as the plain formula wherever that formula does not overflow.
      #expect(Angle(degrees: degrees).raw == UInt16(truncatingIfNeeded: degrees * 65_536 / 360))
    }
  }

  @Test func trigonometryAnswersForEveryInput() {
    var draws = Draws()
    for _ in 0..<Self.rounds {
      let (x, y) = (draws.raw(), draws.raw())
      let angle = Trig.atan2(y: y, x: x)
      if x == 0 && y == 0 { #expect(angle == .zero) }
      let sine = Trig.sin(Angle(raw: UInt16(truncatingIfNeeded: x)))
      #expect(sine.magnitude <= .one)
      let wide = Int64(x) << 32 | Int64(UInt32(bitPattern: y))
      let root = Int128(Trig.squareRoot(wide))
      if wide <= 0 {
        #expect(root == 0)
      } else {
        #expect(root * root <= Int128(wide) && (root + 1) * (root + 1) > Int128(wide))
      }
    }
    #expect(Trig.squareRoot(.max) == 3_037_000_499)
  }
}
