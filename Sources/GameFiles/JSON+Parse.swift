extension JSON {
  /// Text that is not JSON, and where it stops being JSON.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    /// The byte (from 0) where the text stops being JSON.
    public var offset: Int
    /// What was found there.
    public var reason: String

    public var description: String { "not JSON at byte \(offset): \(reason)" }
  }

  /// Most arrays and objects one inside another: deeper text is refused rather than read
  /// with a recursion that hostile input could make overflow the stack.
  public static let maxDepth = 256

  /// The value `text` holds: one JSON value (RFC 8259), with white space around it and an
  /// optional byte-order mark before it, and nothing else.
  public static func parse(_ text: String) throws(ParseError) -> JSON {
    try parse(Array(text.utf8))
  }

  /// The value the UTF-8 `bytes` hold (see ``parse(_:)-(String)``); bytes that are not UTF-8
  /// are refused.
  public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
    var reader = Reader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("text after the value") }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    func failure(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

    var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      }
    }

    mutating func expect(_ word: String, _ value: JSON) throws(ParseError) -> JSON {
      guard bytes[index...].starts(with: word.utf8) else { throw failure("not a value") }
      index += word.utf8.count
      return value
    }

    mutating func value(depth: Int) throws(ParseError) -> JSON {
      guard depth < JSON.maxDepth else { throw failure("nested deeper than \(JSON.maxDepth)") }
      switch next {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try expect("true", .bool(true))
      case UInt8(ascii: "f"): return try expect("false", .bool(false))
      case UInt8(ascii: "n"): return try expect("null", .null)
      case nil: throw failure("the text ends where a value belongs")
      default: return .number(try number())
      }
    }

    mutating func object(depth: Int) throws(ParseError) -> JSON {
      var members: [(String, JSON)] = []
      try elements(closedBy: "}", of: "a member") { reader throws(ParseError) in
        guard reader.next == UInt8(ascii: "\"") else {
          throw reader.failure("a key must be a string")
        }
        let key = try reader.string()
        reader.skipSpace()
        guard reader.next == UInt8(ascii: ":") else {
          throw reader.failure("':' must follow a key")
        }
        reader.index += 1
        reader.skipSpace()
        members.append((key, try reader.value(depth: depth + 1)))
      }
      return .object(members)
    }

    mutating func array(depth: Int) throws(ParseError) -> JSON {
      var items: [JSON] = []
      try elements(closedBy: "]", of: "an element") { reader throws(ParseError) in
        items.append(try reader.value(depth: depth + 1))
      }
      return .array(items)
    }

    /// The elements of an array or the members of an object, from its opening bracket to
    /// `close`, separated by commas.
    mutating func elements(
      closedBy close: Unicode.Scalar, of what: String,
      _ element: (inout Reader) throws(ParseError) -> Void
    ) throws(ParseError) {
      index += 1
      skipSpace()
      if next == UInt8(ascii: close) {
        index += 1
        return
      }
      while true {
        skipSpace()
        try element(&self)
        skipSpace()
        switch next {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: close):
          index += 1
          return
        default: throw failure("',' or '\(close)' must follow \(what)")
        }
      }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as written.
    mutating func number() throws(ParseError) -> String {
      let start = index
      func digits(_ reader: inout Reader) -> Int {
        let first = reader.index
        while let byte = reader.next, (0x30...0x39).contains(byte) { reader.index += 1 }
        return reader.index - first
      }
      if next == UInt8(ascii: "-") { index += 1 }
      let leadingZero = next == UInt8(ascii: "0")
      let whole = digits(&self)
      guard whole > 0 else { throw failure("not a value") }
      guard !leadingZero || whole == 1 else { throw failure("a number may not start with 0") }
      if next == UInt8(ascii: ".") {
        index += 1
        guard digits(&self) > 0 else { throw failure("a digit must follow '.'") }
      }
      if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
        index += 1
        if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw failure("a digit must follow the exponent") }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func string() throws(ParseError) -> String {
      index += 1
      var out: [UInt8] = []
      while true {
        guard let byte = next else { throw failure("the text ends inside a string") }
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          guard let text = String(validating: out, as: UTF8.self) else {
            throw failure("a string that is not UTF-8")
          }
          return text
        case UInt8(ascii: "\\"):
          index += 1
          let escaped = next
          index += 1
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped!)
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"): out.append(contentsOf: String(try escapedScalar()).utf8)
          default:
            index -= 1
            throw failure("an unknown escape")
          }
        case 0..<0x20: throw failure("a control character inside a string")
        default:
          out.append(byte)
          index += 1
        }
      }
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair.
    mutating func escapedScalar() throws(ParseError) -> Unicode.Scalar {
      let high = try hex4()
      if (0xD800..<0xDC00).contains(high) {
        guard bytes[index...].starts(with: "\\u".utf8) else {
          throw failure("half a surrogate pair")
        }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("half a surrogate pair") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else { throw failure("half a surrogate pair") }
      return scalar
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard index + 4 <= bytes.count,
        let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
        bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
      else { throw failure("\\u must be followed by four hex digits") }
      index += 4
      return value
    }
  }
}
