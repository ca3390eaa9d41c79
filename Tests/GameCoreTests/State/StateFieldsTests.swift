import Testing

@testable import GameCore

/// The desync report's listing of a section stays readable whatever the section holds: 8
/// elements of a collection, 6 levels down, 60 lines, then one line saying more were cut.
@Suite struct StateFieldsTests {
  struct Box<Inner> { var inner: Inner }

  struct Fixture {
    var many = Array(0..<20)
    var rows = Array(repeating: Array(0..<8), count: 8)
    /// Six boxes: the leaf is 6 levels down, listed.
    var six = Box(inner: Box(inner: Box(inner: Box(inner: Box(inner: Box(inner: 3))))))
    /// Seven boxes: the sixth level is a box, listed whole on one line.
    var seven = Box(
      inner: Box(inner: Box(inner: Box(inner: Box(inner: Box(inner: Box(inner: 7)))))))
    var none: Int? = nil
  }

  @Test func aCollectionListsItsCountAndItsFirstEightElements() {
    #expect(
      StateFields.describe(section: "many", of: Fixture())
        == ["many.count = 20"] + (0..<8).map { "many[\($0)] = \($0)" } + ["many[8...] not shown"])
  }

  @Test func theListingGoesSixLevelsDownAndNoFurther() {
    let path = "." + Array(repeating: "inner", count: 6).joined(separator: ".")
    #expect(StateFields.describe(section: "six", of: Fixture()) == ["six\(path) = 3"])
    let seven = StateFields.describe(section: "seven", of: Fixture())
    #expect(seven.count == 1)
    #expect(seven.first?.hasPrefix("seven\(path) = ") == true, "\(seven)")
    #expect(seven.first?.hasSuffix("(inner: 7)") == true, "\(seven)")
  }

  /// Eight rows of eight make 73 lines; the listing keeps the first 60 and says more were
  /// cut. The walk stops once past 60, so the count is of the lines it made past the cap (1
  /// here), not of every line left out.
  @Test func sixtyLinesThenOneLineSayingHowManyMoreWereMade() {
    var all = ["rows.count = 8"]
    for row in 0..<8 {
      all.append("rows[\(row)].count = 8")
      for column in 0..<8 { all.append("rows[\(row)][\(column)] = \(column)") }
    }
    let lines = StateFields.describe(section: "rows", of: Fixture())
    #expect(lines.count == 61)
    #expect(Array(lines.prefix(60)) == Array(all.prefix(60)))
    #expect(lines.last == "… 1 more lines")
  }

  @Test func nilAndAMissingSectionSayWhatTheyAre() {
    #expect(StateFields.describe(section: "none", of: Fixture()) == ["none = nil"])
    #expect(
      StateFields.describe(section: "gone", of: Fixture())
        == ["(no stored property named gone)"])
  }
}
