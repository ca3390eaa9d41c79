import GameCore
import GameScene

/// The engine's high-score screens as shapes in frame pixels: the board a scene asks for
/// (``HighScoreBoard``) and the initials entry. Pure, so tests read them without a window.
package enum HighScoreOverlay {
  /// Height of one row of the list, per unit of the heading's scale.
  static let rowHeight: Float = 26
  static let shade = Color(0, 0, 0, alpha: 170)
  static let gold = Color(255, 214, 90)

  /// `board` filled in from `entries` (best first); with no entries at hand (nil: frame
  /// export, tests) only the game's own ``HighScoreBoard/best`` line, as written.
  package static func board(
    _ board: HighScoreBoard, entries: [HighScoreEntry]?, highlight: Int?, tick: Int,
    text: (Int) -> String, order: Ranking.Order
  ) -> [Shape] {
    var shapes: [Shape] = []
    if var best = board.best {
      if let entries, let top = entries.first {
        let value = board.current.map {
          Ranking(value: $0, order: order).beats(top.value) ? $0 : top.value
        } ?? top.value
        best.string = board.bestPrefix + text(value)
      }
      shapes.append(.text(best))
    }
    guard let heading = board.list, let entries else { return shapes }
    let scale = heading.scale
    let rows =
      entries.isEmpty
      ? ["NO SCORES YET"]
      : entries.enumerated().map { index, entry in
        // Values right-aligned, so the digits of a column of scores line up.
        let place = index + 1 < 10 ? " \(index + 1)" : "\(index + 1)"
        let widest = entries.map(\.text.count).max() ?? 0
        let value = String(repeating: " ", count: widest - entry.text.count) + entry.text
        return "\(place) \(entry.initials) \(value)"
      }
    // One width for every row, so a centred list keeps its columns.
    let width = rows.map(\.count).max() ?? 0
    let padded = rows.map { row in
      entries.isEmpty ? row : row + String(repeating: " ", count: width - row.count)
    }
    let boxWidth = (Float(max(width, heading.string.count)) * 16 + 32) * scale
    let left: Float =
      switch heading.alignment {
      case .left: heading.x - 16 * scale
      case .center: heading.x - boxWidth / 2
      case .right: heading.x - boxWidth + 16 * scale
      }
    let boxHeight = (Float(rows.count) + 1.6) * rowHeight * scale
    shapes.append(
      .rect(Rect(x: left, y: heading.y - 6 * scale, width: boxWidth, height: boxHeight, color: shade)))
    shapes.append(.text(heading))
    for (index, row) in padded.enumerated() {
      var line = heading
      line.string = row
      line.y = heading.y + (Float(index) + 1.4) * rowHeight * scale
      if index == highlight {
        line.color = tick / 16 % 2 == 0 ? gold : .white
      } else if entries.isEmpty {
        line.color.alpha = 150
      }
      shapes.append(.text(line))
    }
    return shapes
  }

  /// Where the initials entry sits in the frame: the middle, 660 × 290 pixels from
  /// (310, 220). A game's own game-over words read best above it (``HighScoreBoard``).
  package static let panel = Rect(
    x: Float(Scene.frameWidth) / 2 - 330, y: 220, width: 660, height: 290, color: .black)

  /// The initials entry for a game that took place `place` (0 is the top) with `text` on
  /// `table`: a panel in the middle of the frame, on an opaque box, so whatever the game
  /// draws there is hidden rather than showing through the letters.
  package static func entryPanel(
    place: Int, text: String, table: String, initials: InitialsEntry, tick: Int
  ) -> [Shape] {
    let centre = panel.x + panel.width / 2
    let top = panel.y
    var outline = panel
    outline.color = gold
    outline.filled = false
    var shapes: [Shape] = [
      .rect(panel),
      .rect(outline),
      .text(Text("NEW HIGH SCORE", x: centre, y: top + 20, scale: 2, alignment: .center, color: gold)),
    ]
    let on = table.isEmpty ? "" : " ON \(table.uppercased())"
    shapes.append(
      .text(Text("\(ordinal(place + 1)) PLACE\(on):  \(text)", x: centre, y: top + 82, alignment: .center)))
    // The letters, spaced out; the one under the cursor blinks.
    let letters = Array(initials.initials)
    for (index, letter) in letters.enumerated() {
      let x = centre + Float(index - 1) * 72
      let current = index == initials.cursor
      let color = current ? (tick / 12 % 2 == 0 ? gold : .white) : .white
      shapes.append(.text(Text(String(letter), x: x, y: top + 125, scale: 3, alignment: .center, color: color)))
      shapes.append(
        .rect(Rect(x: x - 24, y: top + 205, width: 48, height: 4, color: current ? gold : Color(120, 120, 120))))
    }
    // Three letters in: nothing is saved until the player says so.
    let grey = Color(170, 170, 170)
    let hints =
      initials.isFull
      ? [("ENTER (START) TO SAVE", gold), ("BACKSPACE TO GO BACK", grey)]
      : [
        ("TYPE YOUR INITIALS, OR UP/DOWN AND RIGHT", grey),
        ("ENTER TO CONFIRM, BACKSPACE TO GO BACK", grey),
      ]
    for (index, (hint, color)) in hints.enumerated() {
      shapes.append(
        .text(
          Text(
            hint, x: centre, y: top + 228 + Float(index) * 24, scale: 0.75, alignment: .center,
            color: color)))
    }
    return shapes
  }

  /// `1ST`, `2ND`, `3RD`, `4TH` … `10TH`.
  static func ordinal(_ number: Int) -> String {
    switch number {
    case 1: "1ST"
    case 2: "2ND"
    case 3: "3RD"
    default: "\(number)TH"
    }
  }
}
