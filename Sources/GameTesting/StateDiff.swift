/// Renders values as indented lines and diffs two renderings, for readable test failures.
///
/// A small cousin of swift-custom-dump: a `Mirror` walk, then a line diff (longest common
/// subsequence), so a failing step shows only the fields that differ, with their paths.
public enum StateDiff {
  /// The lines of `value`, one field per line, nested types indented.
  public static func lines(of value: Any) -> [String] {
    var lines: [String] = []
    render(value, label: nil, indent: 0, into: &lines)
    return lines
  }

  /// A diff of `expected` and `actual`: lines only in `expected` start with "−", lines only in
  /// `actual` with "+", and unchanged lines are shown only near changes. `nil` when they render
  /// the same.
  public static func diff(expected: Any, actual: Any, context: Int = 2) -> String? {
    let old = lines(of: expected)
    let new = lines(of: actual)
    guard old != new else { return nil }
    let script = editScript(old, new)
    var keep = [Bool](repeating: false, count: script.count)
    for (index, edit) in script.enumerated() where edit.mark != " " {
      for near in max(0, index - context)...min(script.count - 1, index + context) {
        keep[near] = true
      }
    }
    var output: [String] = []
    var skipped = false
    for (index, edit) in script.enumerated() {
      if keep[index] {
        output.append("\(edit.mark) \(edit.line)")
        skipped = false
      } else if !skipped {
        output.append("  …")
        skipped = true
      }
    }
    return output.joined(separator: "\n")
  }

  private static func render(_ value: Any, label: String?, indent: Int, into lines: inout [String])
  {
    let prefix = String(repeating: "  ", count: indent) + (label.map { "\($0): " } ?? "")
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct?, .class?, .tuple?:
      if mirror.children.isEmpty {
        lines.append(prefix + "\(type(of: value))()")
        return
      }
      lines.append(prefix + "\(typeName(value))(")
      for (index, child) in mirror.children.enumerated() {
        // "_shake" is the storage of a `@Drawn var shake`: shown by the property's name.
        let label = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
        render(child.value, label: label ?? ".\(index)", indent: indent + 1, into: &lines)
      }
      lines.append(String(repeating: "  ", count: indent) + ")")
    case .collection?, .set?:
      if mirror.children.isEmpty {
        lines.append(prefix + "[]")
        return
      }
      lines.append(prefix + "[")
      for (index, child) in mirror.children.enumerated() {
        render(child.value, label: "[\(index)]", indent: indent + 1, into: &lines)
      }
      lines.append(String(repeating: "  ", count: indent) + "]")
    case .dictionary?:
      // Sorted by rendering so the output does not depend on hash order.
      let entries = mirror.children.map { child -> [String] in
        var entry: [String] = []
        render(child.value, label: nil, indent: indent + 1, into: &entry)
        return entry
      }.sorted { $0.joined() < $1.joined() }
      lines.append(prefix + "[")
      for entry in entries { lines.append(contentsOf: entry) }
      lines.append(String(repeating: "  ", count: indent) + "]")
    case .optional?:
      if let child = mirror.children.first {
        render(child.value, label: label, indent: indent, into: &lines)
      } else {
        lines.append(prefix + "nil")
      }
    case .enum?:
      if let child = mirror.children.first {
        let name = child.label ?? "\(value)"
        lines.append(prefix + ".\(name)(")
        render(child.value, label: nil, indent: indent + 1, into: &lines)
        lines.append(String(repeating: "  ", count: indent) + ")")
      } else {
        lines.append(prefix + ".\(value)")
      }
    default:
      if let string = value as? String {
        lines.append(prefix + "\"\(string)\"")
      } else {
        lines.append(prefix + "\(value)")
      }
    }
  }

  private static func typeName(_ value: Any) -> String {
    String(describing: type(of: value))
  }

  private static func editScript(_ old: [String], _ new: [String]) -> [(
    mark: Character, line: String
  )] {
    // Longest common subsequence table, filled from the ends.
    let n = old.count
    let m = new.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] =
          old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var script: [(Character, String)] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        script.append((" ", old[i]))
        i += 1
        j += 1
      } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
        script.append(("−", old[i]))
        i += 1
      } else {
        script.append(("+", new[j]))
        j += 1
      }
    }
    return script
  }
}
