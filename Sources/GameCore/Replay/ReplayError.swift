/// Why a replay file could not be read or replayed: every case names where.
///
/// The decoder treats every file as hostile, so each way a file can be wrong is a case here
/// rather than a trap; the app prints `description` as one line and exits with status 2.
public enum ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file ended inside a field that starts or continues at this offset.
  case truncated(atOffset: Int)
  /// The first four bytes are not `SRPL`.
  case badMagic(found: [UInt8])
  /// The file's format version is one this build cannot read.
  case unsupportedVersion(found: UInt16, supported: UInt16)
  /// A record's stored CRC-32 does not match its bytes (the record starts at `atOffset`).
  case checksumMismatch(expected: UInt32, found: UInt32, atOffset: Int)
  /// A count or length field claims more than the format allows.
  case countBeyondLimit(field: String, claimed: Int, limit: Int, atOffset: Int)
  /// A field holds a value the format never writes.
  case invalidValue(field: String, atOffset: Int)
  /// A record tag that is neither a chunk nor the end record.
  case unknownRecord(tag: UInt8, atOffset: Int)
  /// A chunk does not start where the previous one ended.
  case tickOutOfOrder(expected: Int, found: Int, atOffset: Int)
  /// The coded input runs of the chunk starting at `atTick` are damaged.
  case corruptInputs(atTick: Int)
  /// Bytes follow the end record.
  case trailingBytes(atOffset: Int)
  /// The end record's totals disagree with the chunks before it.
  case endMismatch(field: String, atOffset: Int)
  /// The replay was recorded by other simulation rules than this build's.
  case gameVersionMismatch(found: UInt16, expected: UInt16)
  /// The replay is of another game than the one asked to play it.
  case gameMismatch(found: String, expected: String)
  /// The header's input width is not the game's number of buttons.
  case inputBitsMismatch(found: Int, expected: Int)
  /// The header's analog axes (their ranges, in order) are not the game's.
  case axesMismatch(found: [ClosedRange<Int>], expected: [ClosedRange<Int>])
  /// No game with this id is known (the app's registry).
  case unknownGame(String, known: [String])
  /// The game refused the replay's settings blob.
  case badSettings(reason: String)
  /// The game cannot take an externally produced action recorded at this tick.
  case unsupportedExternalAction(atTick: Int)
  /// The file asks for more ticks (times the work of a tick under its settings) than the limit
  /// allows: a replay bomb, or a recording longer than the limit (`replay --max-ticks`).
  case tooMuchWork(ticks: Int, workPerTick: Int, limit: Int)

  /// One line for the user, naming the offset or tick.
  public var description: String {
    switch self {
    case .truncated(let offset):
      return "replay truncated: the file ends inside the field at byte offset \(offset)"
    case .badMagic(let found):
      let hex = found.map { String($0, radix: 16) }.joined(separator: " ")
      return "not a replay file: the first bytes are [\(hex)], expected \"SRPL\""
    case .unsupportedVersion(let found, let supported):
      return
        "replay format version \(found) is not supported (this build reads version \(supported))"
    case .checksumMismatch(let expected, let found, let offset):
      return "replay checksum mismatch in the record at byte offset \(offset): stored "
        + "\(hex32(expected)), computed \(hex32(found))"
    case .countBeyondLimit(let field, let claimed, let limit, let offset):
      return "replay field \(field) at byte offset \(offset) claims \(claimed), over the limit "
        + "of \(limit)"
    case .invalidValue(let field, let offset):
      return "replay field \(field) at byte offset \(offset) holds a value the format never writes"
    case .unknownRecord(let tag, let offset):
      return "unknown replay record tag 0x\(String(tag, radix: 16)) at byte offset \(offset)"
    case .tickOutOfOrder(let expected, let found, let offset):
      return
        "replay chunk at byte offset \(offset) starts at tick \(found), expected tick \(expected)"
    case .corruptInputs(let tick):
      return "replay inputs are corrupt in the chunk starting at tick \(tick)"
    case .trailingBytes(let offset):
      return "replay has bytes after its end record, from byte offset \(offset)"
    case .endMismatch(let field, let offset):
      return "replay end record at byte offset \(offset) disagrees with the chunks: \(field)"
    case .gameVersionMismatch(let found, let expected):
      return "replay was recorded with game version \(found); this build runs version "
        + "\(expected), whose rules would not replay it the same"
    case .gameMismatch(let found, let expected):
      return "replay is a game of '\(found)', not of '\(expected)'"
    case .inputBitsMismatch(let found, let expected):
      return "replay records \(found) buttons a tick; this game has \(expected)"
    case .axesMismatch(let found, let expected):
      func list(_ ranges: [ClosedRange<Int>]) -> String {
        ranges.isEmpty
          ? "none" : ranges.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ")
      }
      return "replay records analog axes \(list(found)); this game has \(list(expected))"
    case .unknownGame(let id, let known):
      return "replay is a game of '\(id)', which this build does not have (it has "
        + known.joined(separator: ", ") + ")"
    case .badSettings(let reason):
      return "replay settings do not decode (\(reason)) although the file names this build's "
        + "rules version: the game's settings changed without a version bump (a game raises its "
        + "`static let version` whenever its settings or rules change)"
    case .unsupportedExternalAction(let tick):
      return "replay holds an external action at tick \(tick) that this game cannot take"
    case .tooMuchWork(let ticks, let work, let limit):
      return work == 1
        ? "replay asks for \(ticks) ticks, over the limit of \(limit) (24 hours at 64 Hz by default; "
          + "--max-ticks raises it)"
        : "replay asks for \(ticks) ticks at \(work) times the work of a normal tick (its stress "
          + "settings), over the limit of \(limit) (--max-ticks raises it)"
    }
  }
}

func hex32(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
