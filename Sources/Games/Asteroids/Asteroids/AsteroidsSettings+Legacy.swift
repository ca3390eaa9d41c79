import GameCore

/// Layout 1 of Asteroids' settings, written by hand before settings were declared: every
/// replay recorded until then holds it, and the state hash of every replay feeds it.
extension AsteroidsSettings {
  /// The first byte of a layout-1 header.
  public static let legacyLayout: UInt8 = 1
  /// Length of a layout-1 header.
  static let legacyCount = 7

  /// The settings in layout 1: version, flags (bit 0: rocks present, bit 1: starts at title),
  /// rocks as UInt32 little-endian, lives as UInt8. Out-of-range values are clamped into
  /// what the decoder accepts.
  ///
  /// > Important: rules versions 1 and 2 hashed the settings as these bytes
  /// > (``legacyHash``): changing them, no replay of those versions would verify.
  public var legacyBytes: [UInt8] {
    let rockCount = UInt32(min(max(rocks ?? 0, 0), Self.maxRocks))
    let flags: UInt8 = (rocks == nil ? 0 : 1) | (startsAtTitle ? 2 : 0)
    return [
      Self.legacyLayout, flags,
      UInt8(truncatingIfNeeded: rockCount), UInt8(truncatingIfNeeded: rockCount >> 8),
      UInt8(truncatingIfNeeded: rockCount >> 16), UInt8(truncatingIfNeeded: rockCount >> 24),
      UInt8(min(max(lives, 1), Self.maxLives)),
    ]
  }

  /// The settings section's hash under rules versions 1 and 2: the layout-1 bytes.
  var legacyHash: UInt64 {
    legacyBytes.reduce(into: StableHasher()) { $0.combine($1) }.finalized
  }

  /// Decodes layout-1 bytes, treating them as hostile: every byte is checked.
  ///
  /// - Throws: ``SettingsBytesError`` naming the offset of the first bad byte.
  public init(legacyBytes bytes: [UInt8]) throws(SettingsBytesError) {
    guard bytes.first == Self.legacyLayout else {
      throw .unsupportedLayout(found: bytes.first ?? 0, supported: Self.legacyLayout)
    }
    guard bytes.count >= Self.legacyCount else {
      throw .truncated(setting: bytes.count < 6 ? "rocks" : "lives", atOffset: bytes.count)
    }
    guard bytes.count == Self.legacyCount else { throw .trailingBytes(atOffset: Self.legacyCount) }
    let flags = bytes[1]
    guard flags & ~3 == 0 else {
      throw .invalidValue(setting: "rocks and title", atOffset: 1, reason: "flags \(flags) over 3")
    }
    let rockCount = Int(bytes[2]) | Int(bytes[3]) << 8 | Int(bytes[4]) << 16 | Int(bytes[5]) << 24
    guard rockCount <= Self.maxRocks, flags & 1 == 1 || rockCount == 0 else {
      throw .invalidValue(
        setting: "rocks", atOffset: 2,
        reason: rockCount > Self.maxRocks
          ? "\(rockCount) is outside 0...\(Self.maxRocks)" : "absent rocks written as \(rockCount)")
    }
    let lives = Int(bytes[6])
    guard (1...Self.maxLives).contains(lives) else {
      throw .invalidValue(
        setting: "lives", atOffset: 6, reason: "\(lives) is outside 1...\(Self.maxLives)")
    }
    self.init(rocks: flags & 1 == 1 ? rockCount : nil, lives: lives, startsAtTitle: flags & 2 != 0)
  }
}
