import TestGames
import Testing

@testable import GameCore

/// A tick's input: buttons as bits, axes as integers beside them.
@Suite struct TickInputTests {
  @Test func anInputWithoutAxesHashesExactlyAsItsButtonsAlone() {
    let input: TickInput = [TickInput(bit: 0), TickInput(bit: 9)]
    var hasher = Hasher()
    hasher.combine(input.rawValue)
    #expect(input.hashValue == hasher.finalize())
    var stable = StableHasher()
    stable.combine(input.rawValue)
    #expect(input.stableHash == stable.finalized)
  }

  @Test func axesMakeInputsDifferAndHashApart() {
    var moved = TickInput(bit: 1)
    moved[axis: 2] = -40
    #expect(moved != TickInput(bit: 1))
    #expect(moved.stableHash != TickInput(bit: 1).stableHash)
    #expect(moved.hasAxisValues && !TickInput(bit: 1).hasAxisValues)
    #expect(moved[axis: 2] == -40 && moved[axis: 0] == 0)
    #expect(moved.buttons == TickInput(bit: 1))
    #expect(TickInput(TickInput(bit: 1), axes: [0, 0, -40]) == moved)
  }

  @Test func anInputStaysTwelveBytesWithEveryAxisA16BitLane() {
    #expect(MemoryLayout<TickInput>.size == 12)
    let input = TickInput(axes: [-32_768, 32_767, -1, 1])
    #expect((0..<4).map { input[axis: $0] } == [-32_768, 32_767, -1, 1])
    #expect(TickInput.axisValues == -32_768...32_767)
  }

  @Test func setOperationsActOnTheButtonsAndKeepTheAxes() {
    var input = TickInput(axes: [7, -3])
    #expect(input.isEmpty)
    input.insert(.init(bit: 4))
    input.formUnion(.init(bit: 5))
    #expect(input.contains(.init(bit: 4)) && input[axis: 0] == 7 && input[axis: 1] == -3)
    #expect(input.union(.init(bit: 6))[axis: 0] == 7)
    #expect(input.subtracting(.init(bit: 4)) == TickInput(.init(bit: 5), axes: [7, -3]))
    #expect(input.intersection(.init(bit: 5))[axis: 1] == -3)
    #expect(input.remove(.init(bit: 4)) == TickInput(bit: 4))
    #expect(input == TickInput(.init(bit: 5), axes: [7, -3]))
    #expect("\(input)" == "0x20 [7, -3, 0, 0]")
  }

  @Test func aLayoutDescribesAndChecksTheAxes() {
    let layout = PaddleGame.buttons
    #expect(layout.axes.map(\.name) == ["paddle", "pointer-x", "pointer-y"])
    #expect(layout.axisRanges == [-127...127, 0...159, 0...89])
    #expect(layout.pointerAxis == 1 && layout.axis(named: "pointer-y") == 2)
    let input = TickInput(.click, axes: [-5, 80, 45])
    #expect(layout.describe(input) == "C paddle=-5 pointer-x=80 pointer-y=45")
    #expect(layout.accepts(input))
    #expect(!layout.accepts(TickInput(axes: [0, 160])))
    #expect(!layout.accepts(TickInput(axes: [0, 0, 0, 1])))
    #expect(TallyGame.buttons.describe(.add) == "A")
  }

  @Test func pressesAreButtonsOnly() {
    var presses = ButtonPresses()
    #expect(presses.update(TickInput(.click, axes: [3])) == .click)
    #expect(presses.held == .click)
    #expect(presses.update(TickInput(.click, axes: [9])).isEmpty)
  }
}
