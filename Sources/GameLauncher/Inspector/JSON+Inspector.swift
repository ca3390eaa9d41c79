import GameCore
import GameFiles
import GameInspector

// The inspector's answers are ``JSON`` in its compact layout; these are the values it shows.

extension JSON {
  /// A state tree node: `name`, `path`, then `value` (a leaf) or `count` and `children`.
  init(_ node: StateTree.Node) {
    var members: [(String, JSON)] = [
      ("name", .string(node.name)), ("path", .string(node.path)),
    ]
    if let count = node.count { members.append(("count", .int(count))) }
    if node.children.isEmpty && node.count == nil {
      members.append(("value", .optional(node.value)))
      if let exact = node.exact { members.append(("exact", .string(exact))) }
    } else {
      members.append(("children", .array(node.children.map(JSON.init))))
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
