import Foundation
import GameCore
import PongGame
import Testing

@testable import GameLauncher

/// Which game a replay's header names, and what another package's executable says about the
/// files it cannot play.
@Suite struct GameRegistryTests {
  static func formatOne() -> ReplayHeader {
    var header = ReplayHeader(
      gameID: "", gameVersion: 1, inputBits: 6, tickRate: 64, seed: 1, settings: [])
    header.formatVersion = 1
    return header
  }

  @Test func aFormatOneReplayInAProgramWithoutAsteroidsSaysPlainlyWhatItIs() {
    #expect {
      _ = try GameRegistry.game(for: Self.formatOne(), in: [Pong.self])
    } throws: { error in
      let text = "\(error)"
      return text.contains("an Asteroids replay of the old format 1")
        && text.contains("has no Asteroids game") && !text.contains("button")
    }
  }

  @Test func aReplayOfAGameTheProgramLacksNamesTheGameAndTheOnesItHas() {
    let header = ReplayHeader(
      gameID: "rocket", gameVersion: 1, inputBits: 2, tickRate: 64, seed: 1, settings: [])
    #expect(throws: ReplayError.unknownGame("rocket", known: ["pong"])) {
      _ = try GameRegistry.game(for: header, in: [Pong.self])
    }
  }

  @Test func anotherExecutableNamesItselfInItsMessages() throws {
    // The app under another name, as another package's executable would be.
    let folder = try CommandRunner.temporaryDirectory()
    let copy = folder.appendingPathComponent("rocket-app")
    try FileManager.default.createSymbolicLink(
      at: copy, withDestinationURL: CommandRunner.executable)
    let process = Process()
    process.executableURL = copy
    process.arguments = ["scores"]
    process.environment = ["XDG_DATA_HOME": folder.path, "HOME": folder.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.contains("(`rocket-app play`)"), "\(text)")
    #expect(!text.contains("GameApp"))
  }
}
