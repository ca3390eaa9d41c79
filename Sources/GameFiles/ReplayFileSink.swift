import GameCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a replay to a temporary beside `PATH` record by record and renames it to `PATH` on
/// commit (an ``OutputFile``).
///
/// Each record goes straight to the kernel with `write(2)`, so a process killed at any moment
/// leaves the records written so far in `PATH.part` (readable with `replay --partial`), and
/// `PATH` itself is either the previous file or the complete new one: `rename(2)` within one
/// directory is atomic, and the data is `fsync`ed before it. The temporary is created
/// exclusively (a link planted as `PATH.part` is never followed; `PATH.1.part` is used
/// instead), a device or a pipe is written in place rather than replaced, and a folder is
/// refused. File I/O lives in GameCore (not GameApp) so the recorder and its crash behaviour
/// are testable without the app; it reads no clock.
public final class ReplayFileSink: ReplaySink {
  /// The final name of the replay.
  public let path: String
  /// Where records go until commit: `path + ".part"` (or the next free `.N.part`), or `path`
  /// itself for a device or a pipe.
  public var partPath: String { file.writingPath }
  private let file: OutputFile

  /// Creates the temporary for `path`.
  public init(path: String) throws(ReplayFileError) {
    self.path = path
    file = try OutputFile(path: path)
  }

  /// Appends one record to the temporary with `write(2)`, retrying short writes.
  public func write(_ bytes: [UInt8]) throws {
    try file.write(bytes)
  }

  /// Syncs the temporary to disk, closes it and renames it to ``path``.
  public func commit() throws {
    try file.commit()
  }

  /// Closes and removes the temporary: the recording failed and is not worth keeping.
  public func discard() {
    file.discard()
  }
}

/// Reading replay files whole, within limits.
public enum ReplayFile {
  /// The bytes of the file at `path`: a file, a pipe or a device, read in 64 KiB pieces
  /// (``FileBytes``).
  ///
  /// The magic is checked as soon as four bytes are in, and no more than `maxBytes` are ever
  /// read: `/dev/zero` or `yes |` is refused at once, a huge file without being held in
  /// memory.
  public static func read(path: String, maxBytes: Int = ReplayLimits.default.maxBytes)
    throws(ReplayFileError) -> [UInt8]
  {
    let magic = ReplayFormat.magic
    return try FileBytes.read(
      path: path, maxBytes: maxBytes, tooLong: .tooLarge(path: path, limit: maxBytes)
    ) { bytes, _, atEnd throws(ReplayFileError) in
      if bytes.count >= magic.count ? !bytes.starts(with: magic) : atEnd {
        throw .notAReplay(path: path)
      }
    }
  }
}

/// A replay file could not be opened, written or renamed.
public enum ReplayFileError: Error, Equatable, CustomStringConvertible {
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
