import GameCore

/// Options fixed at the start of a game that change how it plays, so a replay's header carries
/// them (``encoded``) to rebuild the start exactly.
public struct AsteroidsSettings: Equatable, Sendable {
  /// Stress setting: every wave fills the field with this many rocks of mixed sizes instead of
  /// the normal wave (`--rocks N`), for scaling measurements. `nil` for the normal game.
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

  /// The layout version of ``encoded``.
  public static let encodingVersion: UInt8 = 1
  /// Length of ``encoded`` in this version.
  public static let encodedCount = 7

  /// The settings as bytes for a replay header: version, flags (bit 0: rocks present, bit 1:
  /// starts at title), rocks as UInt32 little-endian, lives as UInt8. Out-of-range values are
  /// clamped into what the decoder accepts.
  public var encoded: [UInt8] {
    let rockCount = UInt32(min(max(rocks ?? 0, 0), Self.maxRocks))
    let flags: UInt8 = (rocks == nil ? 0 : 1) | (startsAtTitle ? 2 : 0)
    return [
      Self.encodingVersion, flags,
      UInt8(truncatingIfNeeded: rockCount), UInt8(truncatingIfNeeded: rockCount >> 8),
      UInt8(truncatingIfNeeded: rockCount >> 16), UInt8(truncatingIfNeeded: rockCount >> 24),
      UInt8(min(max(lives, 1), Self.maxLives)),
    ]
  }

  /// Decodes ``encoded`` bytes, treating them as hostile: every byte is checked.
  ///
  /// - Throws: ``AsteroidsSettingsError`` naming the offset of the first bad byte.
  public init(encoded bytes: [UInt8]) throws(AsteroidsSettingsError) {
    guard let version = bytes.first else { throw .truncated(atOffset: 0) }
    guard version == Self.encodingVersion else {
      throw .unsupportedVersion(found: version, supported: Self.encodingVersion)
    }
    guard bytes.count >= Self.encodedCount else { throw .truncated(atOffset: bytes.count) }
    guard bytes.count == Self.encodedCount else {
      throw .trailingBytes(atOffset: Self.encodedCount)
    }
    let flags = bytes[1]
    guard flags & ~3 == 0 else { throw .invalidValue(field: "flags", atOffset: 1) }
    let rockCount = Int(bytes[2]) | Int(bytes[3]) << 8 | Int(bytes[4]) << 16 | Int(bytes[5]) << 24
    guard rockCount <= Self.maxRocks, flags & 1 == 1 || rockCount == 0 else {
      throw .invalidValue(field: "rocks", atOffset: 2)
    }
    let lives = Int(bytes[6])
    guard (1...Self.maxLives).contains(lives) else {
      throw .invalidValue(field: "lives", atOffset: 6)
    }
    self.init(rocks: flags & 1 == 1 ? rockCount : nil, lives: lives, startsAtTitle: flags & 2 != 0)
  }
}

/// Why encoded settings could not be read.
public enum AsteroidsSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes ended early; `atOffset` is where more were needed.
  case truncated(atOffset: Int)
  /// A layout this build cannot read.
  case unsupportedVersion(found: UInt8, supported: UInt8)
  /// More bytes than the layout has; `atOffset` is the first extra one.
  case trailingBytes(atOffset: Int)
  /// A field outside its allowed range.
  case invalidValue(field: String, atOffset: Int)

  /// One line for the user: what is wrong with which byte of the settings.
  public var description: String {
    switch self {
    case .truncated(let offset): "Asteroids' settings end early, at byte \(offset)"
    case .unsupportedVersion(let found, let supported):
      "Asteroids' settings are in layout \(found); this build reads layout \(supported)"
    case .trailingBytes(let offset): "Asteroids' settings have extra bytes from byte \(offset)"
    case .invalidValue(let field, let offset):
      "Asteroids' settings hold an invalid \(field) (byte \(offset))"
    }
  }
}

extension AsteroidsSettings: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    for byte in encoded { hasher.combine(byte) }
  }
}

extension AsteroidsSettings: GameSettings {
  /// The game in the window: the title screen first.
  public init() { self.init(rocks: nil, lives: Tuning.startingLives, startsAtTitle: true) }

  /// Headless runs start straight in play.
  public static var headless: AsteroidsSettings { AsteroidsSettings(startsAtTitle: false) }

  public static var options: [(name: String, help: String)] {
    [
      ("rocks", "stress: fill every wave with this many rocks (0...\(maxRocks))"),
      ("lives", "ships per game (1...\(maxLives), default \(Tuning.startingLives))"),
      ("title", "start at the title screen: yes or no"),
    ]
  }

  public mutating func set(_ name: String, to value: String) throws(SettingError) {
    switch name {
    case "rocks":
      guard let count = Int(value), (0...Self.maxRocks).contains(count) else {
        throw .invalid(name, value: value, reason: "a number of rocks, 0...\(Self.maxRocks)")
      }
      rocks = count
    case "lives":
      guard let count = Int(value), (1...Self.maxLives).contains(count) else {
        throw .invalid(name, value: value, reason: "a number of ships, 1...\(Self.maxLives)")
      }
      lives = count
    case "title":
      guard value == "yes" || value == "no" else {
        throw .invalid(name, value: value, reason: "yes or no")
      }
      startsAtTitle = value == "yes"
    default:
      throw .unknown(name, known: Self.options.map(\.name))
    }
  }
}

extension AsteroidsSettings: CustomStringConvertible {
  /// "rocks normal, lives 3, starts at title true", as `replay --dump` prints it.
  public var description: String {
    "rocks \(rocks.map(String.init) ?? "normal"), lives \(lives), starts at title \(startsAtTitle)"
  }
}
