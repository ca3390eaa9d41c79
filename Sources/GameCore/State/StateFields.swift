/// Lists the fields of a value as `path = value` lines, by reflection, for desync reports.
///
/// Reflection (`Mirror`) needs nothing from the game: any state prints field by field. The
/// output is capped (depth, elements per collection, total lines) because a section such as
/// 10,000 rocks must not flood the terminal.
enum StateFields {
  static let maxDepth = 6
  static let maxElements = 8
  static let maxLines = 60

  /// The fields of the stored property `section` of `state`.
  static func describe(section: String, of state: some Any) -> [String] {
    let mirror = Mirror(reflecting: state)
    guard let child = mirror.children.first(where: { $0.label == section }) else {
      return ["(no stored property named \(section))"]
    }
    var lines: [String] = []
    walk(child.value, path: section, depth: 0, into: &lines)
    if lines.count > maxLines {
      let hidden = lines.count - maxLines
      lines.removeLast(hidden)
      lines.append("… \(hidden) more lines")
    }
    return lines
  }

  private static func walk(_ value: Any, path: String, depth: Int, into lines: inout [String]) {
    guard lines.count <= maxLines else { return }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first {
        walk(wrapped.value, path: path, depth: depth, into: &lines)
      } else {
        lines.append("\(path) = nil")
      }
    case .collection, .set, .dictionary:
      let count = mirror.children.count
      lines.append("\(path).count = \(count)")
      for (index, element) in mirror.children.prefix(maxElements).enumerated() {
        walk(element.value, path: "\(path)[\(index)]", depth: depth + 1, into: &lines)
      }
      if count > maxElements { lines.append("\(path)[\(maxElements)...] not shown") }
    case .struct, .class, .tuple:
      if mirror.children.isEmpty || depth >= maxDepth {
        lines.append("\(path) = \(value)")
        return
      }
      for (index, child) in mirror.children.enumerated() where !(child.value is any NotHashed) {
        let label = child.label ?? ".\(index)"
        walk(child.value, path: "\(path).\(label)", depth: depth + 1, into: &lines)
      }
    default:
      lines.append("\(path) = \(value)")
    }
  }
}
