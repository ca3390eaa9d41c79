import BreakoutGame
import GameCore
import Testing

@Suite struct BreakoutSettingsTests {
  @Test func livesAndLevelSetOnTheCommandLineStartTheGameAndSurviveTheReplayHeader() throws {
    var settings = BreakoutSettings.headless
    try settings.set("lives", to: "5")
    try settings.set("level", to: "3")
    #expect(try BreakoutSettings(encoded: settings.encoded) == settings)
    #expect(throws: SettingError.self) { try settings.set("lives", to: "0") }
    let state = Breakout.initialState(seed: 1, settings: settings)
    #expect(state.phase == .playing && state.lives == 5 && state.level == 3)
    #expect(state.bricksLeft == 60)
  }

  /// The settings' bytes are a file format: a change must come with a new version.
  @Test func settingsChangeOnlyWithANewVersion() {
    let problem = Breakout.settingsRecordProblem(version: 1, fingerprint: "e88d252ce0ea32c0")
    #expect(problem == nil, "\(problem ?? "")")
  }
}
