import Testing

@testable import GameCore

/// A few values inside the state: indexed, compared and listed like an array's, hashed like
/// the plain fields they replace.
@Suite struct InlineValuesTests {
  /// The same numbers as a struct of two `Int`s, which the layout packs into words.
  struct Point: StateValue, Equatable {
    var x = 3, y = -4
  }
  struct Together: GameState {
    var tick = 0
    var xy: InlineValues<2, Int> = [3, -4]
  }

  @Test func theyAreIndexedAndComparedLikeAnArray() {
    var ball: InlineValues<4, Int> = [80, 45, 0, 0]
    ball[2] += 256
    #expect(ball.count == 4 && Array(ball) == [80, 45, 256, 0])
    #expect(ball == [80, 45, 256, 0] && ball != [80, 45, 0, 0])
    #expect(ball.description == "[80, 45, 256, 0]")
    var flags: InlineValues<2, Bool> = [false, false]
    flags[1] = true
    #expect(Array(flags) == [false, true])
  }

  @Test func theyLiveInsideTheValueWithNoHeapStorage() {
    #expect(MemoryLayout<InlineValues<4, Int>>.size == 32)
    #expect(MemoryLayout<InlineValues<2, Bool>>.size == 2)
    #expect(_isPOD(InlineValues<4, Int>.self))
  }

  @Test func aStateHashesThemAsTheSameNumbersInAStruct() {
    var words = StableHasher()
    words.combine(3)
    words.combine(-4)
    #expect(Together().hashSections.last?.hash == words.finalized)
    #expect(Point().stableHash == words.finalized)
    #expect(([3, -4] as InlineValues<2, Int>).stableHash == words.finalized)
  }

  @Test func theInspectorListsThemAsAnArraysElements() {
    let children = Mirror(reflecting: Together().xy)
    #expect(children.displayStyle == .collection)
    #expect(children.children.map { $0.value as? Int } == [3, -4])
  }
}
