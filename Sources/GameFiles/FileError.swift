#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file could not be opened, read, written or renamed: the error of every reader and writer
/// in GameFiles (``OutputFile``, ``FileBytes``, ``ReplayFile``, ``ReplayFileSink``).
public enum FileError: Error, Equatable, CustomStringConvertible {
  /// A system call failed with `code` (an `errno` value).
  case system(operation: String, path: String, code: Int32)
  /// The sink was used after commit.
  case closed(path: String)
  /// The file does not start with a replay's magic (`SRPL`).
  case notAReplay(path: String)
  /// The file is longer than the limit (`replay --max-bytes`).
  case tooLarge(path: String, limit: Int)
  /// The file is longer than a reader's cap (``FileBytes/read(path:maxBytes:)``).
  case longerThan(path: String, limit: Int)
  /// A line of a text file is longer than a reader's cap
  /// (``FileBytes/readLines(path:maxLineBytes:maxBytes:isLine:)``).
  case lineLongerThan(path: String, line: Int, limit: Int)
  /// A line of a text file is not UTF-8, or not the kind of line its reader reads.
  case notALine(path: String, line: Int)
  /// The path names something a file is never written over (`kind`: "a folder").
  case notAFile(path: String, kind: String)

  /// One line for the user, with the system's explanation of the error.
  public var description: String {
    switch self {
    case .system(let operation, let path, let code):
      return "cannot \(operation) \(path): \(String(cString: strerror(code)))"
    case .closed(let path):
      return "replay file \(path) was already committed"
    case .notAReplay(let path):
      return "\(path) is not a replay file (it does not start with SRPL)"
    case .tooLarge(let path, let limit):
      return "\(path) is longer than \(limit) bytes, the most a replay may be read "
        + "(--max-bytes raises it)"
    case .longerThan(let path, let limit):
      return "\(path) is longer than \(limit) bytes, the most it may be"
    case .lineLongerThan(let path, let line, let limit):
      return "line \(line) of \(path) is longer than \(limit) bytes, the most a line may be"
    case .notALine(let path, let line):
      return "line \(line) of \(path) is not a line of text of the kind expected"
    case .notAFile(let path, let kind):
      return "cannot write \(path): it is \(kind); give a file name"
    }
  }
}

/// ``FileError`` under the name it had when replays were the only files written.
@available(*, deprecated, renamed: "FileError")
public typealias ReplayFileError = FileError
