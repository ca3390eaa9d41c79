import CSDL2
import Foundation
import GameCore
import GameFiles
import GameScene
import Testing

@testable import GameRender

/// A fresh folder for one test's book.
private func scratchFolder() -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("highscores-\(UUID().uuidString)").path
  try? FileManager.default.removeItem(atPath: folder)
  return folder
}

private func entry(_ initials: String, _ value: Int) -> HighScoreEntry {
  HighScoreEntry(
    initials: initials, value: value, text: "\(value)", date: "2026-11-25", replay: nil)
}

@Suite struct InitialsEntryTests {
  @Test func typingThreeLettersEntersThemInCapitalsAndOnlyConfirmFinishes() {
    var entry = InitialsEntry()
    for character in "a7c" { entry.press(.character(character)) }
    #expect(entry.initials == "A7C")
    #expect(entry.isFull && !entry.isDone, "three letters wait for confirm")
    entry.press(.character("d"))
    #expect(entry.initials == "A7D", "a letter typed at the third place replaces it")
    entry.press(.confirm)
    #expect(entry.isDone)
    #expect(entry.initials == "A7D")
  }

  @Test func rightPressedOverAndOverNeverSavesAAA() {
    var entry = InitialsEntry()
    for _ in 0..<10 { entry.press(.right) }
    #expect(entry.initials == "AAA")
    #expect(!entry.isDone, "a game's key mashed as it ends must not save the entry")
  }

  @Test func upAndDownPickALetterRightKeepsItAndConfirmFillsTheRestWithA() {
    var entry = InitialsEntry()
    entry.press(.down)
    #expect(entry.initials == "9--", "down from A wraps to the last character")
    entry.press(.up)
    entry.press(.up)
    entry.press(.right)
    #expect(entry.initials == "BB-", "the next place starts from the letter before it")
    entry.press(.up)
    entry.press(.confirm)
    #expect(entry.isDone)
    #expect(entry.initials == "BCA")
  }

  @Test func backTakesTheLastLetterBackButNeverTheFirstPlace() {
    var entry = InitialsEntry()
    entry.press(.character("x"))
    entry.press(.character("y"))
    entry.press(.back)
    #expect(entry.initials == "X--" || entry.initials == "XY-")
    #expect(entry.cursor == 1)
    entry.press(.back)
    entry.press(.back)
    #expect(entry.cursor == 0 && !entry.isDone)
    entry.press(.character("%"))
    #expect(entry.cursor == 0, "only letters and digits are initials")
    #expect(entry.finalInitials.count == 3)
  }

  @Test func validInitialsAreThreeLettersOrDigits() {
    #expect(InitialsEntry.isValid("AB9"))
    #expect(!InitialsEntry.isValid("ab9"))
    #expect(!InitialsEntry.isValid("ABCD"))
    #expect(!InitialsEntry.isValid("A B"))
  }
}

@Suite struct HighScoreBookTests {
  @Test func aMissingFileIsAnEmptyBookWithoutANotice() {
    let book = HighScoreBook(folder: scratchFolder())
    #expect(book.notice == nil)
    #expect(book.entries("").isEmpty)
    #expect(book.place(for: Ranking(value: 1)) == 0)
  }

  @Test func aScoreOfZeroTakesNoPlaceEvenOnAnEmptyTableButATimeOfZeroDoes() {
    let book = HighScoreBook(folder: scratchFolder())
    #expect(book.place(for: Ranking(value: 0)) == nil)
    #expect(book.place(for: Ranking(value: -5)) == nil)
    #expect(book.place(for: Ranking(value: 0, order: .lowerIsBetter)) == 0)
  }

  @Test func theTableKeepsTheTopTenBestFirstAndATieGoesBelow() throws {
    let folder = scratchFolder()
    let book = HighScoreBook(folder: folder)
    for (index, value) in [50, 10, 90, 30, 70, 20, 80, 40, 60, 100, 5, 55].enumerated() {
      try book.add(
        entry("P\(index % 10)A", value), for: Ranking(value: value), replay: nil,
        replayName: "x.replay")
    }
    #expect(book.entries("").map(\.value) == [100, 90, 80, 70, 60, 55, 50, 40, 30, 20])
    #expect(book.place(for: Ranking(value: 20)) == nil, "a tie with the last does not get in")
    #expect(book.place(for: Ranking(value: 55)) == 6, "a tie goes below the entry it ties")
    #expect(book.place(for: Ranking(value: 101)) == 0)
    // Saved: another book on the same folder reads the same table.
    let again = HighScoreBook(folder: folder)
    #expect(again.notice == nil)
    #expect(again.entries("") == book.entries(""))
  }

  @Test func aTableOfTimesKeepsTheFewestTicksFirst() throws {
    let book = HighScoreBook(folder: scratchFolder())
    for value in [3000, 2500, 4000] {
      try book.add(
        entry("AAA", value), for: Ranking(table: "sprint", value: value, order: .lowerIsBetter),
        replay: nil, replayName: "x.replay")
    }
    #expect(book.entries("sprint").map(\.value) == [2500, 3000, 4000])
    #expect(book.entries("marathon").isEmpty, "tables are apart")
    #expect(book.place(for: Ranking(table: "sprint", value: 2600, order: .lowerIsBetter)) == 1)
  }

  @Test func eachEntryKeepsItsReplayAndAReplayPushedOffTheTableIsDeleted() throws {
    let folder = scratchFolder()
    let book = HighScoreBook(folder: folder)
    for value in 1...10 {
      try book.add(
        entry("AAA", value), for: Ranking(value: value), replay: [1, 2, UInt8(value)],
        replayName: "game\(value).replay")
    }
    let last = try #require(book.replayPath(table: "", place: 9))
    #expect(last.hasSuffix("/replays/game1.replay"))
    #expect(FileManager.default.contents(atPath: last) == Data([1, 2, 1]))
    try book.add(
      entry("BBB", 11), for: Ranking(value: 11), replay: [9], replayName: "game11.replay")
    #expect(!FileManager.default.fileExists(atPath: last), "game 1 fell off the table")
    #expect(book.replayPath(table: "", place: 0)?.hasSuffix("game11.replay") == true)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/replays")
    #expect(leftovers.count == 10)
    #expect(!leftovers.contains { $0.hasSuffix(".part") })
  }

  @Test func aReplayNameWithAFolderInItIsNeverRemovedWhenItsEntryFallsOff() throws {
    // A hand-edited book can name any path as an entry's replay: falling off the table must
    // not remove a file outside replays/.
    let folder = scratchFolder()
    let book = HighScoreBook(folder: folder)
    try book.add(entry("AAA", 1), for: Ranking(value: 1), replay: [7], replayName: "../victim")
    #expect(FileManager.default.fileExists(atPath: folder + "/victim"))
    for value in 2...11 {
      try book.add(entry("BBB", value), for: Ranking(value: value), replay: nil, replayName: "x")
    }
    #expect(!book.entries("").contains { $0.value == 1 }, "it fell off the table")
    #expect(FileManager.default.fileExists(atPath: folder + "/victim"), "and nothing outside went")
  }

  @Test(arguments: [
    ("{ not json", "not valid JSON"),
    (#"{"version": 1, "tables": 3}"#, "not a high-score table"),
    (#"{"version": 2, "tables": []}"#, "version 2 is not known"),
    (
      #"{"version":1,"tables":[{"name":"","order":"higher","entries":[{"initials":"AAA","value":1,"text":"1","date":"d"},{"initials":"BBB","value":5,"text":"5","date":"d"}]}]}"#,
      "out of order"
    ),
    (
      #"{"version":1,"tables":[{"name":"","order":"higher","entries":[{"initials":"A","value":1,"text":"1","date":"d"}]}]}"#,
      "initials 'A'"
    ),
    (
      #"{"version":1,"tables":[{"name":"","order":"higher","entries":[{"initials":"AAA","value":1,"text":"1","date":"d","replay":"../../x"}]}]}"#,
      "not a file name"
    ),
  ])
  func aDamagedFileGivesOneNoticeAFreshTableAndIsKeptAside(text: String, reason: String) throws {
    let folder = scratchFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/highscores.json"))
    let book = HighScoreBook(folder: folder)
    let notice = try #require(book.notice)
    #expect(notice.contains(folder + "/highscores.json"))
    #expect(notice.contains(reason), "\(notice)")
    #expect(!notice.contains("\n"))
    #expect(book.entries("").isEmpty)
    try book.add(entry("NEW", 7), for: Ranking(value: 7), replay: nil, replayName: "x.replay")
    let aside = FileManager.default.contents(atPath: folder + "/highscores.json.corrupt")
    #expect(aside == Data(text.utf8), "the damaged file is kept, not overwritten")
    #expect(HighScoreBook(folder: folder).entries("").map(\.initials) == ["NEW"])
  }

  @Test func anUnreadableFileIsANoticeNotACrash() throws {
    let folder = scratchFolder()
    // A folder where the file should be: reading it fails.
    try FileManager.default.createDirectory(
      atPath: folder + "/highscores.json", withIntermediateDirectories: true)
    let book = HighScoreBook(folder: folder)
    #expect(book.notice?.contains("cannot read") == true)
    #expect(book.entries("").isEmpty)
    #expect(throws: (any Error).self) {
      try book.add(entry("AAA", 1), for: Ranking(value: 1), replay: nil, replayName: "x.replay")
    }
    #expect(book.entries("").count == 1, "the entry still shows for the rest of the session")
  }
}

@Suite struct HighScoreBookSafetyTests {
  private func damaged(_ folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: folder + "/highscores.json"))
  }

  @Test func aCorruptFolderAlreadyThereIsNeverDeletedTheFileGoesUnderANewName() throws {
    let folder = scratchFolder()
    try damaged(folder)
    let aside = folder + "/highscores.json.corrupt"
    try FileManager.default.createDirectory(atPath: aside, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: aside + "/keep.txt"))
    let book = HighScoreBook(folder: folder)
    try book.add(entry("NEW", 7), for: Ranking(value: 7), replay: nil, replayName: "x.replay")
    #expect(FileManager.default.contents(atPath: aside + "/keep.txt") == Data("mine".utf8))
    #expect(
      FileManager.default.contents(atPath: folder + "/highscores.json.corrupt-1")
        == Data("{ not json".utf8))
  }

  @Test func anEarlierCorruptFileIsKeptWhenAnotherIsSetAside() throws {
    let folder = scratchFolder()
    try damaged(folder)
    try Data("older".utf8).write(to: URL(fileURLWithPath: folder + "/highscores.json.corrupt"))
    try HighScoreBook(folder: folder).add(
      entry("NEW", 7), for: Ranking(value: 7), replay: nil, replayName: "x.replay")
    #expect(
      FileManager.default.contents(atPath: folder + "/highscores.json.corrupt")
        == Data("older".utf8))
    #expect(
      FileManager.default.contents(atPath: folder + "/highscores.json.corrupt-1")
        == Data("{ not json".utf8))
  }

  @Test func aLinkPlantedAsTheBooksTemporaryIsNotFollowed() throws {
    let folder = scratchFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let victim = folder + "/victim"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    #expect(symlink(victim, folder + "/highscores.json.part") == 0)
    try HighScoreBook(folder: folder).add(
      entry("NEW", 7), for: Ranking(value: 7), replay: nil, replayName: "x.replay")
    #expect(FileManager.default.contents(atPath: victim) == Data("precious".utf8))
    #expect(HighScoreBook(folder: folder).entries("").map(\.initials) == ["NEW"])
  }

  @Test func aHugeFileIsRefusedUnreadAsDamaged() throws {
    let folder = scratchFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/highscores.json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 200_000_000) == 0)
    let book = HighScoreBook(folder: folder)
    #expect(book.notice?.contains("longer than") == true, "\(book.notice ?? "no notice")")
  }

  @Test func aPipeInPlaceOfTheFileIsANoticeAndNeverWaitedFor() throws {
    let folder = scratchFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(mkfifo(folder + "/highscores.json", 0o644) == 0)
    let book = HighScoreBook(folder: folder)
    #expect(book.notice?.contains("not a regular file") == true, "\(book.notice ?? "no notice")")
    #expect(throws: (any Error).self) {
      try book.add(entry("AAA", 1), for: Ranking(value: 1), replay: nil, replayName: "x.replay")
    }
  }

  @Test(arguments: [
    (
      #"{"version":1,"tables":[{"name":"sprint","order":"higher","entries":[]}]}"#,
      "sorts lower first"
    ),
    (#"{"version":1,"tables":[{"name":"zen","order":"higher","entries":[]}]}"#, "no table 'zen'"),
    (
      #"{"version":1,"tables":[{"name":"marathon","order":"higher","entries":[{"initials":"AAA","value":1,"text":"1","date":"d","replay":""}]}]}"#,
      "not a file name"
    ),
  ])
  func aTableTheGameDoesNotKeepThatWayIsDamage(text: String, reason: String) throws {
    let folder = scratchFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/highscores.json"))
    let book = HighScoreBook(
      folder: folder, tables: [("marathon", .higherIsBetter), ("sprint", .lowerIsBetter)])
    #expect(book.notice?.contains(reason) == true, "\(book.notice ?? "no notice")")
  }
}

@Suite struct HighScoreSessionTests {
  /// Plays one 64-tick game of RaceGame holding "right" on `points` ticks.
  private func playGame(_ session: GameSession<RaceGame>, points: Int) {
    for tick in 0..<64 { session.step(tick < points ? TickInput(bit: 0) : []) }
  }

  @Test func aGameThatMakesTheTableAsksForInitialsAndSavesThemWithItsReplay() throws {
    let folder = scratchFolder()
    let book = HighScoreBook(folder: folder)
    let session = GameSession<RaceGame>(seed: 9, sink: nil, book: book)
    for tick in 0..<(64 + session.entryDelay) {
      session.step(tick >= 11 && tick < 51 ? TickInput(bit: 0) : [])
    }
    #expect(session.isEnteringInitials)
    let panel = session.boardOverlay.compactMap { shape -> String? in
      if case .text(let text) = shape { return text.string }
      return nil
    }
    #expect(panel.contains("NEW HIGH SCORE"))
    #expect(panel.contains("1ST PLACE:  40 PTS"))
    for character in "zed" { session.enter(.character(character)) }
    #expect(session.isEnteringInitials, "three letters in, the entry waits for confirm")
    session.enter(.confirm)
    #expect(!session.isEnteringInitials)
    #expect(session.scoreProblem == nil)
    let saved = book.entries("")
    #expect(saved.map(\.initials) == ["ZED"])
    #expect(saved.map(\.text) == ["40 PTS"])
    #expect(session.scoreReports.count == 1)
    // The entry's replay plays the timeline back to the end of that game, verified.
    let path = try #require(book.replayPath(table: "", place: 0))
    let bytes = try ReplayFile.read(path: path)
    let outcome = try RaceGame.playReplay(
      bytes, verify: true, allowPartial: false, limits: .default, progress: nil)
    #expect(outcome.simulation.state.tick == 64, "the replay ends where that game ended")
    #expect(session.store.state.tick == 64 + session.entryDelay)
    #expect(outcome.simulation.state.score == 40)
    #expect(outcome.hashesChecked > 0)
  }

  @Test func aGameBelowTheTableIsNotAskedAndRewindingOverTheEndDoesNotAskTwice() throws {
    let book = HighScoreBook(folder: scratchFolder())
    for value in 50...59 {
      try book.add(entry("AAA", value), for: Ranking(value: value), replay: nil, replayName: "x")
    }
    let session = GameSession<RaceGame>(seed: 1, sink: nil, book: book)
    playGame(session, points: 30)
    #expect(!session.isEnteringInitials, "30 does not make a table of 50 to 59")
    session.step(TickInput(bit: 1))
    playGame(session, points: 60)
    #expect(session.isEnteringInitials)
    for _ in 0..<session.entryDelay { session.step([]) }
    session.enter(.confirm)
    #expect(book.entries("").first?.initials == "AAA")
    #expect(book.entries("").first?.value == 60)
    // Rewind to before the end and let the same game end the same way: no second entry.
    #expect(session.stepBack())
    session.step([])
    #expect(!session.isEnteringInitials)
    #expect(book.entries("").filter { $0.value == 60 }.count == 1)
  }

  @Test func quittingWhileEnteringKeepsThePlaceWithTheLettersSoFar() throws {
    let book = HighScoreBook(folder: scratchFolder())
    let session = GameSession<RaceGame>(seed: 1, sink: nil, book: book)
    playGame(session, points: 12)
    for _ in 0..<session.entryDelay { session.step([]) }
    session.enter(.character("Q"))
    _ = try session.finish()
    #expect(book.entries("").map(\.initials) == ["QQA"])
  }

  @Test func theBoardShowsTheBetterOfTheTablesBestAndTheGamesOwnWithTheListBelow() throws {
    let book = HighScoreBook(folder: scratchFolder())
    try book.add(entry("TOP", 50), for: Ranking(value: 50), replay: nil, replayName: "x")
    let session = GameSession<RaceGame>(seed: 1, sink: nil, book: book)
    func texts() -> [String] {
      session.boardOverlay.compactMap { shape -> String? in
        if case .text(let text) = shape { return text.string }
        return nil
      }
    }
    session.step(TickInput(bit: 0))
    #expect(texts() == ["HI 50 PTS"], "the table's best, not this game's 1")
    for _ in 0..<63 { session.step(TickInput(bit: 0)) }
    #expect(texts().first == "HI 64 PTS")
    #expect(!texts().contains("BEST"), "the list waits under the entry panel until it is saved")
    for _ in 0..<session.entryDelay { session.step([]) }
    session.enter(.confirm)
    #expect(texts().first == "HI 64 PTS")
    #expect(texts().dropFirst().first == "BEST")
    #expect(
      texts().dropFirst(2).map { $0.trimmingCharacters(in: .whitespaces) } == [
        "1 AAA 64 PTS", "2 TOP     50",
      ], "values right-aligned")
  }

  @Test func withoutATableAtHandOnlyTheGamesOwnBestLineIsDrawn() {
    let board = HighScoreBoard(
      list: Text("BEST", x: 0, y: 0), best: Text("HI 7", x: 0, y: 0), bestPrefix: "HI ",
      current: 7)
    let shapes = HighScoreOverlay.board(
      board, entries: nil, highlight: nil, tick: 0, text: { "\($0)" }, order: .higherIsBetter)
    #expect(shapes == [.text(Text("HI 7", x: 0, y: 0))])
    let empty = HighScoreOverlay.board(
      board, entries: [], highlight: nil, tick: 0, text: { "\($0)" }, order: .higherIsBetter)
    #expect(empty.contains(.text(Text("HI 7", x: 0, y: 0))))
    #expect(
      empty.contains {
        if case .text(let text) = $0 { return text.string == "NO SCORES YET" }
        return false
      })
  }
}
