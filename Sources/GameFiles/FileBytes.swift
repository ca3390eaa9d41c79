#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import GameCore

/// Reading a whole small file (a high-score book, a sweep's shard) within a cap.
public enum FileBytes {
  /// The bytes of the file at `path` (a file, a pipe or a device), read in 64 KiB pieces and
  /// never more than `maxBytes` of them: a file that is longer is refused, not held.
  ///
  /// - Throws: ``FileError/system(operation:path:code:)`` when it cannot be opened or
  ///   read (a folder: "Is a directory"), ``FileError/longerThan(path:limit:)``.
  public static func read(path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
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

  /// The text of the file at `path` (a file, a pipe or a device), read in 64 KiB pieces and
  /// refused as soon as it shows it is not what the caller reads: a line longer than
  /// `maxLineBytes` (without its newline), more than `maxBytes` in all, a line that is not UTF-8,
  /// or a line `isLine` rejects. `/dev/zero` is refused after `maxLineBytes`, `/dev/urandom` at
  /// its first line; nothing larger than the caps is ever held.
  ///
  /// - Throws: ``FileError/system(operation:path:code:)``,
  ///   ``FileError/longerThan(path:limit:)``,
  ///   ``FileError/lineLongerThan(path:line:limit:)``,
  ///   ``FileError/notALine(path:line:)``.
  public static func readLines(
    path: String, maxLineBytes: Int, maxBytes: Int,
    isLine: (ArraySlice<UInt8>) -> Bool = { _ in true }
  ) throws(FileError) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .system(operation: "open", path: path, code: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var lineStart = 0
    var lineNumber = 1
    func check(_ end: Int) throws(FileError) {
      let line = bytes[lineStart..<end]
      guard line.count <= maxLineBytes else {
        throw .lineLongerThan(path: path, line: lineNumber, limit: maxLineBytes)
      }
      guard String(validating: line, as: UTF8.self) != nil, isLine(line) else {
        throw .notALine(path: path, line: lineNumber)
      }
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { readSome(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(operation: "read", path: path, code: errno)
      }
      if count == 0 {
        if lineStart < bytes.count { try check(bytes.count) }
        return String(decoding: bytes, as: UTF8.self)
      }
      if bytes.count + count > maxBytes { throw .longerThan(path: path, limit: maxBytes) }
      var scan = bytes.count
      bytes.append(contentsOf: buffer[0..<count])
      while let newline = bytes[scan...].firstIndex(of: 0x0A) {
        try check(newline)
        lineStart = newline + 1
        lineNumber += 1
        scan = lineStart
      }
      if bytes.count - lineStart > maxLineBytes {
        throw .lineLongerThan(path: path, line: lineNumber, limit: maxLineBytes)
      }
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
