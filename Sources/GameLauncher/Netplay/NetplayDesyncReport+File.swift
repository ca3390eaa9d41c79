import GameFiles
import GameNetplay

extension NetplayDesyncReport {
  /// The report's file beside the replay `record`: `RECORD.desync.txt`.
  static func path(beside record: String) -> String { record + ".desync.txt" }

  /// Writes the report beside the replay `record` as a new file (anything already there, a
  /// file or a link, is refused, never followed or replaced; every write is checked) and
  /// returns one line saying where it is; without a replay, or when the file cannot be
  /// written, the line is the report itself (and why), so that it is never lost.
  func save(beside record: String?) -> String {
    guard let record else { return description }
    let path = Self.path(beside: record)
    do {
      try OutputFile.write(Array((description + "\n").utf8), to: path, replacing: false)
      return "the desync report of tick \(tick) is in \(path)"
    } catch {
      return "cannot write the desync report to \(path) (\(error)); it follows:\n" + description
    }
  }
}
