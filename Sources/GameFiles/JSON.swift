/// A JSON value: the engine's one JSON codec, for what the commands print, the inspector
/// serves, the C library describes and the high-score book keeps.
///
/// Objects keep their members in the order given, so output diffs cleanly and scripts can rely
/// on the key order; numbers keep their text, so a seed past `Int`'s range or a mean with its
/// three decimals (`2.530`) is written and read back digit for digit. Hand-written rather than
/// Foundation's `JSONEncoder`, which sorts or scrambles keys, prints numbers its own way and
/// would pull Foundation into every module that writes a line of JSON.
///
/// ```swift
/// let line = JSON.object([("seed", .int(7)), ("phase", .string("playing"))]).text()
/// // {"seed": 7, "phase": "playing"}
/// let value = try JSON.parse(line)
/// value["seed"]?.intValue  // 7
/// ```
public enum JSON: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number as its JSON text: `12`, `-3`, `2.530`, `1e5`.
  case number(String)
  case string(String)
  case array([JSON])
  /// Members in order; a reader takes the first of two with one key.
  case object([(String, JSON)])

  /// An integer as a JSON number.
  public static func int(_ value: some BinaryInteger) -> JSON { .number(String(value)) }
  /// A string, or null.
  public static func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }
  /// A number, or null.
  public static func optional(_ number: Int?) -> JSON { number.map { .int($0) } ?? .null }

  public static func == (left: JSON, right: JSON) -> Bool {
    switch (left, right) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The value of the first member named `key`, when this is an object that has one.
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSON]? {
    if case .array(let items) = self { items } else { nil }
  }

  /// The members in order, when this is an object.
  public var members: [(String, JSON)]? {
    if case .object(let members) = self { members } else { nil }
  }

  /// The number as an `Int` when it is a whole number in `Int`'s range: `12`, and, as
  /// Foundation's decoder read them, `12.0` and `1.2e1`; nil for `1.5`, a string or a number
  /// past 64 bits.
  public var intValue: Int? {
    guard case .number(let text) = self else { return nil }
    if let value = Int(text) { return value }
    guard let value = Double(text), value.isFinite, value == value.rounded(),
      value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0
    else { return nil }
    return Int(value)
  }
}
