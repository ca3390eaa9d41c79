import GameCore
import Testing

@Suite struct TickInputTests {
  static let buttons: [TickInput] = [
    .rotateLeft, .rotateRight, .thrust, .fire, .hyperspace, .pause,
  ]

  @Test func eachButtonKeepsTheBitReplaysStoreForIt() {
    // Recorded replays hold these bytes: renumbering a button would replay every old game
    // with the wrong buttons.
    #expect(TickInput.rotateLeft.rawValue == 0b0000_0001)
    #expect(TickInput.rotateRight.rawValue == 0b0000_0010)
    #expect(TickInput.thrust.rawValue == 0b0000_0100)
    #expect(TickInput.fire.rawValue == 0b0000_1000)
    #expect(TickInput.hyperspace.rawValue == 0b0001_0000)
    #expect(TickInput.pause.rawValue == 0b0010_0000)
  }

  @Test func everyButtonIsOneBitOfItsOwn() {
    for (index, button) in Self.buttons.enumerated() {
      #expect(button.rawValue.nonzeroBitCount == 1, "\(button)")
      for other in Self.buttons[(index + 1)...] {
        #expect(button.isDisjoint(with: other), "\(button) and \(other)")
      }
    }
  }

  @Test func theUnusedBitsAreExactlyTheOnesNoButtonUses() {
    let all = TickInput(Self.buttons)
    #expect(all.rawValue == 0b0011_1111)
    #expect(all.rawValue & TickInput.unusedBits == 0)
    #expect(all.rawValue | TickInput.unusedBits == 0xFF)
  }

  @Test func aSetOfButtonsContainsExactlyTheButtonsPutInIt() {
    var held: TickInput = [.thrust, .fire]
    #expect(held.rawValue == 0b1100)
    #expect(held.contains(.thrust) && held.contains(.fire))
    #expect(!held.contains(.rotateLeft) && !held.contains(.pause))
    #expect(held.contains([.thrust, .fire]))
    #expect(!held.contains([.thrust, .hyperspace]))

    held.formUnion(.rotateLeft)
    #expect(held == [.rotateLeft, .thrust, .fire])
    held.remove(.thrust)
    #expect(held == [.rotateLeft, .fire])
    #expect(held.union([.fire, .pause]) == [.rotateLeft, .fire, .pause])
    #expect(held.intersection([.fire, .pause]) == .fire)
    #expect(TickInput().isEmpty)
    #expect(TickInput([]) == TickInput(rawValue: 0))
  }

  @Test func theNamesListEveryButtonOnceInBitOrder() {
    #expect(TickInput.named.map(\.0) == Self.buttons)
    #expect(TickInput.named.map(\.1) == ["L", "R", "T", "F", "H", "P"])
  }

  @Test func theDescriptionNamesTheHeldButtonsInAFixedOrder() {
    #expect(TickInput([.fire, .thrust, .rotateLeft]).description == "LTF")
    #expect(TickInput(Self.buttons.reversed()).description == "LRTFHP")
    #expect(TickInput.hyperspace.description == "H")
    #expect(TickInput().description == "-")
    // Bits no button uses have no name.
    #expect(TickInput(rawValue: TickInput.unusedBits).description == "-")
    #expect(TickInput(rawValue: TickInput.unusedBits | 0b1000).description == "F")
  }
}
