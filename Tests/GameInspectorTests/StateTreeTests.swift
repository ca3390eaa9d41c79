import GameCore
import Testing
@testable import GameInspector

@Suite struct StateTreeTests {
  struct Point: Equatable {
    var x: Int
    var y: Int
  }
  struct Speed: CustomStringConvertible {
    var raw = 1_536
    var description: String { "1.5" }
  }
  struct Sample {
    var score = 10
    var ship = Point(x: 1, y: 2)
    var rocks = [Point(x: 5, y: 6), Point(x: 7, y: 8)]
    var target: Point? = nil
    var pair = (3, "b")
    var speed = Speed()
  }

  @Test func fieldsArePathsAsTheDesyncReportNamesThem() {
    let tree = StateTree(of: Sample())
    let leaves = tree.leaves.map { "\($0.path)=\($0.value)" }
    #expect(
      leaves == [
        "score=10", "ship.x=1", "ship.y=2", "rocks.count=2", "rocks[0].x=5", "rocks[0].y=6",
        "rocks[1].x=7", "rocks[1].y=8", "target=nil", "pair.0=3", "pair.1=b", "speed=1.5",
      ])
    #expect(
      tree.root.children.map(\.name) == ["score", "ship", "rocks", "target", "pair", "speed"])
    #expect(!tree.truncated)
  }

  /// A `@Drawn` value is shown, and found, by its property's name, not its wrapper's storage.
  @Test func drawnValuesAreShownByTheirName() {
    struct Shaken { @Drawn var shake = 3; var score = 1 }
    let tree = StateTree(of: Shaken())
    #expect(tree.leaves.map { "\($0.path)=\($0.value)" } == ["shake=3", "score=1"])
    #expect(StateTree.value(at: "shake", in: Shaken()) == "3")
  }

  @Test func aPathReadsOneValueWithoutTheTree() {
    let sample = Sample()
    #expect(StateTree.value(at: "rocks[1].y", in: sample) == "8")
    #expect(StateTree.value(at: "rocks.count", in: sample) == "2")
    #expect(StateTree.value(at: "target", in: sample) == "nil")
    #expect(StateTree.value(at: "pair.1", in: sample) == "b")
    #expect(StateTree.value(at: "speed", in: sample) == "1.5")
    #expect(StateTree.value(at: "speed.raw", in: sample) == "1536")
    #expect(StateTree.value(at: "ship", in: sample) == "Point(x: 1, y: 2)")
    for bad in ["", "rocks[9].x", "rocks[-1]", "ship..x", "nothing", "rocks[x]", "ship.x.y"] {
      #expect(StateTree.value(at: bad, in: sample) == nil, "\(bad)")
    }
  }

  @Test func changesListEveryDifferingFieldWithBothValues() {
    var later = Sample()
    later.score = 20
    later.rocks.removeLast()
    later.target = Point(x: 0, y: 0)
    let changes = StateTree(of: later).changes(since: StateTree(of: Sample()))
    #expect(
      changes == [
        FieldChange(path: "score", before: "10", after: "20"),
        FieldChange(path: "rocks.count", before: "2", after: "1"),
        FieldChange(path: "target.x", before: nil, after: "0"),
        FieldChange(path: "target.y", before: nil, after: "0"),
        FieldChange(path: "rocks[1].x", before: "7", after: nil),
        FieldChange(path: "rocks[1].y", before: "8", after: nil),
        FieldChange(path: "target", before: "nil", after: nil),
      ])
  }

  @Test func aSelfDescribedValueThatRoundsStillShowsItsChange() {
    var later = Sample()
    later.speed.raw += 1
    let changes = StateTree(of: later).changes(since: StateTree(of: Sample()))
    #expect(
      changes == [FieldChange(path: "speed", before: "1.5 (raw: 1536)", after: "1.5 (raw: 1537)")])
  }

  @Test func bigCollectionsAreCappedAndSaySo() {
    let tree = StateTree(of: Array(0..<1_000), limits: .init(maxElements: 5))
    #expect(tree.root.count == 1_000)
    #expect(tree.root.children.count == 5)
    #expect(tree.truncated)
  }
}
