import Foundation
import Testing

@testable import GameLauncher

/// `new-game NAME` through the built binary, in a scratch folder: what it writes and what it
/// refuses. (scripts/check-making-a-game builds and tests what it writes.)
@Suite struct NewGameCommandTests {
  @Test func itWritesAPackageOnThisEngineAndSaysWhereToStart() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let result = try CommandRunner.run(["new-game", "rocket"], directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("swift run RocketApp play"))
    let package = folder.appendingPathComponent("rocket")
    let files = try FileManager.default.subpathsOfDirectory(atPath: package.path).sorted()
    #expect(files.contains("Sources/RocketGame/Rocket.swift"))
    #expect(files.contains("Sources/RocketApp/main.swift"))
    #expect(files.contains("Tests/RocketGameTests/RocketTests.swift"))
    let manifest = try String(
      contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
    let engine = try NewGameCommand.engineRoot(nil)
    #expect(manifest.contains(".package(name: \"Lockstep\", path: \"\(engine)\")"))
    let game = try String(
      contentsOf: package.appendingPathComponent("Sources/RocketGame/Rocket.swift"), encoding: .utf8
    )
    #expect(game.contains("public static let id = \"rocket\""))
    #expect(!game.contains("{{"))
  }

  @Test func anExistingFolderFileOrLinkOfThatNameIsRefusedAndLeftAsItWas() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let manager = FileManager.default
    try manager.createDirectory(
      at: folder.appendingPathComponent("rocket"), withIntermediateDirectories: false)
    try Data("mine".utf8).write(to: folder.appendingPathComponent("rocket/Package.swift"))
    try Data("a file".utf8).write(to: folder.appendingPathComponent("comet"))
    try manager.createSymbolicLink(
      atPath: folder.appendingPathComponent("meteor").path, withDestinationPath: "/nonexistent/x")
    for name in ["rocket", "comet", "meteor"] {
      let result = try CommandRunner.run(["new-game", name], directory: folder)
      #expect(result.status == 2)
      #expect(result.stderr.contains("already exists"), "\(result.stderr)")
    }
    #expect(
      try String(contentsOf: folder.appendingPathComponent("rocket/Package.swift"), encoding: .utf8)
        == "mine")
    #expect(
      try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("rocket").path) == [
        "Package.swift"
      ])
    #expect(
      try String(contentsOf: folder.appendingPathComponent("comet"), encoding: .utf8) == "a file")
    #expect(!manager.fileExists(atPath: "/nonexistent/x"))
  }

  @Test func aBadNameOrAnEngineThatIsNotAClonePrintsOneLineAndWritesNothing() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let bad = try CommandRunner.run(["new-game", "../escape"], directory: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.split(separator: "\n").count == 1)
    let elsewhere = try CommandRunner.run(
      ["new-game", "rocket", "--engine", folder.path], directory: folder)
    #expect(elsewhere.status == 2)
    #expect(elsewhere.stderr.contains("is not a clone of the engine"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func theEnginesPathIsWrittenAsASwiftLiteralWhateverItHolds() {
    #expect(NewGameCommand.swiftLiteral(#"/a "b"\c"#) == #""/a \"b\"\\c""#)
    #expect(NewGameCommand.swiftLiteral("/a\nb") == #""/a\u{a}b""#)
  }
}
