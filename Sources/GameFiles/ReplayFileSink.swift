#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import GameCore

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

// A file-scope name, so `read` does not clash with anything in scope.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

/// Reading replay files whole, within limits.
public enum ReplayFile {
  /// The bytes of the file at `path`: a file, a pipe or a device, read in 64 KiB pieces.
  ///
  /// The magic is checked as soon as four bytes are in, and no more than `maxBytes` are ever
  /// read: `/dev/zero` or `yes |` is refused at once, a huge file without being held in
  /// memory.
  public static func read(path: String, maxBytes: Int = ReplayLimits.default.maxBytes)
    throws(FileError) -> [UInt8]
  {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .system(operation: "open", path: path, code: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(operation: "read", path: path, code: errno)
      }
      if count == 0 {
        if bytes.count < ReplayFormat.magic.count { throw .notAReplay(path: path) }
        return bytes
      }
      bytes.append(contentsOf: buffer[0..<count])
      if bytes.count >= ReplayFormat.magic.count
        && !bytes.starts(with: ReplayFormat.magic)
      {
        throw .notAReplay(path: path)
      }
      if bytes.count > maxBytes { throw .tooLarge(path: path, limit: maxBytes) }
    }
  }
}
