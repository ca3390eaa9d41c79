import GameCore

/// A game's state as a tree of named fields, found by reflection: what the inspector shows.
///
/// It needs nothing from the game: `Mirror` names every stored property, as the desync report
/// does, and the paths are the report's (`ship.position.x`, `rocks[2].size`, `rocks.count`),
/// so a path read in a report finds its field in the inspector (a small value that describes
/// itself, such as a fixed-point number, is one field: the report's `ship.position.x.raw` is
/// within the inspector's `ship.position`). The tree is capped (depth,
/// elements shown per collection, nodes in all), because a section of 10,000 rocks must not
/// become a megabyte of JSON.
public struct StateTree: Equatable, Sendable {
  /// One field: a leaf holds a value, a struct or collection holds children.
  public struct Node: Equatable, Sendable {
    /// The field's label (`position`, `[2]`, `count`); the root's is empty.
    public var name: String
    /// The full path (`ship.position.x`); the root's is empty.
    public var path: String
    /// The value as text, for a leaf (and `nil` for an optional that is empty).
    public var value: String?
    /// The fields inside, in declaration order (elements in index order).
    public var children: [Node]
    /// For a collection: its element count (some elements may not be shown).
    public var count: Int?
    /// For a value shown by its own description: its stored fields (`raw: 41975808`), which
    /// changes compare too, since a description may round.
    public var exact: String? = nil
  }

  /// Caps on what is shown.
  public struct Limits: Equatable, Sendable {
    /// Levels below the root before a value is shown as text.
    public var maxDepth: Int
    /// Elements of one collection shown.
    public var maxElements: Int
    /// Nodes in the whole tree.
    public var maxNodes: Int

    /// Limits.
    public init(maxDepth: Int = 8, maxElements: Int = 64, maxNodes: Int = 4_000) {
      self.maxDepth = maxDepth
      self.maxElements = maxElements
      self.maxNodes = maxNodes
    }
  }

  /// The root, whose children are the state's top-level fields (its hash sections).
  public var root: Node
  /// True when a cap left fields out.
  public var truncated: Bool

  /// The tree of `state`.
  public init(of state: some Any, limits: Limits = Limits()) {
    var builder = Builder(limits: limits)
    root = builder.node(state, name: "", path: "", depth: 0)
    truncated = builder.truncated
  }

  /// Every leaf as `(path, value)`, depth first in declaration order; a collection also gives
  /// `path.count`, an empty optional `nil`. Two of these lists compare field by field.
  public var leaves: [(path: String, value: String)] {
    exactLeaves.map { ($0.path, $0.value) }
  }

  /// ``leaves`` with each self-described value's stored fields.
  var exactLeaves: [(path: String, value: String, exact: String?)] {
    var out: [(path: String, value: String, exact: String?)] = []
    func visit(_ node: Node) {
      if let count = node.count {
        out.append((StateTree.joinPath(node.path, "count"), String(count), nil))
      }
      if node.children.isEmpty, node.count == nil {
        out.append((node.path, node.value ?? "nil", node.exact))
      }
      for child in node.children { visit(child) }
    }
    visit(root)
    return out
  }

  /// A small value that describes itself (a fixed-point number, a vector, an angle) reads
  /// better as its description than as its raw fields: `640.5`, not `x.raw = 41975808`.
  static func shortDescription(_ value: Any, _ mirror: Mirror) -> String? {
    guard mirror.children.count <= 4, let value = value as? any CustomStringConvertible else {
      return nil
    }
    let text = value.description
    return text.count <= 80 ? text : nil
  }

  /// `label: value` of each stored field, nested fields in parentheses.
  static func exactFields(_ mirror: Mirror) -> String {
    mirror.children.enumerated().map { index, child in
      let inner = Mirror(reflecting: child.value)
      let text =
        inner.children.isEmpty || inner.displayStyle == .enum || inner.displayStyle == .optional
        ? "\(child.value)" : "(" + exactFields(inner) + ")"
      return StateTree.fieldLabel(child.label, index: index) + ": " + text
    }.joined(separator: ", ")
  }

  private struct Builder {
    let limits: Limits
    var nodes = 0
    var truncated = false

    mutating func node(_ value: Any, name: String, path: String, depth: Int) -> Node {
      nodes += 1
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .optional:
        guard let wrapped = mirror.children.first else {
          return Node(name: name, path: path, value: nil, children: [], count: nil)
        }
        nodes -= 1
        return node(wrapped.value, name: name, path: path, depth: depth)
      case .collection, .set, .dictionary:
        let count = mirror.children.count
        var children: [Node] = []
        for (index, element) in mirror.children.enumerated() {
          guard index < limits.maxElements, nodes < limits.maxNodes, depth < limits.maxDepth
          else {
            truncated = true
            break
          }
          children.append(
            node(element.value, name: "[\(index)]", path: path + "[\(index)]", depth: depth + 1))
        }
        return Node(name: name, path: path, value: nil, children: children, count: count)
      case .struct, .class, .tuple:
        if depth > 0, let text = StateTree.shortDescription(value, mirror) {
          return Node(
            name: name, path: path, value: text, children: [], count: nil,
            exact: StateTree.exactFields(mirror))
        }
        if mirror.children.isEmpty || depth >= limits.maxDepth || nodes >= limits.maxNodes {
          if !mirror.children.isEmpty { truncated = true }
          return Node(name: name, path: path, value: "\(value)", children: [], count: nil)
        }
        var children: [Node] = []
        for (index, child) in mirror.children.enumerated() {
          let label = StateTree.fieldLabel(child.label, index: index)
          children.append(
            node(child.value, name: label, path: StateTree.joinPath(path, label), depth: depth + 1))
        }
        return Node(name: name, path: path, value: nil, children: children, count: nil)
      default:
        return Node(name: name, path: path, value: "\(value)", children: [], count: nil)
      }
    }
  }
}

extension StateTree {
  /// `parent.label`, or `label` at the root.
  static func joinPath(_ parent: String, _ label: String) -> String {
    parent.isEmpty ? label : parent + "." + label
  }

  /// A child's label in a path: a tuple's unnamed `.0` is `0`, so paths split cleanly on dots.
  static func fieldLabel(_ label: String?, index: Int) -> String {
    guard let label else { return String(index) }
    // ".0" is a tuple's element; "_shake" the storage of a `@Drawn var shake`.
    return label.hasPrefix(".") || label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}
