/// One option of a game's settings, declared once: its name on the command line, a line of
/// help, its kind and range, and where it lives in the settings value.
///
/// A game lists its options in ``GameSettings/declared``; the engine derives from that list the
/// replay header's bytes (``GameSettings/encoded``), their hostile-input decoder, `--set
/// NAME=VALUE`, the help `games` prints, and a fingerprint that a game's tests pin beside its
/// rules version (``Game/settingsRecordProblem(version:fingerprint:)``).
///
/// ```swift
/// public struct CatchSettings: GameSettings {
///   public var speed = 1
///   public var walls = false
///   public init() {}
///   public static var headless: CatchSettings { CatchSettings() }
///   public static var declared: [Setting<CatchSettings>] {
///     [
///       Setting("speed", \.speed, 1...4, help: "how fast the fruit falls"),
///       Setting("walls", \.walls, help: "the basket bounces off the sides"),
///     ]
///   }
/// }
/// ```
///
/// The default of each option is its value in `Settings()`. Kinds and their bytes, in
/// declaration order after one layout byte (``GameSettings/layout``):
/// - a whole number in a range: little-endian, in the fewest of 1, 2, 4 or 8 bytes that hold
///   the range (two's complement when the range reaches below zero); `--set n=12`;
/// - an optional whole number: a presence byte (0 or 1), then the number as above (zeros when
///   absent); `--set n=none` or a number;
/// - a flag (`Bool`): one byte, 0 or 1; `--set f=yes` or `no`;
/// - a choice (a ``SettingChoice`` enum): one byte, its raw value; `--set c=NAME`.
///
/// > Important: The order, names, kinds, ranges and defaults are the game's settings format:
/// > change any of them and raise the game's `version` (its fingerprint test says so). Help
/// > text and aliases may change freely.
public struct Setting<Settings> {
  /// The name `--set NAME=VALUE` takes, and the name errors give.
  public let name: String
  /// What the option does, in a few words (the range and default are added to it).
  public let help: String
  /// The kind, range and accepted values.
  let kind: Kind
  /// Bytes this option takes in ``GameSettings/encoded``.
  let width: Int
  /// The option's value in `settings` as `--set` takes it: `3`, `yes`, `marathon`, `none`.
  let text: (Settings) -> String
  /// Appends the option's bytes.
  let write: (Settings, inout [UInt8]) -> Void
  /// Reads the option's `width` bytes starting at `offset`, checking every one.
  let read: ([UInt8], Int, inout Settings) throws(SettingsBytesError) -> Void
  /// Applies a `--set` value.
  let parse: (String, inout Settings) throws(SettingError) -> Void

  /// What an option is, for its help line and the fingerprint.
  enum Kind {
    case number(ClosedRange<Int>)
    case optionalNumber(ClosedRange<Int>)
    case flag
    case choice([(name: String, raw: UInt8)])
  }
}

/// An enum a ``Setting`` offers by name: `--set mode=sprint`, one byte (its raw value) in the
/// replay header.
///
/// ```swift
/// public enum Mode: UInt8, CaseIterable, Sendable, SettingChoice {
///   case marathon, sprint
///   public var name: String { ["marathon", "sprint"][Int(rawValue)] }
/// }
/// ```
public protocol SettingChoice: RawRepresentable, CaseIterable where RawValue == UInt8 {
  /// Its name on the command line, in help and in errors.
  var name: String { get }
}

extension Setting {
  /// A whole number in `range`: `Setting("lives", \.lives, 1...99, help: "ships per game")`.
  public init(
    _ name: String, _ keyPath: WritableKeyPath<Settings, Int>, _ range: ClosedRange<Int>,
    help: String
  ) {
    let number = WholeNumber(range: range)
    self.init(
      name: name, help: help, kind: .number(range), width: number.width,
      text: { String($0[keyPath: keyPath]) },
      write: { number.write($0[keyPath: keyPath], to: &$1) },
      read: { bytes, offset, settings throws(SettingsBytesError) in
        settings[keyPath: keyPath] = try number.read(bytes, at: offset, setting: name)
      },
      parse: { value, settings throws(SettingError) in
        guard let parsed = Int(value), range.contains(parsed) else {
          throw .invalid(
            name, value: value, reason: "expected a whole number in \(number.rangeText)")
        }
        settings[keyPath: keyPath] = parsed
      })
  }

  /// A whole number in `range`, or none: `Setting("rocks", \.rocks, 0...100_000, help: ...)`.
  public init(
    _ name: String, _ keyPath: WritableKeyPath<Settings, Int?>, _ range: ClosedRange<Int>,
    help: String
  ) {
    let number = WholeNumber(range: range)
    self.init(
      name: name, help: help, kind: .optionalNumber(range), width: 1 + number.width,
      text: { $0[keyPath: keyPath].map(String.init) ?? "none" },
      write: { settings, bytes in
        let value = settings[keyPath: keyPath]
        bytes.append(value == nil ? 0 : 1)
        if let value {
          number.write(value, to: &bytes)
        } else {
          bytes.append(contentsOf: repeatElement(0, count: number.width))
        }
      },
      read: { bytes, offset, settings throws(SettingsBytesError) in
        switch bytes[offset] {
        case 1:
          settings[keyPath: keyPath] = try number.read(bytes, at: offset + 1, setting: name)
        case 0:
          if let stray = (offset + 1...offset + number.width).first(where: { bytes[$0] != 0 }) {
            throw .invalidValue(
              setting: name, atOffset: stray, reason: "an absent value must be written as zeros")
          }
          settings[keyPath: keyPath] = nil
        default:
          throw .invalidValue(
            setting: name, atOffset: offset, reason: "its presence byte must be 0 or 1")
        }
      },
      parse: { value, settings throws(SettingError) in
        if value == "none" {
          settings[keyPath: keyPath] = nil
          return
        }
        guard let parsed = Int(value), range.contains(parsed) else {
          throw .invalid(
            name, value: value, reason: "expected none or a whole number in \(number.rangeText)")
        }
        settings[keyPath: keyPath] = parsed
      })
  }

  /// A flag, `yes` or `no`: `Setting("title", \.startsAtTitle, help: "start at the title")`.
  public init(_ name: String, _ keyPath: WritableKeyPath<Settings, Bool>, help: String) {
    self.init(
      name: name, help: help, kind: .flag, width: 1,
      text: { $0[keyPath: keyPath] ? "yes" : "no" },
      write: { $1.append($0[keyPath: keyPath] ? 1 : 0) },
      read: { bytes, offset, settings throws(SettingsBytesError) in
        guard bytes[offset] <= 1 else {
          throw .invalidValue(setting: name, atOffset: offset, reason: "a flag is 0 or 1")
        }
        settings[keyPath: keyPath] = bytes[offset] == 1
      },
      parse: { value, settings throws(SettingError) in
        guard value == "yes" || value == "no" else {
          throw .invalid(name, value: value, reason: "expected yes or no")
        }
        settings[keyPath: keyPath] = value == "yes"
      })
  }

  /// One of an enum's cases by name: `Setting("mode", \.mode, help: "the game to play")`.
  /// `aliases` are further names `--set` accepts (`("bot", .normal)`); they are not recorded.
  public init<Choice: SettingChoice>(
    _ name: String, _ keyPath: WritableKeyPath<Settings, Choice>, help: String,
    aliases: [(name: String, choice: Choice)] = []
  ) {
    let choices = Choice.allCases.map { (name: $0.name, raw: $0.rawValue) }
    let accepted = choices.map(\.name) + aliases.map(\.name)
    self.init(
      name: name, help: help, kind: .choice(choices), width: 1,
      text: { $0[keyPath: keyPath].name },
      write: { $1.append($0[keyPath: keyPath].rawValue) },
      read: { bytes, offset, settings throws(SettingsBytesError) in
        guard let choice = Choice(rawValue: bytes[offset]) else {
          throw .invalidValue(
            setting: name, atOffset: offset,
            reason: "\(bytes[offset]) names none of \(Setting.list(choices.map(\.name)))")
        }
        settings[keyPath: keyPath] = choice
      },
      parse: { value, settings throws(SettingError) in
        guard
          let choice = Choice.allCases.first(where: { $0.name == value })
            ?? aliases.first(where: { $0.name == value })?.choice
        else { throw .invalid(name, value: value, reason: "expected \(Setting.list(accepted))") }
        settings[keyPath: keyPath] = choice
      })
  }

  /// `a, b or c`.
  static func list(_ names: [String]) -> String {
    names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}

/// A range's whole numbers as bytes: the fewest of 1, 2, 4 or 8 that hold it, little-endian.
struct WholeNumber {
  let range: ClosedRange<Int>
  let width: Int
  let signed: Bool

  init(range: ClosedRange<Int>) {
    self.range = range
    let signed = range.lowerBound < 0
    self.signed = signed
    width =
      [1, 2, 4].first { bytes in
        let bits = 8 * bytes
        return signed
          ? range.lowerBound >= -(1 << (bits - 1)) && range.upperBound < 1 << (bits - 1)
          : range.upperBound < 1 << bits
      } ?? 8
  }

  /// `1...99`.
  var rangeText: String { "\(range.lowerBound)...\(range.upperBound)" }

  /// Appends `value`, clamped into the range, so the encoder never writes what the decoder
  /// refuses.
  func write(_ value: Int, to bytes: inout [UInt8]) {
    let clamped = UInt64(bitPattern: Int64(min(max(value, range.lowerBound), range.upperBound)))
    for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: clamped >> (8 * index))) }
  }

  /// The number at `offset` (the caller has checked that `width` bytes are there).
  func read(_ bytes: [UInt8], at offset: Int, setting: String) throws(SettingsBytesError) -> Int {
    var raw: UInt64 = 0
    for index in 0..<width { raw |= UInt64(bytes[offset + index]) << (8 * index) }
    let shift = UInt64(64 - 8 * width)
    let value =
      signed ? Int(Int64(bitPattern: raw << shift) >> shift) : Int(truncatingIfNeeded: raw)
    // An unsigned 8-byte value over Int.max reads as negative, below any unsigned range.
    guard range.contains(value), signed || raw <= UInt64(range.upperBound) else {
      throw .invalidValue(
        setting: setting, atOffset: offset,
        reason: "\(signed ? String(value) : String(raw)) is outside \(rangeText)")
    }
    return value
  }
}
