import GameCore

/// A JSON object with keys in insertion order, for `--json` output that diffs cleanly.
///
/// Hand-written (a few lines) rather than Foundation's encoder, which sorts or scrambles keys
/// and would pull Foundation into the app for one line of output.
struct JSONObject: CustomStringConvertible {
  private var members: [(String, String)] = []

  mutating func set(_ key: String, _ value: Int) { members.append((key, String(value))) }
  mutating func set(_ key: String, _ value: UInt64) { members.append((key, String(value))) }
  mutating func set(_ key: String, _ value: Bool) {
    members.append((key, value ? "true" : "false"))
  }
  mutating func set(_ key: String, _ value: String) { members.append((key, Self.quoted(value))) }
  /// A number with `places` decimals (a ratio, nanoseconds), written as a JSON number.
  mutating func set(_ key: String, _ value: Double, places: Int = 3) {
    members.append((key, Self.decimal(value, places: places)))
  }
  /// A mean with its fraction, written as a JSON number (`2.530`).
  mutating func set(_ key: String, _ value: Mean) { members.append((key, value.description)) }
  mutating func setNull(_ key: String) { members.append((key, "null")) }
  mutating func set(_ key: String, _ value: Int?) {
    if let value { set(key, value) } else { setNull(key) }
  }

  /// `value` rounded to `places` decimals, without Foundation's formatter: `1.047`.
  static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard places > 0 else { return sign + String(whole) }
    return sign + "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// Every metric as a member of its own: numbers as numbers, words as strings.
  mutating func set(_ metrics: [Metric]) {
    for metric in metrics {
      switch metric.value {
      case .number(let value): set(metric.name, value)
      case .text(let value): set(metric.name, value)
      }
    }
  }

  var description: String {
    "{" + members.map { "\(Self.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
