/// Options fixed at the start of a game that change how it plays: a replay's header carries
/// them (``encoded``) to rebuild the start exactly.
///
/// The decoder treats its bytes as hostile: a replay is a file somebody sent you.
public protocol GameSettings: Equatable, Sendable {
  /// The game as a player starts it in the window (a title screen first, say).
  init()
  /// The game as a headless run starts it (`simulate`, `sweep`, `bench`): straight into play.
  static var headless: Self { get }

  /// The settings as bytes for a replay header (at most 4,096).
  var encoded: [UInt8] { get }
  /// Decodes ``encoded`` bytes, checking every one.
  init(encoded: [UInt8]) throws

  /// The options `--set NAME=VALUE` accepts, with a line of help each.
  static var options: [(name: String, help: String)] { get }
  /// Applies `--set name=value`; throws ``SettingError`` for an unknown name or a bad value.
  mutating func set(_ name: String, to value: String) throws(SettingError)
}

extension GameSettings {
  public static var options: [(name: String, help: String)] { [] }
  public mutating func set(_ name: String, to value: String) throws(SettingError) {
    throw .unknown(name, known: [])
  }
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

/// The settings of a game that has none: encoded as zero bytes.
public struct NoSettings: GameSettings, StableHashable {
  public init() {}
  public static var headless: NoSettings { NoSettings() }
  public var encoded: [UInt8] { [] }
  public init(encoded: [UInt8]) throws {
    guard encoded.isEmpty else { throw SettingError.invalid("settings", value: "\(encoded.count) bytes", reason: "this game has no settings") }
  }
  public func stableHash(into hasher: inout StableHasher) {}
}
