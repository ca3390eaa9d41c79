import GameCore

/// Options fixed at the start of a game that change how it plays, so a replay's header carries
/// them (``encoded``) to rebuild the start exactly: `--set rocks=1000`, `lives=5`, `title=no`.
public struct AsteroidsSettings: GameSettings {
  /// Stress setting: every wave fills the field with this many rocks of mixed sizes instead of
  /// the normal wave (`--set rocks=N`), for scaling measurements. `nil` for the normal game.
  public var rocks: Int?
  /// Ships per game.
  public var lives: Int
  /// Start at the title screen (the windowed game) or straight in play (headless runs).
  public var startsAtTitle: Bool

  /// Most rocks the stress setting accepts: ten times the largest field the benchmarks
  /// measure (10,000), and small enough that a hostile replay header claiming the most costs
  /// 2.4 MB of rocks, not the 24 MB a million would.
  public static let maxRocks = 100_000
  /// Most ships per game a header may ask for.
  public static let maxLives = 99

  /// The normal game.
  public init(rocks: Int? = nil, lives: Int = Tuning.startingLives, startsAtTitle: Bool = true) {
    self.rocks = rocks
    self.lives = lives
    self.startsAtTitle = startsAtTitle
  }

  /// The game in the window: the title screen first.
  public init() { self.init(rocks: nil, lives: Tuning.startingLives, startsAtTitle: true) }

  /// Headless runs start straight in play.
  public static var headless: AsteroidsSettings { AsteroidsSettings(startsAtTitle: false) }

  public static var declared: [Setting<AsteroidsSettings>] {
    [
      Setting("rocks", \.rocks, 0...maxRocks, help: "stress: fill every wave with this many rocks"),
      Setting("lives", \.lives, 1...maxLives, help: "ships per game"),
      Setting("title", \.startsAtTitle, help: "start at the title screen"),
    ]
  }

  /// Layout 2 is the declaration's; replays recorded before it hold layout 1
  /// (``legacyLayout``), which ``init(legacyBytes:)`` reads.
  public static var layout: UInt8 { 2 }

  /// Reads either layout, checking every byte.
  ///
  /// - Throws: ``SettingsBytesError`` naming the offset and the setting of the first bad byte.
  public init(encoded bytes: [UInt8]) throws(SettingsBytesError) {
    if bytes.first == Self.legacyLayout {
      try self.init(legacyBytes: bytes)
    } else {
      try self.init(declaredBytes: bytes)
    }
  }
}

/// The settings are part of the state: hashed as their bytes (``encoded``).
extension AsteroidsSettings: StableHashable {}

extension AsteroidsSettings: CustomStringConvertible {
  /// "rocks normal, lives 3, starts at title true", as `replay --dump` prints it.
  public var description: String {
    "rocks \(rocks.map(String.init) ?? "normal"), lives \(lives), starts at title \(startsAtTitle)"
  }
}
