import Foundation
import Testing

@testable import GameCore
@testable import GameFiles

/// The one JSON codec: each layout byte for byte as the output it replaced, and a reader that
/// takes what JSON is and refuses what it is not.
@Suite struct JSONTests {
  static let escapes = "a/b \"q\" \\ \u{1}\u{8}\u{c}\n\r\t\u{1f} é 🎮 \u{7f} \u{2028}"

  @Test func theSpacedLayoutIsTheCommandsLine() {
    let value = JSON.object([
      ("seed", .int(UInt64.max)), ("mean", .number("2.530")), ("on", .bool(true)),
      ("none", .null), ("text", .string(Self.escapes)), ("list", .array([.int(1), .int(-2)])),
      ("empty", .object([])),
    ])
    #expect(
      value.text()
        == #"{"seed": 18446744073709551615, "mean": 2.530, "on": true, "none": null, "text": "#
        + #""a/b \"q\" \\ \u0001\u0008\u000c\n\r\t\u001f é 🎮 "# + "\u{7f} \u{2028}"
        + #"", "list": [1, -2], "empty": {}}"#)
  }

  @Test func theCompactLayoutIsTheInspectorsAnswer() {
    let value = JSON.object([
      ("tick", .int(3)), ("names", .array([.string("a"), .string("b")])),
      ("x", .optional(nil as Int?)),
    ])
    #expect(value.text(.compact) == #"{"tick":3,"names":["a","b"],"x":null}"#)
  }

  /// A value with its object keys sorted, as `JSONEncoder`'s `.sortedKeys` writes them.
  struct Sample: Encodable {
    var tables: [Table]
    var version: Int
    struct Table: Encodable {
      var empty: [Int]
      var entries: [Entry]
      var name: String
    }
    struct Entry: Encodable {
      var number: Int
      var text: String
    }

    var json: JSON {
      .object([
        (
          "tables",
          .array(
            tables.map { table in
              .object([
                ("empty", .array([])),
                (
                  "entries",
                  .array(
                    table.entries.map {
                      .object([("number", .int($0.number)), ("text", .string($0.text))])
                    })
                ), ("name", .string(table.name)),
              ])
            })
        ), ("version", .int(version)),
      ])
    }
  }

  @Test func theIndentedLayoutIsWhatJSONEncoderWrote() throws {
    var random = SplitMix64(seed: 29)
    let alphabet = Array(Self.escapes.unicodeScalars) + Array("xyz019 ,.:-_".unicodeScalars)
    func text() -> String {
      var out = String.UnicodeScalarView()
      for _ in 0..<Int(random.next() % 12) {
        out.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      return String(out)
    }
    for _ in 0..<50 {
      let sample = Sample(
        tables: (0..<Int(random.next() % 4)).map { _ in
          Sample.Table(
            empty: [],
            entries: (0..<Int(random.next() % 3)).map { _ in
              Sample.Entry(number: Int(bitPattern: UInt(random.next())), text: text())
            }, name: text())
        }, version: Int(random.next() % 3))
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let foundation = String(decoding: try encoder.encode(sample), as: UTF8.self)
      #expect(sample.json.text(.indented) == foundation)
      #expect(try JSON.parse(foundation) == sample.json)
    }
  }

  @Test func everyLayoutReadsBackToTheSameValue() throws {
    let value = JSON.object([
      ("a", .array([.null, .bool(false), .number("-0.5e+3"), .string(Self.escapes), .object([])])),
      ("", .object([("nested", .array([.array([])]))])),
    ])
    for layout in [JSON.Layout.compact, .spaced, .indented] {
      #expect(try JSON.parse(value.text(layout)) == value)
    }
  }

  @Test func theReaderTakesWhatJSONSerializationTakes() throws {
    let texts = [
      " \n\t{ \"a\" : [ 1 , 2.5 , -3e2 , true , false , null ] , \"b\" : \"\\ud83c\\udfae\\/\\b\" } \r\n",
      "[]", "0", "-0", "\"\"", "[[[]]]", "{\"k\": {\"k\": 1E-2}}",
    ]
    for text in texts {
      let value = try JSON.parse(text)
      // Each read by Foundation and written back with sorted keys: the same text.
      func canonical(_ text: String) throws -> Data {
        try JSONSerialization.data(
          withJSONObject: JSONSerialization.jsonObject(
            with: Data(text.utf8), options: .fragmentsAllowed),
          options: [.sortedKeys, .fragmentsAllowed])
      }
      #expect(try canonical(text) == canonical(value.text()), "\(text)")
    }
    #expect(try JSON.parse("\u{FEFF}{}") == .object([]), "a byte-order mark is skipped")
    #expect(try JSON.parse(#"{"a": 1, "a": 2}"#)["a"] == .int(1), "the first of two keys")
  }

  @Test(arguments: [
    "", "{", "{]", "[1,]", "{\"a\": 1,}", "01", "1.", ".5", "1e", "+1", "-", "tru", "nul",
    "\"\\q\"", "\"\\ud83c\"", "\"\\udfae\"", "\"\\u12\"", "\"\\u+123\"", "\"a\tb\"", "\"abc",
    "{} x", "{\"a\" 1}", "{1: 2}", "[1 2]", "NaN", "\"\u{0}\"",
  ])
  func whatIsNotJSONIsRefused(text: String) {
    #expect(throws: JSON.ParseError.self) { try JSON.parse(text) }
  }

  @Test func bytesThatAreNotUTF8AreRefused() {
    #expect(throws: JSON.ParseError.self) { try JSON.parse([0x22, 0xFF, 0x22]) }
  }

  @Test func nestingPastTheCapIsRefusedNotRecursedInto() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }
    #expect(try JSON.parse(nested(JSON.maxDepth)).text(.compact) == nested(JSON.maxDepth))
    #expect(throws: JSON.ParseError.self) { try JSON.parse(nested(JSON.maxDepth + 1)) }
    #expect(throws: JSON.ParseError.self) { try JSON.parse(String(repeating: "[", count: 100_000)) }
  }

  @Test func aNumberIsAnIntWhenItIsWholeAndFits() {
    #expect(JSON.number("12").intValue == 12)
    #expect(JSON.number("-9223372036854775808").intValue == Int.min)
    #expect(JSON.number("2.0").intValue == 2)
    #expect(JSON.number("1e2").intValue == 100)
    #expect(JSON.number("1.5").intValue == nil)
    #expect(JSON.number("9223372036854775808").intValue == nil)
    #expect(JSON.number("1e400").intValue == nil)
    #expect(JSON.string("12").intValue == nil)
  }

  @Test func anErrorSaysWhereTheTextStopsBeingJSON() {
    #expect(throws: JSON.ParseError(offset: 6, reason: "',' or ']' must follow an element")) {
      try JSON.parse("[1, 2 3]")
    }
  }
}
