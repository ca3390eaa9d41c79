import Foundation
import GameCore
import GameFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One line of a high-score table.
package struct HighScoreEntry: Equatable, Sendable {
  /// Three letters or digits, as entered.
  package var initials: String
  /// What the table sorts by (``Ranking/value``).
  package var value: Int
  /// The value as players read it (``Game/rankingText(_:table:)``).
  package var text: String
  /// The day it was made, `yyyy-mm-dd` (UTC).
  package var date: String
  /// The replay of the game that made it, a file name in the book's `replays/` folder; nil
  /// when it could not be written.
  package var replay: String?
}

/// A game's high-score tables, one per ``Game/rankingTables`` entry, kept in
/// `$XDG_DATA_HOME/<game>/highscores.json` (else `~/.local/share/<game>/`) with the replay of
/// each entry beside it in `replays/`.
///
/// Every save writes a temporary file, syncs it and renames it over the old one, so a crash
/// leaves the old table or the new one. A file that cannot be read or parsed gives one
/// ``notice`` and an empty book; it is moved aside to `highscores.json.corrupt` on the next
/// save rather than overwritten.
package final class HighScoreBook {
  /// Entries kept per table.
  package static let size = 10

  /// The file's layout: a version and the tables in the game's order (`HighScoreBook+JSON`).
  struct File: Equatable {
    var version = 1
    var tables: [Table] = []
  }

  /// One table, best first.
  struct Table: Equatable {
    var name: String
    var order: Ranking.Order
    var entries: [HighScoreEntry]
  }

  /// The folder of the book: `highscores.json` and `replays/`.
  package let folder: String
  package var path: String { folder + "/highscores.json" }
  /// Why the saved file could not be used, once; nil when it was fine or absent.
  package private(set) var notice: String?
  private var file = File()
  private var setAside = false

  /// Most bytes read from `highscores.json` (a full book is under 10 KB): a larger file is
  /// damage, refused without being read whole.
  package static let maxBytes = 1 << 20

  /// Loads the book in `folder`; a missing file is an empty book. With `tables` (the game's
  /// tables and which way each sorts), a file holding any other table, or a table sorted the
  /// other way, is damage.
  package init(folder: String, tables: [(String, Ranking.Order)]? = nil) {
    self.folder = folder
    var info = stat()
    if stat(path, &info) != 0 {
      if errno == ENOENT { return }
      notice =
        "high scores: cannot read \(path) (\(String(cString: strerror(errno)).lowercased())); "
        + "starting a fresh table"
      return
    }
    // A pipe or a device is never read (it could wait forever) nor written over.
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
      notice = "high scores: cannot read \(path) (it is \(kind)); starting a fresh table"
      return
    }
    let data: [UInt8]
    do {
      data = try FileBytes.read(path: path, maxBytes: Self.maxBytes)
    } catch {
      if case .longerThan = error {
        setAside = true
        notice =
          "high scores: \(path) is damaged (longer than \(Self.maxBytes) bytes); starting a "
          + "fresh table (the old file will be kept as highscores.json.corrupt)"
      } else {
        notice = "high scores: cannot read \(path) (\(error)); starting a fresh table"
      }
      return
    }
    do {
      file = try File(json: data)
      try Self.check(file, tables: tables)
    } catch {
      file = File()
      setAside = true
      notice =
        "high scores: \(path) is damaged (\(Self.describe(error))); starting a fresh table "
        + "(the old file will be kept as highscores.json.corrupt)"
    }
  }

  /// The book of game `G` in `folder`, checked against the game's tables and their orders.
  package convenience init<G: Game>(folder: String, game: G.Type) {
    self.init(
      folder: folder, tables: G.rankingTables.map { ($0, G.rankingOrder(of: $0)) })
  }

  /// The default folder for game `id`: `$XDG_DATA_HOME/<id>`, else `~/.local/share/<id>`.
  package static func defaultFolder(game id: String) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    return "\(base)/\(id)"
  }

  /// Which way `table` sorts, once it holds an entry.
  package func order(of table: String) -> Ranking.Order? {
    file.tables.first { $0.name == table }?.order
  }

  /// The entries of `table`, best first.
  package func entries(_ table: String) -> [HighScoreEntry] {
    file.tables.first { $0.name == table }?.entries ?? []
  }

  /// The place (0 is the top) `ranking` would take on its table, or nil when it does not make
  /// the top ``size`` or does not qualify (``Ranking/qualifies``: a score of 0). A tie goes
  /// below the entries it ties with.
  package func place(for ranking: Ranking) -> Int? {
    guard ranking.qualifies else { return nil }
    let entries = entries(ranking.table)
    let place = entries.firstIndex { ranking.beats($0.value) } ?? entries.count
    return place < Self.size ? place : nil
  }

  /// Enters `entry` where `ranking` places it and saves: the replay first (when given), then
  /// the table. Returns the place taken.
  ///
  /// - Throws: a write or rename error; the table in memory keeps the entry anyway, so it
  ///   shows for the rest of the session.
  @discardableResult
  package func add(
    _ entry: HighScoreEntry, for ranking: Ranking, replay: [UInt8]?, replayName: String
  ) throws -> Int? {
    guard let place = place(for: ranking) else { return nil }
    var entry = entry
    entry.replay = replay == nil ? nil : replayName
    if !file.tables.contains(where: { $0.name == ranking.table }) {
      file.tables.append(Table(name: ranking.table, order: ranking.order, entries: []))
    }
    let index = file.tables.firstIndex { $0.name == ranking.table }!
    let dropped = file.tables[index].entries.dropFirst(Self.size - 1).compactMap(\.replay)
    file.tables[index].entries.insert(entry, at: place)
    file.tables[index].entries = Array(file.tables[index].entries.prefix(Self.size))
    if let replay {
      try createFolder(folder + "/replays")
      try OutputFile.write(replay, to: folder + "/replays/" + replayName)
    }
    try save()
    // A replay no longer on the table is no longer needed; one still named by another entry is.
    let named = Set(file.tables.flatMap { $0.entries.compactMap(\.replay) })
    // unlink, not a recursive remove: only ever a file the book wrote, never a folder, and
    // only a plain name inside replays/ (a hand-edited book's "../x" names nothing to remove).
    for name in dropped where !named.contains(name) && Self.isPlainName(name) {
      unlink(folder + "/replays/" + name)
    }
    return place
  }

  /// A file name with no folder in it: what the book itself names its replays.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
  }

  /// The path of the replay of entry `place` of `table`, if it has one.
  package func replayPath(table: String, place: Int) -> String? {
    let entries = entries(table)
    guard entries.indices.contains(place), let name = entries[place].replay else { return nil }
    return folder + "/replays/" + name
  }

  private func save() throws {
    try createFolder(folder)
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      throw FileProblem(description: "cannot save high scores: \(path) is not a regular file")
    }
    if setAside {
      try keepAside()
      setAside = false
    }
    try OutputFile.write(Array(file.json.text(.indented).utf8) + [0x0A], to: path)
  }

  /// Keeps the damaged file under a name nothing has: `highscores.json.corrupt`, else
  /// `.corrupt-1`, `-2`, … A hard link, so the file stays whole until the save's rename
  /// replaces `highscores.json`; nothing is removed or overwritten.
  private func keepAside() throws {
    for attempt in 0..<1000 {
      let aside = path + ".corrupt" + (attempt == 0 ? "" : "-\(attempt)")
      if link(path, aside) == 0 { return }
      if errno == ENOENT { return }
      if errno != EEXIST {
        throw FileProblem(
          description: "cannot keep the damaged \(path) aside as \(aside): "
            + String(cString: strerror(errno)).lowercased())
      }
    }
    throw FileProblem(description: "cannot keep the damaged \(path) aside: 1000 names taken")
  }

  /// Checks what JSON cannot: at most ``size`` entries a table, sorted, initials of three;
  /// with `tables`, only the game's tables, each in its order.
  private static func check(_ file: File, tables: [(String, Ranking.Order)]?) throws {
    guard file.version == 1 else { throw Damage("version \(file.version) is not known") }
    for table in file.tables {
      if let tables {
        guard let order = tables.first(where: { $0.0 == table.name })?.1 else {
          throw Damage("the game has no table '\(table.name)'")
        }
        guard order == table.order else {
          throw Damage(
            "table '\(table.name)' sorts \(order == .lowerIsBetter ? "lower" : "higher") first, "
              + "not \(table.order.rawValue)")
        }
      }
      guard table.entries.count <= size else { throw Damage("more than \(size) entries") }
      let ranking = { (value: Int) in Ranking(table: table.name, value: value, order: table.order) }
      for (upper, lower) in zip(table.entries, table.entries.dropFirst())
      where ranking(lower.value).beats(upper.value) {
        throw Damage("table '\(table.name)' is out of order")
      }
      for entry in table.entries where !InitialsEntry.isValid(entry.initials) {
        throw Damage("initials '\(entry.initials)' are not three letters or digits")
      }
      for entry in table.entries {
        if let replay = entry.replay,
          replay.isEmpty || replay.contains("/") || replay.hasPrefix(".") || replay.contains("\0")
        {
          throw Damage("replay name '\(replay)' is not a file name")
        }
      }
    }
  }

  struct Damage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private static func describe(_ error: any Error) -> String {
    if let damage = error as? Damage { return damage.description }
    return reasonInWords(error)
  }

}
