#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a replay to `PATH.part` record by record and renames it to `PATH` on commit.
///
/// Each record goes straight to the kernel with `write(2)`, so a process killed at any moment
/// leaves the records written so far in `PATH.part` (readable with `replay --partial`), and
/// `PATH` itself is either the previous file or the complete new one: `rename(2)` within one
/// directory is atomic, and the data is `fsync`ed before it. File I/O lives in GameCore (not
/// GameApp) so the recorder and its crash behaviour are testable without the app; it reads no
/// clock.
public final class ReplayFileSink: ReplaySink {
  /// The final name of the replay.
  public let path: String
  /// Where records go until commit: `path + ".part"`.
  public let partPath: String
  private var descriptor: Int32

  /// Creates (or truncates) `path.part`.
  public init(path: String) throws(ReplayFileError) {
    self.path = path
    self.partPath = path + ".part"
    descriptor = open(partPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw .system(operation: "create", path: partPath, code: errno) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends one record to the `.part` file with `write(2)`, retrying short writes.
  public func write(_ bytes: [UInt8]) throws {
    guard descriptor >= 0 else { throw ReplayFileError.closed(path: partPath) }
    var done = 0
    while done < bytes.count {
      let count = bytes[done...].withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReplayFileError.system(operation: "write", path: partPath, code: errno)
      }
      done += count
    }
  }

  /// Syncs the `.part` file to disk, closes it and renames it to ``path``.
  public func commit() throws {
    guard descriptor >= 0 else { throw ReplayFileError.closed(path: partPath) }
    guard fsync(descriptor) == 0 else {
      throw ReplayFileError.system(operation: "fsync", path: partPath, code: errno)
    }
    close(descriptor)
    descriptor = -1
    guard rename(partPath, path) == 0 else {
      throw ReplayFileError.system(operation: "rename to \(path)", path: partPath, code: errno)
    }
  }
}

// File-scope names, so the sink's own `write` method does not shadow the system call.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}

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
    throws(ReplayFileError) -> [UInt8]
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
    }
  }
}
