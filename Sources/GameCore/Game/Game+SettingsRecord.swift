extension Game {
  /// What is wrong with a game's recorded settings fingerprint, or nil when the game's
  /// ``Game/version`` and its settings' ``GameSettings/fingerprint`` are the pair recorded.
  ///
  /// A replay's header holds the settings as bytes laid out by the declaration of the rules
  /// version it names. A declaration changed under the same version would misread (or refuse)
  /// every replay players recorded before; this check, in a test every game ships, catches the
  /// change before a player does:
  ///
  /// ```swift
  /// @Test func settingsChangeOnlyWithANewVersion() {
  ///   let problem = Catch.settingsRecordProblem(version: 1, fingerprint: "9d1b6f0c6a3e5b2f")
  ///   #expect(problem == nil, "\(problem ?? "")")
  /// }
  /// ```
  public static func settingsRecordProblem(version recorded: UInt16, fingerprint: String)
    -> String?
  {
    if let problem = Settings.declarationProblem { return problem }
    let current = Settings.fingerprint
    let type = "\(Self.self)"
    let record = "`version: \(version), fingerprint: \"\(current)\"`"
    if recorded == version {
      guard current != fingerprint else { return nil }
      return
        "\(type): the settings declaration changed (fingerprint \(current), recorded \(fingerprint)) "
        + "but \(type).version is still \(version): replays recorded under version \(version) "
        + "hold settings laid out by the old declaration. Raise `static let version` to "
        + "\(version + 1) (old replays are then refused with a clear message) and record "
        + "`version: \(version + 1), fingerprint: \"\(current)\"` in this test. "
        + "The declaration now reads: \(Settings.declarationText.split(separator: "\n").joined(separator: "; "))"
    }
    return
      "\(type).version is \(version) but this test records the settings of version \(recorded): "
      + "record \(record) in this test"
      + (current == fingerprint ? " (the settings are unchanged)." : ".")
  }
}
