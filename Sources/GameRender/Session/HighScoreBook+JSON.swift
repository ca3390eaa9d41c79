import GameCore
import GameFiles

// The book's file as JSON, member by member as `JSONEncoder` (`.prettyPrinted`, `.sortedKeys`)
// wrote it before the engine had one JSON codec: keys in alphabetical order, `replay` left out
// when there is none, in ``JSON/Layout/indented``. Old books load and save byte for byte alike
// (`HighScoreFileTests`).

extension HighScoreBook.File {
  /// The file as JSON.
  var json: JSON {
    .object([("tables", .array(tables.map(\.json))), ("version", .int(version))])
  }

  /// The file `bytes` hold: JSON that is not a book's is damage, named as the book's notice
  /// names it.
  init(json bytes: [UInt8]) throws(HighScoreBook.Damage) {
    let value: JSON
    do { value = try JSON.parse(bytes) } catch { throw HighScoreBook.Damage("not valid JSON") }
    let notATable = HighScoreBook.Damage("not a high-score table")
    guard let version = value["version"]?.intValue, let tables = value["tables"]?.arrayValue
    else { throw notATable }
    self.init(version: version, tables: [])
    for table in tables {
      guard let name = table["name"]?.stringValue,
        let order = table["order"]?.stringValue.flatMap(Ranking.Order.init(rawValue:)),
        let entries = table["entries"]?.arrayValue
      else { throw notATable }
      var read = HighScoreBook.Table(name: name, order: order, entries: [])
      for entry in entries {
        guard let initials = entry["initials"]?.stringValue, let value = entry["value"]?.intValue,
          let text = entry["text"]?.stringValue, let date = entry["date"]?.stringValue
        else { throw notATable }
        let replay: String?
        switch entry["replay"] {
        case nil, .null?: replay = nil
        case .string(let name)?: replay = name
        default: throw notATable
        }
        read.entries.append(
          HighScoreEntry(initials: initials, value: value, text: text, date: date, replay: replay))
      }
      self.tables.append(read)
    }
  }
}

extension HighScoreBook.Table {
  var json: JSON {
    .object([
      ("entries", .array(entries.map(\.json))), ("name", .string(name)),
      ("order", .string(order.rawValue)),
    ])
  }
}

extension HighScoreEntry {
  var json: JSON {
    var members: [(String, JSON)] = [("date", .string(date)), ("initials", .string(initials))]
    if let replay { members.append(("replay", .string(replay))) }
    members += [("text", .string(text)), ("value", .int(value))]
    return .object(members)
  }
}
