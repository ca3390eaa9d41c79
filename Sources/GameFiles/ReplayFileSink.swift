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
/// refused. File I/O lives in GameFiles (not GameApp) so the recorder and its crash behaviour
/// are testable without the app; it reads no clock.
public final class ReplayFileSink: ReplaySink {
  /// The final name of the replay.
  public let path: String
  /// Where records go until commit: `path + ".part"` (or the next free `.N.part`), or `path`
  /// itself for a device or a pipe.
  public var partPath: String { file.writingPath }
  private let file: OutputFile

  /// Creates the temporary for `path`.
  public init(path: String) throws(FileError) {
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
    throws(FileError) -> [UInt8]
  {
    let magic = ReplayFormat.magic
    return try FileBytes.read(
      path: path, maxBytes: maxBytes, tooLong: .tooLarge(path: path, limit: maxBytes)
    ) { bytes, _, atEnd throws(FileError) in
      if bytes.count >= magic.count ? !bytes.starts(with: magic) : atEnd {
        throw .notAReplay(path: path)
      }
    }
  }
}
