import TestGames
import Testing

@testable import GameCore

/// The check every game's tests make: its settings change only with a new rules version.
@Suite struct GameSettingsRecordTests {
  @Test func theRecordedPairPasses() {
    #expect(
      TallyGame.settingsRecordProblem(version: 3, fingerprint: TallyGame.Settings.fingerprint)
        == nil)
  }

  @Test func aChangedDeclarationUnderTheSameVersionSaysToRaiseTheVersionAndWhatToRecord() {
    let current = TallyGame.Settings.fingerprint
    let problem = TallyGame.settingsRecordProblem(version: 3, fingerprint: "0123456789abcdef")
    #expect(
      problem
        == "TallyGame: the settings declaration changed (fingerprint \(current), recorded "
        + "0123456789abcdef) but TallyGame.version is still 3: replays recorded under version 3 "
        + "hold settings laid out by the old declaration. Raise `static let version` to 4 (old "
        + "replays are then refused with a clear message) and record `version: 4, fingerprint: "
        + "\"\(current)\"` in this test. The declaration now reads: layout 1; step: number "
        + "1...9, default 1")
  }

  @Test func aNewVersionAsksForItsRecord() {
    let current = TallyGame.Settings.fingerprint
    #expect(
      TallyGame.settingsRecordProblem(version: 2, fingerprint: current)
        == "TallyGame.version is 3 but this test records the settings of version 2: record "
        + "`version: 3, fingerprint: \"\(current)\"` in this test (the settings are unchanged).")
  }
}
