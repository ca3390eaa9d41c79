import Foundation
import Testing

@testable import GameLauncher

@Suite struct PackageWriterTests {
  @Test func everyFileIsWrittenInItsFolders() throws {
    let folder = try CommandRunner.temporaryDirectory().appendingPathComponent("game").path
    try PackageWriter.write([("a.txt", "one"), ("b/c/d.txt", "two")], to: folder)
    #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "one")
    #expect(try String(contentsOfFile: folder + "/b/c/d.txt", encoding: .utf8) == "two")
  }

  @Test func aFailureHalfWayRemovesTheFolderItCreated() throws {
    let parent = try CommandRunner.temporaryDirectory()
    let folder = parent.appendingPathComponent("game").path
    #expect(throws: PackageWriter.Failure.self) {
      try PackageWriter.write([("a.txt", "one"), ("a.txt", "again")], to: folder)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
  }

  @Test func aFailureRemovesTheFilesAndFoldersItMadeOneByOne() throws {
    let parent = try CommandRunner.temporaryDirectory()
    let folder = parent.appendingPathComponent("game").path
    // The second file's name is a folder already: the write fails after the first file.
    #expect(throws: PackageWriter.Failure.self) {
      try PackageWriter.write([("a/one.txt", "one"), ("a", "two")], to: folder)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
  }
}
