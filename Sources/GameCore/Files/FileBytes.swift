#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a whole small file (a high-score book, a sweep's shard) within a cap.
public enum FileBytes {
  /// The bytes of the file at `path` (a file, a pipe or a device), read in 64 KiB pieces and
  /// never more than `maxBytes` of them: a file that is longer is refused, not held.
  ///
  /// - Throws: ``ReplayFileError/system(operation:path:code:)`` when it cannot be opened or
  ///   read (a folder: "Is a directory"), ``ReplayFileError/longerThan(path:limit:)``.
  public static func read(path: String, maxBytes: Int) throws(ReplayFileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .system(operation: "open", path: path, code: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { readSome(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(operation: "read", path: path, code: errno)
      }
      if count == 0 { return bytes }
      if bytes.count + count > maxBytes { throw .longerThan(path: path, limit: maxBytes) }
      bytes.append(contentsOf: buffer[0..<count])
    }
  }

  /// True when `path` is a FIFO (opening it for reading waits for a writer).
  public static func isPipe(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
  }
}

// File scope, so the type's own `read` does not shadow the system call.
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
