import Testing

@testable import GameCore

@Suite struct TrigTests {
  @Test func sineHitsTheCardinalPointsExactly() {
    #expect(Trig.sin(.zero) == .zero)
    #expect(Trig.sin(.down) == .one)
    #expect(Trig.sin(.left) == .zero)
    #expect(Trig.sin(.up) == -.one)
    #expect(Trig.cos(.zero) == .one)
    #expect(Trig.cos(.left) == -.one)
  }

  @Test func sineSquaredPlusCosineSquaredIsOne() {
    for raw in stride(from: 0, to: 65_536, by: 97) {
      let angle = Angle(raw: UInt16(raw))
      let s = Int64(Trig.sin(angle).raw)
      let c = Int64(Trig.cos(angle).raw)
      // Within 0.02% of 1 (table rounding plus interpolation).
      #expect(abs(s * s + c * c - (1 << 32)) < 1 << 20, "at \(raw)")
    }
  }

  @Test func sineIsOddAndPeriodic() {
    for raw in stride(from: 0, to: 65_536, by: 131) {
      let angle = Angle(raw: UInt16(raw))
      let opposite = Angle(raw: 0 &- UInt16(raw))
      #expect(Trig.sin(opposite) == -Trig.sin(angle), "at \(raw)")
    }
  }

  @Test func atan2InvertsSineAndCosine() {
    for raw in stride(from: 0, to: 65_536, by: 113) {
      let angle = Angle(raw: UInt16(raw))
      let direction = Vector(angle: angle, length: Fixed(100))
      let error = angle.turn(to: direction.angle)
      #expect(abs(error) <= 24, "at \(raw): off by \(error)")
    }
    #expect(Trig.atan2(y: 0, x: 0) == .zero)
  }

  @Test func squareRootRoundsDown() {
    #expect(Trig.squareRoot(1_000_000) == 1_000)
    #expect(Trig.squareRoot(99) == 9)
  }
}
