import GameCore

/// The flat JSON objects the commands print (``JSONObject``): keys in order, values numbers or
/// strings.
enum FlatJSON {
  /// A number keeps its digits (a seed may exceed `Int`; a mean has a fraction); callers
  /// convert to what they need.
  enum Value: Equatable { case number(String), text(String) }

  static func parse(_ line: String) -> [(key: String, value: Value)]? {
    var scalars = Array(line.unicodeScalars)[...]
    func skipSpaces() { while scalars.first == " " { scalars.removeFirst() } }
    func string() -> String? {
      guard scalars.first == "\"" else { return nil }
      scalars.removeFirst()
      var out = String.UnicodeScalarView()
      while let scalar = scalars.first {
        scalars.removeFirst()
        switch scalar {
        case "\"": return String(out)
        case "\\":
          guard let escaped = scalars.first else { return nil }
          scalars.removeFirst()
          switch escaped {
          case "n": out.append("\n")
          case "r": out.append("\r")
          case "t": out.append("\t")
          case "u":
            let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
            guard hex.count == 4, let code = UInt32(hex, radix: 16),
              let value = Unicode.Scalar(code)
            else { return nil }
            scalars.removeFirst(4)
            out.append(value)
          default: out.append(escaped)
          }
        default: out.append(scalar)
        }
      }
      return nil
    }
    skipSpaces()
    guard scalars.popFirst() == "{" else { return nil }
    var members: [(key: String, value: Value)] = []
    while true {
      skipSpaces()
      if scalars.first == "}" { break }
      guard let key = string() else { return nil }
      skipSpaces()
      guard scalars.popFirst() == ":" else { return nil }
      skipSpaces()
      if scalars.first == "\"" {
        guard let text = string() else { return nil }
        members.append((key, .text(text)))
      } else {
        var digits = ""
        if scalars.first == "-" { digits.unicodeScalars.append(scalars.removeFirst()) }
        func takeDigits() -> Bool {
          var any = false
          while let scalar = scalars.first, ("0"..."9").contains(scalar), digits.utf8.count < 40 {
            digits.unicodeScalars.append(scalar)
            scalars.removeFirst()
            any = true
          }
          return any
        }
        guard takeDigits() else { return nil }
        // A mean keeps its fraction (`2.530`).
        if scalars.first == "." {
          digits.unicodeScalars.append(scalars.removeFirst())
          guard takeDigits() else { return nil }
        }
        members.append((key, .number(digits)))
      }
      skipSpaces()
      if scalars.first == "}" { break }
      guard scalars.popFirst() == "," else { return nil }
    }
    scalars.removeFirst()
    // Nothing may follow the object, and it must be the canonical form `JSONObject` writes.
    guard scalars.isEmpty, canonical(members) == line else { return nil }
    return members
  }

  /// `members` as ``JSONObject`` writes them.
  private static func canonical(_ members: [(key: String, value: Value)]) -> String {
    "{"
      + members.map { member in
        let value: String
        switch member.value {
        case .number(let digits): value = digits
        case .text(let text): value = JSONObject.quoted(text)
        }
        return JSONObject.quoted(member.key) + ": " + value
      }.joined(separator: ", ") + "}"
  }
}
