extension JSON {
  /// How a value is laid out as text. Each output keeps the layout it has always had, byte for
  /// byte: scripts, tests and Python read them, and old high-score books are compared as files.
  public struct Layout: Sendable {
    /// Between members and elements.
    let comma: String
    /// Between a key and its value.
    let colon: String
    /// One member or element a line, two spaces a level (else all on one line).
    let indents: Bool
    /// `/` as `\/`, backspace and form feed as `\b` and `\f`, as `JSONEncoder` writes them.
    let escapesAsFoundation: Bool

    /// `{"a":1,"b":[1,2]}`: the inspector's answers.
    public static let compact = Layout(
      comma: ",", colon: ":", indents: false, escapesAsFoundation: false)
    /// `{"a": 1, "b": [1, 2]}`: the lines the commands print, the C library's description.
    public static let spaced = Layout(
      comma: ", ", colon: ": ", indents: false, escapesAsFoundation: false)
    /// Foundation's `JSONEncoder` with `.prettyPrinted`: a member a line, two spaces a level,
    /// `"key" : value`, `/` as `\/`, an empty array as `[`, a blank line and `]`. The
    /// high-score book's layout: books written before it had its own codec stay byte for byte
    /// what a save writes now.
    public static let indented = Layout(
      comma: ",", colon: " : ", indents: true, escapesAsFoundation: true)
  }

  /// The value as JSON text in `layout`.
  public func text(_ layout: Layout = .spaced) -> String {
    var out = ""
    write(into: &out, layout, depth: 0)
    return out
  }

  /// `text` as a JSON string, quotes included: `"`, `\` and control characters escaped,
  /// everything else (any Unicode) as it is.
  public static func quoted(_ text: String, _ layout: Layout = .spaced) -> String {
    var out = ""
    quote(text, into: &out, layout)
    return out
  }

  private static func quote(_ text: String, into out: inout String, _ layout: Layout) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "/" where layout.escapesAsFoundation: out += "\\/"
      case "\u{8}" where layout.escapesAsFoundation: out += "\\b"
      case "\u{C}" where layout.escapesAsFoundation: out += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  private func write(into out: inout String, _ layout: Layout, depth: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let text): out += text
    case .string(let text): Self.quote(text, into: &out, layout)
    case .array(let items):
      Self.container("[", "]", items.count, into: &out, layout, depth: depth) { index, out in
        items[index].write(into: &out, layout, depth: depth + 1)
      }
    case .object(let members):
      Self.container("{", "}", members.count, into: &out, layout, depth: depth) { index, out in
        Self.quote(members[index].0, into: &out, layout)
        out += layout.colon
        members[index].1.write(into: &out, layout, depth: depth + 1)
      }
    }
  }

  private static func container(
    _ open: String, _ close: String, _ count: Int, into out: inout String, _ layout: Layout,
    depth: Int, element: (Int, inout String) -> Void
  ) {
    out += open
    guard layout.indents else {
      for index in 0..<count {
        if index > 0 { out += layout.comma }
        element(index, &out)
      }
      out += close
      return
    }
    let inner = String(repeating: "  ", count: depth + 1)
    // JSONEncoder writes an empty container as an open line, a blank one and the close.
    if count == 0 { out += "\n" }
    for index in 0..<count {
      out += (index > 0 ? layout.comma : "") + "\n" + inner
      element(index, &out)
    }
    out += "\n" + String(repeating: "  ", count: depth) + close
  }
}
