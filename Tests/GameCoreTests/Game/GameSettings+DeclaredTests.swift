import Testing

@testable import GameCore

/// The bytes, decoder and fingerprint every game's settings derive from their declaration.
@Suite struct GameSettingsDeclaredTests {
  @Test func theBytesAreTheLayoutThenEveryOptionInOrderLittleEndian() {
    #expect(
      SamplerSettings().encoded == [
        1,  // layout
        3,  // lives, 1...99
        0xFE, 0xFF,  // offset -2, -300...300
        0, 0, 0, 0, 0,  // budget absent, then four zero bytes
        0, 0, 0, 0, 0, 0, 0, 0,  // big, 0...Int.max
        1,  // walls
        0,  // speed slow
      ])
    var settings = SamplerSettings()
    settings.budget = 0x01_0203
    settings.speed = .fast
    #expect(Array(settings.encoded[4...8]) == [1, 3, 2, 1, 0])
    #expect(settings.encoded.last == 1)
  }

  @Test func settingsRoundTripAtTheEndsOfEveryRange() throws {
    var low = SamplerSettings()
    (low.lives, low.offset, low.budget, low.big, low.walls) = (1, -300, 0, 0, false)
    var high = SamplerSettings()
    (high.lives, high.offset, high.budget, high.big, high.speed) = (99, 300, 100_000, .max, .fast)
    for settings in [SamplerSettings(), low, high] {
      #expect(try SamplerSettings(encoded: settings.encoded) == settings)
    }
  }

  @Test func theEncoderClampsIntoTheRangeTheDecoderAccepts() throws {
    var settings = SamplerSettings()
    (settings.lives, settings.offset, settings.budget) = (5_000, -1_000_000, -7)
    let decoded = try SamplerSettings(encoded: settings.encoded)
    #expect(decoded.lives == 99 && decoded.offset == -300 && decoded.budget == 0)
  }

  @Test func hostileBytesAreRefusedNamingTheOffsetAndTheSetting() {
    let good = SamplerSettings().encoded
    func with(_ index: Int, _ value: UInt8) -> [UInt8] {
      var bytes = good
      bytes[index] = value
      return bytes
    }
    let cases: [([UInt8], SettingsBytesError)] = [
      ([], .truncated(setting: "lives", atOffset: 0)),
      (Array(good.prefix(3)), .truncated(setting: "offset", atOffset: 3)),
      (Array(good.prefix(12)), .truncated(setting: "big", atOffset: 12)),
      (with(0, 7), .unsupportedLayout(found: 7, supported: 1)),
      (good + [0], .trailingBytes(atOffset: 19)),
      (with(1, 0), .invalidValue(setting: "lives", atOffset: 1, reason: "0 is outside 1...99")),
      (
        with(3, 0x7F),
        .invalidValue(setting: "offset", atOffset: 2, reason: "32766 is outside -300...300")
      ),
      (
        with(4, 2),
        .invalidValue(setting: "budget", atOffset: 4, reason: "its presence byte must be 0 or 1")
      ),
      (
        with(6, 1),
        .invalidValue(
          setting: "budget", atOffset: 6, reason: "an absent value must be written as zeros")
      ),
      (with(17, 2), .invalidValue(setting: "walls", atOffset: 17, reason: "a flag is 0 or 1")),
      (
        with(18, 9),
        .invalidValue(setting: "speed", atOffset: 18, reason: "9 names none of slow or fast")
      ),
    ]
    for (bytes, error) in cases {
      #expect(throws: error, "\(bytes)") { try SamplerSettings(encoded: bytes) }
    }
    var overIntMax = good
    for index in 9...16 { overIntMax[index] = 0xFF }
    #expect(throws: SettingsBytesError.self) { try SamplerSettings(encoded: overIntMax) }
    #expect(
      "\(SettingsBytesError.invalidValue(setting: "lives", atOffset: 1, reason: "0 is outside 1...99"))"
        == "byte 1 of the settings, setting 'lives': 0 is outside 1...99")
  }

  @Test func everyPrefixIsRefusedAsTruncatedNamingTheSettingItEndsIn() {
    let good = SamplerSettings().encoded
    let owners =
      ["lives", "lives", "offset", "offset", "budget", "budget", "budget", "budget"]
      + ["budget"] + Array(repeating: "big", count: 8) + ["walls", "speed"]
    for count in 0..<good.count {
      #expect(throws: SettingsBytesError.truncated(setting: owners[count], atOffset: count)) {
        try SamplerSettings(encoded: Array(good.prefix(count)))
      }
    }
  }

  @Test func everyByteFlipDecodesToTheSameBytesOrThrows() {
    var settings = SamplerSettings()
    (settings.budget, settings.big, settings.offset) = (300, 1 << 40, 17)
    let good = settings.encoded
    for index in good.indices {
      for bit in 0..<8 {
        var bytes = good
        bytes[index] ^= 1 << bit
        if let decoded = try? SamplerSettings(encoded: bytes) {
          #expect(decoded.encoded == bytes, "one value, one encoding: \(bytes)")
        }
      }
    }
  }

  @Test func theDeclarationTextHoldsTheFormatAndDefaultsButNotTheHelp() {
    #expect(
      SamplerSettings.declarationText == """
        layout 1
        lives: number 1...99, default 3
        offset: number -300...300, default -2
        budget: optional number 0...100000, default none
        big: number 0...\(Int.max), default 0
        walls: flag, default yes
        speed: choice slow=0 fast=1, default slow
        """)
    #expect(SamplerSettings.fingerprint.count == 16)
    #expect(SamplerSettings.fingerprint != NoSettings.fingerprint)
  }

  @Test func aNameSetCannotReachOrDeclaredTwiceIsAProblemOfTheDeclaration() {
    struct Twice: GameSettings {
      var a = 1
      var b = 1
      static var headless: Twice { Twice() }
      static var declared: [Setting<Twice>] {
        [Setting("a", \.a, 1...2, help: ""), Setting("a", \.b, 1...2, help: "")]
      }
    }
    struct Spaced: GameSettings {
      var a = 1
      static var headless: Spaced { Spaced() }
      static var declared: [Setting<Spaced>] { [Setting("a b", \.a, 1...2, help: "")] }
    }
    #expect(SamplerSettings.declarationProblem == nil)
    #expect(
      Twice.declarationProblem
        == "Twice declares the setting 'a' twice; --set reaches only the first: rename or "
        + "remove the other")
    #expect(
      Spaced.declarationProblem
        == "Spaced: the setting name 'a b' cannot be given as --set NAME=VALUE; name it with "
        + "letters, digits and '-'")
  }

  @Test func theFingerprintIsPinned() {
    // A change here is a change of every game's recorded fingerprints: none may happen.
    #expect(NoSettings.declarationText == "layout 1")
    #expect(NoSettings.fingerprint == "40c602b2c507a0eb")
    #expect(SamplerSettings.fingerprint == "8937ffb4ae4bafa3")
  }
}
