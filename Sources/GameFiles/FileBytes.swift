import GameCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way a file is read: whole, within a cap, checked as it comes in (a replay, a
/// high-score book, a sweep's shard).
public enum FileBytes {
  /// The bytes of the file at `path` (a file, a pipe or a device), read in 64 KiB pieces and
  /// never more than `maxBytes` of them: a file that is longer is refused, not held.
  ///
  /// - Throws: ``FileError/system(operation:path:code:)`` when it cannot be opened or
  ///   read (a folder: "Is a directory"), ``FileError/longerThan(path:limit:)``.
  public static func read(path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
    try read(path: path, maxBytes: maxBytes, tooLong: .longerThan(path: path, limit: maxBytes))
  }

  /// The bytes of the file at `path`, read in 64 KiB pieces with interrupted calls retried.
  /// After each piece, and once at the end, `check` sees all the bytes so far and where the
  /// new ones start, and may refuse them (a replay's magic, a line too long) before more are
  /// read; then, past `maxBytes`, `tooLong` is thrown. At most `maxBytes` and one piece are
  /// ever held.
  public static func read(
    path: String, maxBytes: Int, tooLong: FileError,
    check: (_ bytes: [UInt8], _ newFrom: Int, _ atEnd: Bool) throws(FileError) -> Void = {
      _, _, _ in
    }
  ) throws(FileError) -> [UInt8] {
    var descriptor: Int32
    repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
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
      let newFrom = bytes.count
      bytes.append(contentsOf: buffer[0..<count])
      try check(bytes, newFrom, count == 0)
      if count == 0 { return bytes }
      if bytes.count > maxBytes { throw tooLong }
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
    var lineStart = 0
    var lineNumber = 1
    let tooLong = FileError.longerThan(path: path, limit: maxBytes)
    let bytes = try read(path: path, maxBytes: maxBytes, tooLong: tooLong) {
      (bytes, newFrom, atEnd) throws(FileError) in
      // The whole before its lines: a file past the cap is refused as that, whatever it holds.
      if bytes.count > maxBytes { throw tooLong }
      func check(_ end: Int) throws(FileError) {
        let line = bytes[lineStart..<end]
        guard line.count <= maxLineBytes else {
          throw .lineLongerThan(path: path, line: lineNumber, limit: maxLineBytes)
        }
        guard String(validating: line, as: UTF8.self) != nil, isLine(line) else {
          throw .notALine(path: path, line: lineNumber)
        }
      }
      if atEnd {
        if lineStart < bytes.count { try check(bytes.count) }
        return
      }
      var scan = newFrom
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
    return String(decoding: bytes, as: UTF8.self)
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
