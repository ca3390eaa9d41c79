import GameCore
import GameFiles
import Testing

@testable import BlocksGame

/// Blocks' settings, derived from their declaration, keep the bytes of every recorded replay.
@Suite struct BlocksSettingsTests {
  @Test func theDerivedBytesAreTheLayoutTheFirstReplaysRecorded() {
    // Version 1 as written by hand: mode, level, levels up, DAS, ARR, title, opponent.
    #expect(BlocksSettings().encoded == [1, 0, 1, 1, 11, 2, 1, 0])
    var settings = BlocksSettings.headless
    (settings.mode, settings.startLevel, settings.levelsUp) = (.versus, 15, false)
    (settings.das, settings.arr, settings.opponent) = (30, 0, .hard)
    #expect(settings.encoded == [1, 2, 15, 0, 30, 0, 0, 3])
  }

  @Test(arguments: BlocksGameTests.demos.map(\.file))
  func everyDemoHeaderDecodesAndEncodesToTheSameBytes(file: String) throws {
    let bytes = try ReplayFile.read(path: BlocksGameTests.directory + file)
    let header = try ReplayReader(bytes: bytes).header
    #expect(try BlocksSettings(encoded: header.settings).encoded == header.settings)
  }

  @Test func hostileBytesNameTheSettingAndTheOffset() {
    let cases: [([UInt8], SettingsBytesError)] = [
      ([], .truncated(setting: "mode", atOffset: 0)),
      ([1, 0, 1, 1], .truncated(setting: "das", atOffset: 4)),
      ([2, 0, 1, 1, 11, 2, 1, 0], .unsupportedLayout(found: 2, supported: 1)),
      ([1, 0, 1, 1, 11, 2, 1, 0, 0], .trailingBytes(atOffset: 8)),
      (
        [1, 3, 1, 1, 11, 2, 1, 0],
        .invalidValue(
          setting: "mode", atOffset: 1, reason: "3 names none of marathon, sprint or versus")
      ),
      (
        [1, 0, 16, 1, 11, 2, 1, 0],
        .invalidValue(setting: "level", atOffset: 2, reason: "16 is outside 1...15")
      ),
      (
        [1, 0, 1, 2, 11, 2, 1, 0],
        .invalidValue(setting: "levelup", atOffset: 3, reason: "a flag is 0 or 1")
      ),
      (
        [1, 0, 1, 1, 11, 2, 1, 4],
        .invalidValue(
          setting: "opponent", atOffset: 7, reason: "4 names none of player, normal, easy or hard")
      ),
    ]
    for (bytes, error) in cases {
      #expect(throws: error, "\(bytes)") { try BlocksSettings(encoded: bytes) }
    }
  }

  @Test func setTakesTheNamesAndTheBotAlias() throws {
    var settings = BlocksSettings()
    try settings.set("mode", to: "sprint")
    try settings.set("opponent", to: "bot")
    try settings.set("levelup", to: "no")
    #expect(settings.mode == .sprint && settings.opponent == .normal && !settings.levelsUp)
    #expect(
      throws: SettingError.invalid(
        "opponent", value: "expert", reason: "expected player, normal, easy, hard or bot")
    ) { try settings.set("opponent", to: "expert") }
    #expect(
      BlocksSettings.options.first! == (
        "mode",
        "the game the title screen starts with (marathon, sprint or versus, default marathon)"
      ))
  }

  @Test func settingsChangeOnlyWithANewVersion() {
    let problem = Blocks.settingsRecordProblem(version: 3, fingerprint: "2e5c8ae8e17e5f61")
    #expect(problem == nil, "\(problem ?? "")")
  }
}
