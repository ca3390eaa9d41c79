import Foundation
import GameCore
import Testing

@testable import GameRender

/// Books on disk from before the book had its own JSON codec: `assets/highscores/
/// highscores-6f15240.json` is what the book at 6f15240 (Foundation's `JSONEncoder`,
/// `.prettyPrinted` and `.sortedKeys`) saved after the additions in ``additions``, with
/// escapes of every kind in its strings.
@Suite struct HighScoreFileTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("assets/highscores/highscores-6f15240.json")
    .path
  static let weird = "a/b \"q\" \\ \u{1}\u{8}\u{c}\n\r\t\u{1f} é 🎮 \u{7f} \u{2028}"

  /// Table, order, entry, and the replay's name when one is saved with it.
  static let additions: [(String, Ranking.Order, HighScoreEntry, String?)] = [
    ("", .higherIsBetter, entry("ABC", 1200, "1,200", "2026-11-28"), "2026-11-28-120000.replay"),
    ("", .higherIsBetter, entry("ZZ9", 5, weird, "2026-01-01"), nil),
    ("sprint 40/2", .lowerIsBetter, entry("X1Y", Int.max, "", ""), "r"),
    (weird, .lowerIsBetter, entry("007", -3, "é/🎮", "2026-11-28"), nil),
  ]

  static func entry(_ initials: String, _ value: Int, _ text: String, _ date: String)
    -> HighScoreEntry
  {
    HighScoreEntry(initials: initials, value: value, text: text, date: date, replay: nil)
  }

  private func scratch() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString)").path
  }

  @Test func aSaveWritesTheBytesTheOldCodableBookWrote() throws {
    let folder = scratch()
    let book = HighScoreBook(folder: folder)
    for (table, order, entry, replay) in Self.additions {
      try book.add(
        entry, for: Ranking(table: table, value: entry.value, order: order),
        replay: replay == nil ? nil : [1], replayName: replay ?? "unused.replay")
    }
    let saved = try #require(FileManager.default.contents(atPath: folder + "/highscores.json"))
    let old = try #require(FileManager.default.contents(atPath: Self.fixture))
    #expect(
      saved == old,
      "\(String(decoding: saved, as: UTF8.self))\nis not\n\(String(decoding: old, as: UTF8.self))")
  }

  @Test func anOldBookLoadsWholeAndSavesUnchanged() throws {
    let folder = scratch()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let old = try #require(FileManager.default.contents(atPath: Self.fixture))
    try old.write(to: URL(fileURLWithPath: folder + "/highscores.json"))
    let book = HighScoreBook(
      folder: folder,
      tables: [
        ("", .higherIsBetter), ("sprint 40/2", .lowerIsBetter), (Self.weird, .lowerIsBetter),
      ])
    #expect(book.notice == nil)
    for (table, order, entry, replay) in Self.additions {
      var expected = entry
      expected.replay = replay
      #expect(book.entries(table).contains(expected))
      #expect(book.order(of: table) == order)
    }
    #expect(book.entries("").map(\.initials) == ["ABC", "ZZ9"])
    // One more entry: every old one is written back exactly as it was read.
    try book.add(
      Self.entry("NEW", 1, "1", "2026-11-29"), for: Ranking(table: "", value: 1), replay: nil,
      replayName: "x.replay")
    let reloaded = HighScoreBook(folder: folder)
    #expect(reloaded.notice == nil)
    for (table, _, _, _) in Self.additions {
      #expect(
        reloaded.entries(table).filter { $0.initials != "NEW" }
          == book.entries(table).filter { $0.initials != "NEW" })
    }
    #expect(reloaded.entries("").map(\.initials) == ["ABC", "ZZ9", "NEW"])
  }

  @Test(arguments: [
    (
      #"{"version": 1, "tables": [{"name": "", "order": "higher", "entries": [}]}"#,
      "not valid JSON"
    ),
    (#"{"tables": []}"#, "not a high-score table"),
    (
      #"{"version": 1, "tables": [{"name": "", "order": "sideways", "entries": []}]}"#,
      "not a high-score table"
    ),
    (
      #"{"version": 1, "tables": [{"name": "", "order": "higher", "entries": [{"initials": "AAA", "value": 1.5, "text": "", "date": ""}]}]}"#,
      "not a high-score table"
    ),
    (
      #"{"version": 1, "tables": [{"name": "", "order": "higher", "entries": [{"initials": "AAA", "value": 1, "text": "", "date": "", "replay": 3}]}]}"#,
      "not a high-score table"
    ),
  ])
  func jsonThatIsNotABookIsDamageNamedAsBefore(text: String, reason: String) throws {
    let folder = scratch()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/highscores.json"))
    let notice = try #require(HighScoreBook(folder: folder).notice)
    #expect(notice.contains(reason), "\(notice)")
  }

  @Test func whatFoundationAlsoReadUnchangedStillLoads() throws {
    // A byte-order mark, `replay: null`, a whole number written `2.0`, a key the book does not
    // know: JSONDecoder took all four, and so does the book.
    let text =
      "\u{FEFF}{\"version\": 1, \"extra\": [1], \"tables\": [{\"name\": \"\", \"order\": "
      + "\"higher\", \"entries\": [{\"initials\": \"AAA\", \"value\": 2.0, \"text\": \"2\", "
      + "\"date\": \"d\", \"replay\": null}]}]}"
    let folder = scratch()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/highscores.json"))
    let book = HighScoreBook(folder: folder)
    #expect(book.notice == nil)
    #expect(book.entries("") == [Self.entry("AAA", 2, "2", "d")])
  }
}
