import Foundation
import GameCore
import PongGame
import Testing

/// A replay the build cannot play is named in the one line that says why, and the why says
/// what to do: another rules version, or settings that changed without a version bump.
@Suite struct ReplayMessagesTests {
  /// A header-and-end replay of Pong with `version` and `settings` in its header.
  static func pongReplay(version: UInt16, settings: [UInt8]) throws -> String {
    let header = ReplayHeader(
      gameID: Pong.id, gameVersion: version, inputBits: UInt8(Pong.buttons.bitCount),
      tickRate: 64, seed: 1, settings: settings, axisRanges: Pong.buttons.axisRanges)
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    let path = try CommandRunner.temporaryDirectory().appendingPathComponent("old.replay").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aReplayOfAnotherRulesVersionIsNamedWhenRefused() throws {
    let file = try Self.pongReplay(version: Pong.version + 1, settings: Pong.Settings().encoded)
    for arguments in [["replay", file, "--verify"], ["inspect", file, "--port", "0"]] {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "error: \(file): replay was recorded with game version \(Pong.version + 1); this "
          + "build runs version \(Pong.version), whose rules would not replay it the same\n")
    }
  }

  @Test func settingsThatNoLongerDecodeSayTheVersionWasNotBumped() throws {
    let file = try Self.pongReplay(version: Pong.version, settings: [0xFF, 0xFF, 0xFF])
    let result = try CommandRunner.run(["replay", file, "--verify"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: \(file): replay settings do not decode ("))
    #expect(
      result.stderr.hasSuffix(
        "the game's settings changed without a version bump (a game raises its `static let "
          + "version` whenever its settings or rules change)\n"))
  }

  @Test func theAttractModeNamesADemoItCannotPlay() throws {
    let file = try Self.pongReplay(version: Pong.version + 1, settings: Pong.Settings().encoded)
    let assets = try CommandRunner.temporaryDirectory()
    let demos = assets.appendingPathComponent("pong/demos")
    try FileManager.default.createDirectory(at: demos, withIntermediateDirectories: true)
    let demo = demos.appendingPathComponent("old.replay").path
    try FileManager.default.moveItem(atPath: file, toPath: demo)
    let result = try CommandRunner.run(
      [], environment: CommandRunner.withoutDisplay(["GAME_ASSETS": assets.path]),
      directory: assets)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: \(demo): replay was recorded with game version "))
  }
}
