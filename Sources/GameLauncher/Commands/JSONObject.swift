import GameCore
import GameFiles

/// A JSON object built member by member for `--json` output, printed in ``JSON``'s spaced
/// layout: `{"game": "pong", "seed": 1}`, keys in the order set.
struct JSONObject: CustomStringConvertible {
  private(set) var members: [(String, JSON)] = []

  mutating func set(_ key: String, _ value: Int) { members.append((key, .int(value))) }
  mutating func set(_ key: String, _ value: UInt64) { members.append((key, .int(value))) }
  mutating func set(_ key: String, _ value: Bool) { members.append((key, .bool(value))) }
  mutating func set(_ key: String, _ value: String) { members.append((key, .string(value))) }
  /// A number with `places` decimals (a ratio, nanoseconds), written as a JSON number.
  mutating func set(_ key: String, _ value: Double, places: Int = 3) {
    members.append((key, .number(Self.decimal(value, places: places))))
  }
  /// A mean with its fraction, written as a JSON number (`2.530`).
  mutating func set(_ key: String, _ value: Mean) {
    members.append((key, .number(value.description)))
  }
  mutating func setNull(_ key: String) { members.append((key, .null)) }
  mutating func set(_ key: String, _ value: Int?) { members.append((key, .optional(value))) }

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

  var description: String { JSON.object(members).text() }
}
