import Testing

@testable import GameCore

@Suite struct GameSettingsTests {
  @Test func settingsRoundTripThroughTheirEncoding() throws {
    for settings in [
      GameSettings(), GameSettings(rocks: 10_000, lives: 5, startsAtTitle: false),
      GameSettings(rocks: 0),
    ] {
      #expect(try GameSettings(encoded: settings.encoded) == settings)
    }
  }

  @Test func hostileBytesAreRefusedWithTheirOffset() {
    let good = GameSettings(rocks: 5).encoded
    #expect(throws: GameSettingsError.truncated(atOffset: 0)) { try GameSettings(encoded: []) }
    #expect(throws: GameSettingsError.truncated(atOffset: 3)) {
      try GameSettings(encoded: Array(good.prefix(3)))
    }
    #expect(throws: GameSettingsError.unsupportedVersion(found: 9, supported: 1)) {
      try GameSettings(encoded: [9] + good.dropFirst())
    }
    #expect(throws: GameSettingsError.trailingBytes(atOffset: 7)) {
      try GameSettings(encoded: good + [0])
    }
    var flags = good
    flags[1] = 0xFF
    #expect(throws: GameSettingsError.invalidValue(field: "flags", atOffset: 1)) {
      try GameSettings(encoded: flags)
    }
    var rocks = good
    rocks[5] = 0xFF
    #expect(throws: GameSettingsError.invalidValue(field: "rocks", atOffset: 2)) {
      try GameSettings(encoded: rocks)
    }
    var lives = good
    lives[6] = 0
    #expect(throws: GameSettingsError.invalidValue(field: "lives", atOffset: 6)) {
      try GameSettings(encoded: lives)
    }
  }

  @Test func aClaimOfMoreRocksThanTheCapIsRefusedBeforeAnythingIsBuilt() throws {
    var atCap = GameSettings(rocks: GameSettings.maxRocks, startsAtTitle: false).encoded
    #expect(try GameSettings(encoded: atCap).rocks == GameSettings.maxRocks)
    // One rock more, written by hand as a hostile header would (the encoder clamps).
    let claim = UInt32(GameSettings.maxRocks + 1)
    for index in 0..<4 { atCap[2 + index] = UInt8(truncatingIfNeeded: claim >> (8 * index)) }
    #expect(throws: GameSettingsError.invalidValue(field: "rocks", atOffset: 2)) {
      try GameSettings(encoded: atCap)
    }
    let clamped = GameSettings(rocks: 5_000_000).encoded
    #expect(clamped == GameSettings(rocks: GameSettings.maxRocks).encoded)
    // Through a replay: the header is refused with a typed error, no game is made.
    let header = ReplayHeader(gameVersion: Game.version, tickRate: 64, seed: 1, settings: atCap)
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    #expect(
      throws: ReplayError.badSettings(
        reason: "\(GameSettingsError.invalidValue(field: "rocks", atOffset: 2))")
    ) {
      try ReplayPlayer<Simulation>.play(bytes, verify: true)
    }
  }

  @Test func everyByteFlipEitherDecodesOrThrows() {
    let good = GameSettings(rocks: 300, lives: 4).encoded
    for index in good.indices {
      for bit in 0..<8 {
        var bytes = good
        bytes[index] ^= 1 << bit
        _ = try? GameSettings(encoded: bytes)
      }
    }
  }
}
