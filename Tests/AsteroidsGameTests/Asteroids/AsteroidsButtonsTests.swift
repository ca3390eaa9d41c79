@testable import AsteroidsGame
import GameCore
import Testing

@Suite struct AsteroidsButtonsTests {
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

  @Test func theLayoutHasSixButtonsAndTheyAreTheSixBits() {
    let all = TickInput(Self.buttons)
    #expect(all.rawValue == 0b0011_1111)
    #expect(Asteroids.buttons.bitCount == 6)
    #expect(Asteroids.buttons.allBits == all)
    #expect(Asteroids.buttons.pause == .pause)
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

  @Test func theLayoutNamesEveryButtonOnceInBitOrder() {
    let layout = Asteroids.buttons
    #expect(layout.buttons.map(\.symbol) == ["L", "R", "T", "F", "H", "P"])
    #expect(
      layout.buttons.map(\.name)
        == ["rotate-left", "rotate-right", "thrust", "fire", "hyperspace", "pause"])
    for (bit, button) in Self.buttons.enumerated() {
      #expect(layout.input(named: layout.buttons[bit].name) == button)
    }
  }

  @Test func theDumpNamesTheHeldButtonsInAFixedOrder() {
    let layout = Asteroids.buttons
    #expect(layout.describe([.fire, .thrust, .rotateLeft]) == "LTF")
    #expect(layout.describe(TickInput(Self.buttons.reversed())) == "LRTFHP")
    #expect(layout.describe(.hyperspace) == "H")
    #expect(layout.describe([]) == "-")
    // A bit no button uses shows as a question mark: a corrupt or foreign input.
    #expect(layout.describe(TickInput(rawValue: 0b0100_1000)) == "F?")
  }
}
