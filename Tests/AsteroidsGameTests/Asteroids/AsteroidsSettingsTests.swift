import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct AsteroidsSettingsTests {
  @Test func settingsRoundTripThroughTheirEncoding() throws {
    for settings in [
      AsteroidsSettings(), AsteroidsSettings(rocks: 10_000, lives: 5, startsAtTitle: false),
      AsteroidsSettings(rocks: 0),
    ] {
      #expect(try AsteroidsSettings(encoded: settings.encoded) == settings)
    }
  }

  @Test func hostileBytesAreRefusedWithTheirOffset() {
    let good = AsteroidsSettings(rocks: 5).encoded
    #expect(throws: AsteroidsSettingsError.truncated(atOffset: 0)) {
      try AsteroidsSettings(encoded: [])
    }
    #expect(throws: AsteroidsSettingsError.truncated(atOffset: 3)) {
      try AsteroidsSettings(encoded: Array(good.prefix(3)))
    }
    #expect(throws: AsteroidsSettingsError.unsupportedVersion(found: 9, supported: 1)) {
      try AsteroidsSettings(encoded: [9] + good.dropFirst())
    }
    #expect(throws: AsteroidsSettingsError.trailingBytes(atOffset: 7)) {
      try AsteroidsSettings(encoded: good + [0])
    }
    var flags = good
    flags[1] = 0xFF
    #expect(throws: AsteroidsSettingsError.invalidValue(field: "flags", atOffset: 1)) {
      try AsteroidsSettings(encoded: flags)
    }
    var rocks = good
    rocks[5] = 0xFF
    #expect(throws: AsteroidsSettingsError.invalidValue(field: "rocks", atOffset: 2)) {
      try AsteroidsSettings(encoded: rocks)
    }
    var lives = good
    lives[6] = 0
    #expect(throws: AsteroidsSettingsError.invalidValue(field: "lives", atOffset: 6)) {
      try AsteroidsSettings(encoded: lives)
    }
  }

  @Test func aClaimOfMoreRocksThanTheCapIsRefusedBeforeAnythingIsBuilt() throws {
    var atCap = AsteroidsSettings(rocks: AsteroidsSettings.maxRocks, startsAtTitle: false).encoded
    #expect(try AsteroidsSettings(encoded: atCap).rocks == AsteroidsSettings.maxRocks)
    // One rock more, written by hand as a hostile header would (the encoder clamps).
    let claim = UInt32(AsteroidsSettings.maxRocks + 1)
    for index in 0..<4 { atCap[2 + index] = UInt8(truncatingIfNeeded: claim >> (8 * index)) }
    #expect(throws: AsteroidsSettingsError.invalidValue(field: "rocks", atOffset: 2)) {
      try AsteroidsSettings(encoded: atCap)
    }
    let clamped = AsteroidsSettings(rocks: 5_000_000).encoded
    #expect(clamped == AsteroidsSettings(rocks: AsteroidsSettings.maxRocks).encoded)
    // Through a replay: the header is refused with a typed error, no game is made.
    let header = ReplayHeader(
      gameID: Asteroids.id, gameVersion: Asteroids.version, inputBits: 6, tickRate: 64, seed: 1,
      settings: atCap)
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    #expect(
      throws: ReplayError.badSettings(
        reason: "\(AsteroidsSettingsError.invalidValue(field: "rocks", atOffset: 2))")
    ) {
      try ReplayPlayer<Simulation<Asteroids>>.play(bytes, verify: true)
    }
  }

  @Test func everyByteFlipEitherDecodesOrThrows() {
    let good = AsteroidsSettings(rocks: 300, lives: 4).encoded
    for index in good.indices {
      for bit in 0..<8 {
        var bytes = good
        bytes[index] ^= 1 << bit
        _ = try? AsteroidsSettings(encoded: bytes)
      }
    }
  }

  @Test func aBadSettingsErrorReadsAsOneLineNotACaseDump() {
    #expect(
      "\(AsteroidsSettingsError.invalidValue(field: "rocks", atOffset: 2))"
        == "Asteroids' settings hold an invalid rocks (byte 2)")
  }

  @Test func aSimulationWithoutSettingsStartsAsAHeadlessRunDoesInPlay() {
    let plain = Simulation<Asteroids>(seed: 1)
    #expect(plain.state == Simulation<Asteroids>(seed: 1, settings: .headless).state)
    #expect(plain.state != Simulation<Asteroids>(seed: 1, settings: AsteroidsSettings()).state)
  }
}
