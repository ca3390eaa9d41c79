/// A sprite sheet's atlas (`sprites.atlas`): one line per image, `name x y width height`, in
/// the sheet's pixels; blank lines and lines starting with `#` are skipped. An image's number
/// is its line's place among the images.
package enum SpriteAtlas {
  /// One image of the sheet.
  package struct Entry: Equatable, Sendable {
    package var name: String
    package var x: Int32
    package var y: Int32
    package var width: Int32
    package var height: Int32
  }

  /// A malformed atlas line: which line, and what was wrong.
  package struct Malformed: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var reason: String
    package var description: String { "sprites.atlas line \(line): \(reason)" }
  }

  /// The atlas's images in file order.
  package static func parse(_ text: String) throws(Malformed) -> [Entry] {
    var entries: [Entry] = []
    // `\r\n` is one Character, a newline like `\n`.
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (number, raw) in lines.enumerated() {
      let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      let text = String(raw.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
      if text.isEmpty || text.hasPrefix("#") { continue }
      let fields = text.split(separator: " ")
      guard fields.count == 5 else {
        throw Malformed(line: number + 1, reason: "expected `name x y width height`")
      }
      let numbers = fields.dropFirst().compactMap { Int32($0) }
      guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }) else {
        throw Malformed(line: number + 1, reason: "coordinates must be non-negative integers")
      }
      if entries.contains(where: { $0.name == fields[0] }) {
        throw Malformed(line: number + 1, reason: "image `\(fields[0])` is named twice")
      }
      entries.append(
        Entry(
          name: String(fields[0]), x: numbers[0], y: numbers[1], width: numbers[2],
          height: numbers[3]))
    }
    return entries
  }
}
