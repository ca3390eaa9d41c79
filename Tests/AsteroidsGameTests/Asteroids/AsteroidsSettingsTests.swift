import GameFiles
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct AsteroidsSettingsTests {
  @Test func settingsRoundTripThroughTheirEncoding() throws {
    for settings in [
      AsteroidsSettings(), AsteroidsSettings(rocks: 10_000, lives: 5, startsAtTitle: false),
      AsteroidsSettings(rocks: 0), AsteroidsSettings(rocks: AsteroidsSettings.maxRocks, lives: 99),
    ] {
      #expect(try AsteroidsSettings(encoded: settings.encoded) == settings)
      #expect(try AsteroidsSettings(encoded: settings.legacyBytes) == settings)
    }
  }

  @Test func newReplaysWriteTheDeclaredLayoutTwo() {
    // Layout, rocks present, rocks (UInt32), lives, title.
    #expect(AsteroidsSettings().encoded == [2, 0, 0, 0, 0, 0, 3, 1])
    #expect(
      AsteroidsSettings(rocks: 300, lives: 4, startsAtTitle: false).encoded
        == [2, 1, 0x2C, 1, 0, 0, 4, 0])
  }

  @Test func layoutOneOfOldReplaysStillDecodes() throws {
    #expect(try AsteroidsSettings(encoded: [1, 0, 0, 0, 0, 0, 3]) == .headless)
    #expect(
      try AsteroidsSettings(encoded: [1, 3, 0x10, 0x27, 0, 0, 5])
        == AsteroidsSettings(rocks: 10_000, lives: 5, startsAtTitle: true))
  }

  @Test(arguments: DemoReplayTests.demos.map(\.file))
  func everyDemoHeaderDecodesToTheSettingsItsBytesSay(file: String) throws {
    let bytes = try ReplayFile.read(path: DemoReplayTests.directory + file)
    let header = try ReplayReader(bytes: bytes).header
    #expect(header.settings.first == AsteroidsSettings.legacyLayout)
    #expect(try AsteroidsSettings(encoded: header.settings).legacyBytes == header.settings)
  }

  @Test func rulesVersionsOneAndTwoHashedTheLayoutOneBytesAndThreeTheDeclaredOnes() {
    // Pinned before settings were declared: the "settings" section of every Asteroids replay
    // of rules versions 1 and 2.
    var hasher = StableHasher()
    for byte: UInt8 in [1, 0, 0, 0, 0, 0, 3] { hasher.combine(byte) }
    #expect(AsteroidsSettings.headless.legacyHash == hasher.finalized)
    #expect(ReplayFormat.hex(AsteroidsSettings().legacyHash) == "2e682a1cb8eac922")
    var declared = StableHasher()
    for byte in AsteroidsSettings.headless.encoded { declared.combine(byte) }
    #expect(AsteroidsSettings.headless.stableHash == declared.finalized)
  }

  @Test func hostileLayoutOneBytesAreRefusedWithTheirOffset() {
    let good = AsteroidsSettings(rocks: 5).legacyBytes
    func with(_ index: Int, _ value: UInt8) -> [UInt8] {
      var bytes = good
      bytes[index] = value
      return bytes
    }
    let cases: [([UInt8], SettingsBytesError)] = [
      (Array(good.prefix(3)), .truncated(setting: "rocks", atOffset: 3)),
      (good + [0], .trailingBytes(atOffset: 7)),
      (
        with(1, 0xFF),
        .invalidValue(setting: "rocks and title", atOffset: 1, reason: "flags 255 over 3")
      ),
      (
        with(5, 0xFF),
        .invalidValue(setting: "rocks", atOffset: 2, reason: "4278190085 is outside 0...100000")
      ),
      (
        with(1, 0),
        .invalidValue(setting: "rocks", atOffset: 2, reason: "absent rocks written as 5")
      ),
      (with(6, 0), .invalidValue(setting: "lives", atOffset: 6, reason: "0 is outside 1...99")),
    ]
    for (bytes, error) in cases {
      #expect(throws: error, "\(bytes)") { try AsteroidsSettings(encoded: bytes) }
    }
    #expect(throws: SettingsBytesError.truncated(setting: "rocks", atOffset: 0)) {
      try AsteroidsSettings(encoded: [])
    }
    #expect(throws: SettingsBytesError.unsupportedLayout(found: 9, supported: 2)) {
      try AsteroidsSettings(encoded: [9] + good.dropFirst())
    }
  }

  @Test func aClaimOfMoreRocksThanTheCapIsRefusedBeforeAnythingIsBuilt() throws {
    var atCap = AsteroidsSettings(rocks: AsteroidsSettings.maxRocks, startsAtTitle: false).encoded
    #expect(try AsteroidsSettings(encoded: atCap).rocks == AsteroidsSettings.maxRocks)
    // One rock more, written by hand as a hostile header would (the encoder clamps).
    let claim = UInt32(AsteroidsSettings.maxRocks + 1)
    for index in 0..<4 { atCap[2 + index] = UInt8(truncatingIfNeeded: claim >> (8 * index)) }
    let refusal = SettingsBytesError.invalidValue(
      setting: "rocks", atOffset: 2, reason: "100001 is outside 0...100000")
    #expect(throws: refusal) { try AsteroidsSettings(encoded: atCap) }
    let clamped = AsteroidsSettings(rocks: 5_000_000).encoded
    #expect(clamped == AsteroidsSettings(rocks: AsteroidsSettings.maxRocks).encoded)
    // Through a replay: the header is refused with a typed error, no game is made.
    let header = ReplayHeader(
      gameID: Asteroids.id, gameVersion: Asteroids.version, inputBits: 6, tickRate: 64, seed: 1,
      settings: atCap)
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    #expect(throws: ReplayError.badSettings(reason: "\(refusal)")) {
      try ReplayPlayer<Simulation<Asteroids>>.play(bytes, verify: true)
    }
  }

  /// Whatever a flipped byte decodes to is valid settings, written back as exactly those bytes
  /// in the same layout: the decoder accepts one encoding of each value and nothing out of range.
  @Test func everyByteFlipOfEitherLayoutDecodesToItsOwnBytesOrThrows() {
    let settings = AsteroidsSettings(rocks: 300, lives: 4)
    for (layout, good) in [("declared", settings.encoded), ("legacy", settings.legacyBytes)] {
      var decoded = 0
      var refused = 0
      for index in good.indices {
        for bit in 0..<8 {
          var bytes = good
          bytes[index] ^= 1 << bit
          guard let flipped = try? AsteroidsSettings(encoded: bytes) else {
            refused += 1
            continue
          }
          decoded += 1
          #expect(flipped != settings, "\(layout): flip \(index).\(bit) changed nothing")
          #expect((1...AsteroidsSettings.maxLives).contains(flipped.lives), "\(layout): \(bytes)")
          #expect(
            flipped.rocks.map { (0...AsteroidsSettings.maxRocks).contains($0) } ?? true,
            "\(layout): \(bytes)")
          let again = layout == "legacy" ? flipped.legacyBytes : flipped.encoded
          #expect(again == bytes, "\(layout): one value, one encoding: \(bytes)")
        }
      }
      // Both outcomes happen: rocks' and lives' low bits decode, the layout byte never does.
      #expect(decoded > 0 && refused > 0, "\(layout): \(decoded) decoded, \(refused) refused")
    }
  }

  @Test func setTakesEveryOptionAndRefusesBadValuesInOneLine() throws {
    var settings = AsteroidsSettings()
    try settings.set("rocks", to: "1000")
    try settings.set("lives", to: "7")
    try settings.set("title", to: "no")
    #expect(settings == AsteroidsSettings(rocks: 1000, lives: 7, startsAtTitle: false))
    try settings.set("rocks", to: "none")
    #expect(settings.rocks == nil)
    #expect(
      "\(SettingError.invalid("lives", value: "0", reason: "expected a whole number in 1...99"))"
        == "bad value '0' for setting 'lives': expected a whole number in 1...99")
    #expect(throws: SettingError.self) { try settings.set("rocks", to: "100001") }
    #expect(throws: SettingError.self) { try settings.set("lives", to: "") }
  }

  @Test func settingsChangeOnlyWithANewVersion() {
    let problem = Asteroids.settingsRecordProblem(version: 3, fingerprint: "17037087060f2159")
    #expect(problem == nil, "\(problem ?? "")")
  }

  @Test func aSimulationWithoutSettingsStartsAsAHeadlessRunDoesInPlay() {
    let plain = Simulation<Asteroids>(seed: 1)
    #expect(plain.state == Simulation<Asteroids>(seed: 1, settings: .headless).state)
    #expect(plain.state != Simulation<Asteroids>(seed: 1, settings: AsteroidsSettings()).state)
  }
}
