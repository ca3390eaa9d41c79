import GameCore

extension StateTree {
  /// The value at `path` in `state` as text (the tree's leaf text, or the description of a
  /// whole struct), without building the tree: what a scan over thousands of ticks compares.
  /// `nil` when no field has that path.
  ///
  /// Paths are the tree's: `ship.position.x`, `rocks[2].size`, `rocks.count`.
  public static func value(at path: String, in state: some Any) -> String? {
    probe(at: path, in: state)?.value
  }

  /// The value at `path` as ``value(at:in:)`` gives it, and for a value shown by its own
  /// description, its stored fields too: what a search for a change compares.
  static func probe(at path: String, in state: some Any) -> (value: String, exact: String?)? {
    guard let steps = Step.parse(path) else { return nil }
    var current: Any = state
    for step in steps {
      current = unwrapped(current) ?? current
      let mirror = Mirror(reflecting: current)
      switch step {
      case .index(let index):
        guard index >= 0, let element = mirror.children.dropFirst(index).first else {
          return nil
        }
        current = element.value
      case .label(let label):
        if let child = mirror.children.enumerated().first(where: {
          fieldLabel($0.element.label, index: $0.offset) == label
        }) {
          current = child.element.value
        } else if label == "count", isCollection(mirror) {
          return (String(mirror.children.count), nil)
        } else {
          return nil
        }
      }
    }
    if Mirror(reflecting: current).displayStyle == .optional {
      guard let wrapped = unwrapped(current) else { return ("nil", nil) }
      current = wrapped
    }
    let mirror = Mirror(reflecting: current)
    switch mirror.displayStyle {
    case .struct, .class, .tuple:
      if let text = shortDescription(current, mirror) { return (text, exactFields(mirror)) }
    default: break
    }
    return ("\(current)", nil)
  }

  /// The value inside an optional (following nested ones); `nil` for an empty optional or a
  /// value that is not optional.
  private static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return nil }
    guard let inner = mirror.children.first?.value else { return nil }
    return unwrapped(inner) ?? inner
  }

  private static func isCollection(_ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .collection, .set, .dictionary: true
    default: false
    }
  }

  /// One step of a path.
  enum Step: Equatable {
    case label(String)
    case index(Int)

    /// `a.b[2].c` as steps; `nil` for a malformed path (empty labels, a bad index).
    static func parse(_ path: String) -> [Step]? {
      guard !path.isEmpty, path.utf8.count <= 512 else { return nil }
      var steps: [Step] = []
      for part in path.split(separator: ".", omittingEmptySubsequences: false) {
        var rest = Substring(part)
        guard let open = rest.firstIndex(of: "[") ?? Optional(rest.endIndex) else { return nil }
        let label = rest[rest.startIndex..<open]
        if !label.isEmpty { steps.append(.label(String(label))) }
        rest = rest[open...]
        if label.isEmpty && rest.isEmpty { return nil }
        while !rest.isEmpty {
          guard rest.first == "[", let close = rest.firstIndex(of: "]"),
            let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
          else { return nil }
          steps.append(.index(index))
          rest = rest[rest.index(after: close)...]
        }
      }
      return steps
    }
  }
}
