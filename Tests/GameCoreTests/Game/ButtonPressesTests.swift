import GameCore
import Testing

@Suite struct ButtonPressesTests {
  @Test func aButtonHeldForThreeTicksIsPressedOnlyOnTheFirst() {
    var presses = ButtonPresses()
    let fire = TickInput(bit: 2)
    #expect(presses.update(fire) == fire)
    #expect(presses.update(fire) == [])
    #expect(presses.update(fire) == [])
    #expect(presses.held == fire)
  }

  @Test func aButtonLetGoAndPressedAgainIsPressedAgainAndTheReleaseIsReported() {
    var presses = ButtonPresses()
    let (left, right) = (TickInput(bit: 0), TickInput(bit: 1))
    presses.update([left, right])
    #expect(presses.update(right) == [])
    #expect(presses.released == left)
    #expect(presses.update([left, right]) == left)
    #expect(presses.released == [])
  }

  @Test func theHashFollowsTheHeldButtons() {
    var a = ButtonPresses()
    var b = ButtonPresses()
    a.update(TickInput(bit: 0))
    b.update(TickInput(bit: 1))
    #expect(a.stableHash != b.stableHash)
    b.update(TickInput(bit: 0))
    b.update(TickInput(bit: 0))
    a.update(TickInput(bit: 0))
    #expect(a == b)
    #expect(a.stableHash == b.stableHash)
  }
}
