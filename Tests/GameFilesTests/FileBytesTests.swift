import Foundation
import Testing

@testable import GameCore
@testable import GameFiles

/// Whole-file reads within caps: a file that is longer, a line that is longer, or a line that
/// is not text is refused as soon as it shows, never held.
@Suite struct FileBytesTests {
  static func file(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("file-bytes-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func linesWithinTheCapsAreReadWhole() throws {
    let text = "{a}\n{bb}\n{c}"
    let path = try Self.file(Array(text.utf8))
    #expect(try FileBytes.readLines(path: path, maxLineBytes: 4, maxBytes: 12) == text)
  }

  @Test func aLineLongerThanTheCapIsRefusedNamingIt() throws {
    let path = try Self.file(Array("ab\nabcde\nab\n".utf8))
    #expect(throws: FileError.lineLongerThan(path: path, line: 2, limit: 4)) {
      try FileBytes.readLines(path: path, maxLineBytes: 4, maxBytes: 100)
    }
    // The last line, without a newline, too.
    let last = try Self.file(Array("ab\nabcde".utf8))
    #expect(throws: FileError.lineLongerThan(path: last, line: 2, limit: 4)) {
      try FileBytes.readLines(path: last, maxLineBytes: 4, maxBytes: 100)
    }
  }

  @Test func aFileLongerThanTheCapIsRefused() throws {
    let path = try Self.file(Array(repeating: UInt8(ascii: "a"), count: 10) + [0x0A])
    #expect(throws: FileError.longerThan(path: path, limit: 10)) {
      try FileBytes.readLines(path: path, maxLineBytes: 100, maxBytes: 10)
    }
  }

  @Test func aLineThatIsNotUTF8OrNotTheKindExpectedIsRefusedNamingIt() throws {
    let path = try Self.file(Array("{a}\n".utf8) + [0xFF, 0xFE] + Array("\n".utf8))
    #expect(throws: FileError.notALine(path: path, line: 2)) {
      try FileBytes.readLines(path: path, maxLineBytes: 100, maxBytes: 100)
    }
    let shape = try Self.file(Array("{a}\n{b}\nc\n".utf8))
    #expect(throws: FileError.notALine(path: shape, line: 3)) {
      try FileBytes.readLines(path: shape, maxLineBytes: 100, maxBytes: 100) {
        $0.first == UInt8(ascii: "{")
      }
    }
  }

  @Test func anEndlessDeviceIsRefusedAfterOneLinesWorth() throws {
    #expect(throws: FileError.lineLongerThan(path: "/dev/zero", line: 1, limit: 1 << 16)) {
      try FileBytes.readLines(path: "/dev/zero", maxLineBytes: 1 << 16, maxBytes: 1 << 40)
    }
  }
}
