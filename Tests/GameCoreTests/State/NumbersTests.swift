import Testing

@testable import GameCore

/// A few numbers inside the state: indexed, compared and listed like an array's, hashed like
/// the plain fields they replace.
@Suite struct NumbersTests {
  /// The same numbers as a struct of two `Int`s, which the layout packs into words.
  struct Point: StateValue, Equatable {
    var x = 3, y = -4
  }
  struct Together: GameState {
    var tick = 0
    var xy: Numbers<(Int, Int)> = [3, -4]
  }

  @Test func theyAreIndexedAndComparedLikeAnArray() {
    var ball: Numbers<(Int, Int, Int, Int)> = [80, 45, 0, 0]
    ball[2] += 256
    #expect(ball.count == 4 && Array(ball) == [80, 45, 256, 0])
    #expect(ball == [80, 45, 256, 0] && ball != [80, 45, 0, 0])
    #expect(ball.description == "[80, 45, 256, 0]")
    ball.swapAt(0, 1)
    #expect(Array(ball) == [45, 80, 256, 0])
  }

  @Test func theyLiveInsideTheValueWithNoHeapStorage() {
    #expect(MemoryLayout<Numbers<(Int, Int, Int, Int)>>.size == 32)
    #expect(_isPOD(Numbers<(Int, Int, Int, Int)>.self))
  }

  @Test func aStateHashesThemAsTheSameNumbersInAStruct() {
    var words = StableHasher()
    words.combine(3)
    words.combine(-4)
    #expect(Together().hashSections.last?.hash == words.finalized)
    #expect(Point().stableHash == words.finalized)
    #expect(([3, -4] as Numbers<(Int, Int)>).stableHash == words.finalized)
  }

  @Test func theInspectorListsThemAsAnArraysElements() {
    let children = Mirror(reflecting: Together().xy)
    #expect(children.displayStyle == .collection)
    #expect(children.children.map { $0.value as? Int } == [3, -4])
  }
}
