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

  @Test(arguments: ["-x", "-rf", "--rocket"])
  func aNameStartingWithADashGetsTheNameRuleNotAMissingArgument(name: String) throws {
    let folder = try CommandRunner.temporaryDirectory()
    let result = try CommandRunner.run(["new-game", name], directory: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains("is not a game name: 1 to 16 of a-z"), "\(result.stderr)")
    #expect(!result.stderr.contains("Missing expected argument"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func noNameOrTwoNamesSayWhatNewGameTakes() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let none = try CommandRunner.run(["new-game"], directory: folder)
    #expect(none.status == 2)
    #expect(none.stderr.contains("needs the game's name: 1 to 16 of a-z"), "\(none.stderr)")
    let two = try CommandRunner.run(["new-game", "rocket", "comet"], directory: folder)
    #expect(two.status == 2)
    #expect(two.stderr.contains("takes one name, not also 'comet'"), "\(two.stderr)")
    let option = try CommandRunner.run(["new-game", "rocket", "-x"], directory: folder)
    #expect(option.status == 2)
    #expect(option.stderr.contains("has no option '-x'"), "\(option.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func pathsInErrorsNeverWriteControlCharacters() throws {
    let folder = try CommandRunner.temporaryDirectory().path
    let notAClone = #expect(throws: (any Error).self) {
      try NewGameCommand.engineRoot(folder + "/x\u{1B}[2J\ny")
    }
    let cannotCreate = #expect(throws: PackageWriter.Failure.self) {
      try PackageWriter.write([("a.txt", "one")], to: folder + "/missing\u{1B}[2J/game")
    }
    for message in [notAClone.map { "\($0)" }, cannotCreate?.description] {
      let line = try #require(message)
      #expect(
        line.contains(#"x\u{1b}[2J\u{a}y"#) || line.contains(#"missing\u{1b}[2J/game"#), "\(line)")
      #expect(line.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value != 127 }, "\(line)")
    }
  }

  @Test func theEnginesPathIsWrittenAsASwiftLiteralWhateverItHolds() {
    #expect(NewGameCommand.swiftLiteral(#"/a "b"\c"#) == #""/a \"b\"\\c""#)
    #expect(NewGameCommand.swiftLiteral("/a\nb") == #""/a\u{a}b""#)
  }
}
