import GameCore
import Testing

@Suite struct AngleTests {
  @Test func theCardinalDirectionsAreQuarterTurnsClockwiseFromRight() {
    #expect(Angle.zero.raw == 0)
    #expect(Angle.down.raw == 16_384)
    #expect(Angle.left.raw == 32_768)
    #expect(Angle.up.raw == 49_152)
  }

  @Test func turningWrapsAroundAFullCircleBothWays() {
    #expect(Angle(raw: 65_535).turned(by: 1) == .zero)
    #expect(Angle.zero.turned(by: -1) == Angle(raw: 65_535))
    #expect(Angle.up.turned(by: 16_384) == .zero)
    #expect(Angle.down.turned(by: -32_768) == .up)
    // Whole extra turns change nothing, whatever their sign.
    #expect(Angle.left.turned(by: 65_536) == .left)
    #expect(Angle.left.turned(by: -3 * 65_536 + 5) == Angle(raw: 32_773))
  }

  @Test func anglesTurnTheShortWayAround() {
    #expect(Angle(raw: 65_000).turn(to: Angle(raw: 500)) == 1_036)
    #expect(Angle(raw: 500).turn(to: Angle(raw: 65_000)) == -1_036)
    #expect(Angle(degrees: 90) == .down)
    #expect(Angle.up.turned(by: 16_384) == .zero)
  }

  @Test func theShortestTurnIsWithinHalfACircleAndLandsOnTheTarget() {
    var random = TestRandom(state: 5)
    for _ in 0..<2_000 {
      let from = Angle(raw: UInt16(truncatingIfNeeded: random.next()))
      let to = Angle(raw: UInt16(truncatingIfNeeded: random.next()))
      let turn = from.turn(to: to)
      #expect((-32_768..<32_768).contains(turn), "\(from.raw) to \(to.raw)")
      #expect(from.turned(by: turn) == to, "\(from.raw) to \(to.raw)")
      if turn != -32_768 { #expect(to.turn(to: from) == -turn) }
    }
    #expect(Angle.zero.turn(to: .zero) == 0)
    // Half a turn is the one tie: it is reported as a left turn.
    #expect(Angle.zero.turn(to: .left) == -32_768)
    #expect(Angle.left.turn(to: .zero) == -32_768)
  }

  @Test func wholeDegreesConvertToBinaryAngles() {
    #expect(Angle(degrees: 0) == .zero)
    #expect(Angle(degrees: 180) == .left)
    #expect(Angle(degrees: 270) == .up)
    #expect(Angle(degrees: 45).raw == 8_192)
    #expect(Angle(degrees: 360) == .zero)
    #expect(Angle(degrees: 450) == .down)
    #expect(Angle(degrees: -90) == .up)
    // 30° is 5,461.33 units: the fraction is dropped.
    #expect(Angle(degrees: 30).raw == 5_461)
  }

  @Test func negativeDegreesMirrorPositiveOnes() {
    // Rounding toward zero keeps left and right turns of the same size equal.
    for degrees in 0...360 {
      let right = Angle(degrees: degrees)
      let left = Angle(degrees: -degrees)
      #expect(left.raw == 0 &- right.raw, "\(degrees)°")
    }
  }

  @Test func theDescriptionIsTheNearestWholeDegree() {
    #expect(Angle.zero.description == "0°")
    #expect(Angle.down.description == "90°")
    #expect(Angle.up.description == "270°")
    for degrees in 0..<360 {
      #expect(Angle(degrees: degrees).description == "\(degrees)°")
    }
    #expect(Angle(raw: 65_535).description == "0°")
  }
}
