import GameCore
import GameInspector

/// A JSON value with object keys in the order given: the inspector's answers.
///
/// Hand-written for the same reason as ``JSONObject``: stable key order, no Foundation.
enum JSONValue {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// A string, or null.
  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  /// A number, or null.
  static func optional(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

  /// The value as compact JSON text.
  var text: String {
    var out = ""
    write(into: &out)
    return out
  }

  private func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .string(let value): out += JSONObject.quoted(value)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        out += JSONObject.quoted(key) + ":"
        value.write(into: &out)
      }
      out += "}"
    }
  }
}

extension JSONValue {
  /// A state tree node: `name`, `path`, then `value` (a leaf) or `count` and `children`.
  init(_ node: StateTree.Node) {
    var members: [(String, JSONValue)] = [
      ("name", .string(node.name)), ("path", .string(node.path)),
    ]
    if let count = node.count { members.append(("count", .int(count))) }
    if node.children.isEmpty && node.count == nil {
      members.append(("value", .optional(node.value)))
      if let exact = node.exact { members.append(("exact", .string(exact))) }
    } else {
      members.append(("children", .array(node.children.map(JSONValue.init))))
    }
    self = .object(members)
  }

  /// A metric: `name` and a number or a word as `value`.
  init(_ metric: Metric) {
    switch metric.value {
    case .number(let value):
      self = .object([("name", .string(metric.name)), ("value", .int(value))])
    case .text(let value):
      self = .object([("name", .string(metric.name)), ("value", .string(value))])
    }
  }
}
