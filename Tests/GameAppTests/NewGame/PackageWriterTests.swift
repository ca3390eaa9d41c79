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

  /// A name written twice; a file where a folder was made (after a folder and a file).
  @Test(arguments: [
    [("a.txt", "one"), ("a.txt", "again")], [("a/one.txt", "one"), ("a", "two")],
  ])
  func aFailureHalfWayRemovesTheFilesAndFoldersItMadeOneByOne(files: [(String, String)]) throws {
    let parent = try CommandRunner.temporaryDirectory()
    let folder = parent.appendingPathComponent("game").path
    #expect(throws: PackageWriter.Failure.self) {
      try PackageWriter.write(files.map { (path: $0.0, contents: $0.1) }, to: folder)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
  }
}
