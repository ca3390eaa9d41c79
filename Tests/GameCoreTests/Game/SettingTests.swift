import Testing

@testable import GameCore

/// Settings of every kind a declaration offers, for the tests of the derived bytes, `--set`,
/// help and fingerprint.
struct SamplerSettings: GameSettings {
  enum Speed: UInt8, CaseIterable, Sendable, SettingChoice {
    case slow, fast
    var name: String { ["slow", "fast"][Int(rawValue)] }
  }
  var lives = 3
  var offset = -2
  var budget: Int? = nil
  var big = 0
  var walls = true
  var speed = Speed.slow

  static var headless: SamplerSettings { SamplerSettings() }
  static var declared: [Setting<SamplerSettings>] {
    [
      Setting("lives", \.lives, 1...99, help: "ships per game"),
      Setting("offset", \.offset, -300...300, help: "a signed nudge"),
      Setting("budget", \.budget, 0...100_000, help: "a limit, or none"),
      Setting("big", \.big, 0...Int.max, help: "anything"),
      Setting("walls", \.walls, help: "walls bounce"),
      Setting("speed", \.speed, help: "how fast", aliases: [("quick", .fast)]),
    ]
  }
}

@Suite struct SettingTests {
  @Test func aNumberTakesTheFewestBytesThatHoldItsRange() {
    #expect(WholeNumber(range: 0...255).width == 1)
    #expect(WholeNumber(range: 0...256).width == 2)
    #expect(WholeNumber(range: -128...127).width == 1)
    #expect(WholeNumber(range: -129...0).width == 2)
    #expect(WholeNumber(range: 0...100_000).width == 4)
    #expect(WholeNumber(range: 0...0xFFFF_FFFF).width == 4)
    #expect(WholeNumber(range: 0...Int.max).width == 8)
    #expect(WholeNumber(range: Int.min...Int.max).width == 8)
  }

  @Test func everyKindIsSetByNameFromTheTextItsHelpShows() throws {
    var settings = SamplerSettings()
    for (name, value) in [
      ("lives", "99"), ("offset", "-300"), ("budget", "100000"), ("big", "\(Int.max)"),
      ("walls", "no"), ("speed", "fast"),
    ] {
      try settings.set(name, to: value)
    }
    #expect(settings.lives == 99 && settings.offset == -300 && settings.budget == 100_000)
    #expect(settings.big == Int.max && !settings.walls && settings.speed == .fast)
    try settings.set("budget", to: "none")
    #expect(settings.budget == nil)
    settings.speed = .slow
    try settings.set("speed", to: "quick")
    #expect(settings.speed == .fast, "an alias")
  }

  @Test func aBadValueNamesTheSettingTheValueAndWhatItTakes() {
    var settings = SamplerSettings()
    let number = "expected a whole number in 1...99"
    for value in ["0", "100", "-1", "", " 3", "3.5", "abc", "99999999999999999999999"] {
      #expect(throws: SettingError.invalid("lives", value: value, reason: number)) {
        try settings.set("lives", to: value)
      }
    }
    #expect(
      throws: SettingError.invalid(
        "budget", value: "-5", reason: "expected none or a whole number in 0...100000")
    ) { try settings.set("budget", to: "-5") }
    #expect(throws: SettingError.invalid("walls", value: "true", reason: "expected yes or no")) {
      try settings.set("walls", to: "true")
    }
    #expect(
      throws: SettingError.invalid("speed", value: "", reason: "expected slow, fast or quick")
    ) { try settings.set("speed", to: "") }
    #expect(
      throws: SettingError.unknown(
        "gravity", known: ["lives", "offset", "budget", "big", "walls", "speed"])
    ) { try settings.set("gravity", to: "1") }
    #expect(settings == SamplerSettings(), "a refused value changes nothing")
  }

  @Test func helpListsEachOptionWithWhatItTakesAndItsDefault() {
    let options = SamplerSettings.options
    #expect(options.map(\.name) == ["lives", "offset", "budget", "big", "walls", "speed"])
    #expect(
      options.map(\.help) == [
        "ships per game (1...99, default 3)", "a signed nudge (-300...300, default -2)",
        "a limit, or none (none or 0...100000, default none)",
        "anything (0...\(Int.max), default 0)", "walls bounce (yes or no, default yes)",
        "how fast (slow or fast, default slow)",
      ])
  }
}
