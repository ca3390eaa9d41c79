/// Options fixed at the start of a game that change how it plays, declared once
/// (``declared``): a replay's header carries them (``encoded``) to rebuild the start exactly,
/// and `--set NAME=VALUE`, the help of `games` and a fingerprint the game's tests pin all come
/// from the same declaration.
///
/// ```swift
/// public struct CatchSettings: GameSettings {
///   public var speed = 1
///   public init() {}
///   public static var headless: CatchSettings { CatchSettings() }
///   public static var declared: [Setting<CatchSettings>] {
///     [Setting("speed", \.speed, 1...4, help: "how fast the fruit falls")]
///   }
/// }
/// ```
///
/// The decoder treats its bytes as hostile: a replay is a file somebody sent you.
///
/// > Important: The declaration is a file format. Change a name, kind, range, default or the
/// > order, and raise the game's `version`; the test ``Game/settingsRecordProblem(version:fingerprint:)``
/// > gives a game's tests fails until you do.
public protocol GameSettings: Equatable, Sendable {
  /// The game as a player starts it in the window (a title screen first, say); every option's
  /// default is its value here.
  init()
  /// The game as a headless run starts it (`simulate`, `sweep`, `bench`): straight into play.
  static var headless: Self { get }

  /// The options, in the order of their bytes: see ``Setting``.
  static var declared: [Setting<Self>] { get }
  /// The first byte of ``encoded`` (1 unless the game once wrote another layout it still
  /// reads, as Asteroids does).
  static var layout: UInt8 { get }

  /// The settings as bytes for a replay header (at most 4,096): derived from ``declared``.
  var encoded: [UInt8] { get }
  /// Decodes ``encoded`` bytes, checking every one: derived from ``declared``. A game that
  /// still reads an older layout implements this, and calls ``init(declaredBytes:)`` for the
  /// current one.
  init(encoded: [UInt8]) throws
}

extension GameSettings {
  public static var layout: UInt8 { 1 }
  public var encoded: [UInt8] { declaredBytes }
  public init(encoded bytes: [UInt8]) throws { try self.init(declaredBytes: bytes) }
}

/// Why a `--set NAME=VALUE` option was refused.
public enum SettingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No option has this name.
  case unknown(String, known: [String])
  /// The value is not one the option takes.
  case invalid(String, value: String, reason: String)

  public var description: String {
    switch self {
    case .unknown(let name, let known):
      known.isEmpty
        ? "unknown setting '\(name)'; this game has no settings"
        : "unknown setting '\(name)'; known settings: \(known.joined(separator: ", "))"
    case .invalid(let name, let value, let reason):
      "bad value '\(value)' for setting '\(name)': \(reason)"
    }
  }
}

/// Why the settings bytes of a replay header were refused: the byte and the option it
/// belongs to.
public enum SettingsBytesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes end at `atOffset`, inside (or before) `setting`.
  case truncated(setting: String, atOffset: Int)
  /// The first byte names a layout this build does not read.
  case unsupportedLayout(found: UInt8, supported: UInt8)
  /// More bytes than the declaration has; `atOffset` is the first extra one.
  case trailingBytes(atOffset: Int)
  /// A byte of `setting` holds a value it cannot take.
  case invalidValue(setting: String, atOffset: Int, reason: String)

  /// One line for the user: which byte, which option, what is wrong.
  public var description: String {
    switch self {
    case .truncated(let setting, let offset):
      "the settings end at byte \(offset), inside setting '\(setting)'"
    case .unsupportedLayout(let found, let supported):
      "the settings are in layout \(found); this build reads layout \(supported)"
    case .trailingBytes(let offset):
      "the settings have extra bytes from byte \(offset)"
    case .invalidValue(let setting, let offset, let reason):
      "byte \(offset) of the settings, setting '\(setting)': \(reason)"
    }
  }
}

/// The settings of a game that has none: encoded as zero bytes.
public struct NoSettings: GameSettings, StableHashable {
  public init() {}
  public static var headless: NoSettings { NoSettings() }
  public static var declared: [Setting<NoSettings>] { [] }
}
