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
