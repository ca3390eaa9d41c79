import GameCore

/// The playfield: 10 columns, 20 visible rows and 20 hidden above them, row 0 at the bottom.
///
/// Each row is a bit mask with the walls built in (bits 0-2 and 13-15 always set, column `x`
/// at bit `x + 3`), so a piece's row fits when its shifted mask and the row share no bit: one
/// AND a row, walls included. Colours (what kind of block each cell holds) are kept beside it
/// for drawing.
public struct Field: Equatable, StateValue, Sendable {
  public static let width = 10
  public static let height = 40
  public static let visibleHeight = 20
  /// A row holding nothing but its walls, and a full one.
  static let emptyRow: UInt16 = 0b1110_0000_0000_0111
  static let fullRow: UInt16 = 0xFFFF

  /// The rows, bottom first, walls included.
  public private(set) var rows = [UInt16](repeating: Field.emptyRow, count: Field.height)
  /// What each cell holds, row by row from the bottom: 0 empty, 1 + a `Piece`'s raw value, 8
  /// garbage.
  public private(set) var cells = [UInt8](repeating: 0, count: Field.width * Field.height)

  public init() {}

  /// The row `y` as a mask: below the floor everything is taken, above the buffer nothing but
  /// the walls.
  func row(_ y: Int) -> UInt16 {
    if y < 0 { return Field.fullRow }
    if y >= Field.height { return Field.emptyRow }
    return rows[y]
  }

  /// True when cell (`x`, `y`) is a wall, the floor or a block.
  public func isTaken(_ x: Int, _ y: Int) -> Bool {
    guard (-3..<13).contains(x) else { return true }
    return row(y) & (1 << UInt16(x + 3)) != 0
  }

  /// What cell (`x`, `y`) holds (0: empty); only inside the field.
  public func cell(_ x: Int, _ y: Int) -> UInt8 { cells[y * Field.width + x] }

  /// True when `piece` in `rotation` with its box's top-left at (`x`, `y`) overlaps nothing.
  public func fits(_ piece: Piece, _ rotation: Int, x: Int, y: Int) -> Bool {
    guard x >= -3, x <= 12 else { return false }
    let masks = Piece.rowMasks[Int(piece.rawValue)][rotation & 3]
    // In 32 bits, with everything right of the right wall taken: no cell shifts out unseen.
    let shift = UInt32(x + 3)
    for (index, mask) in masks.enumerated()
    where (UInt32(row(y - index)) | 0xFFFF_0000) & (UInt32(mask) << shift) != 0 {
      return false
    }
    return true
  }

  /// Writes `piece`'s cells into the field.
  public mutating func place(_ piece: Piece, _ rotation: Int, x: Int, y: Int) {
    for cell in piece.cells(rotation) {
      let column = x + cell.x
      let row = y - cell.y
      guard (0..<Field.height).contains(row), (0..<Field.width).contains(column) else { continue }
      rows[row] |= 1 << UInt16(column + 3)
      cells[row * Field.width + column] = piece.rawValue + 1
    }
  }

  /// The rows full from wall to wall, bottom first.
  public var fullRows: [Int] { rows.indices.filter { rows[$0] == Field.fullRow } }

  /// Removes `full` rows (bottom first) and lets everything above fall.
  public mutating func clear(_ full: [Int]) {
    guard !full.isEmpty else { return }
    var keptRows: [UInt16] = []
    var keptCells: [UInt8] = []
    keptRows.reserveCapacity(Field.height)
    keptCells.reserveCapacity(cells.count)
    for y in 0..<Field.height where !full.contains(y) {
      keptRows.append(rows[y])
      keptCells.append(contentsOf: cells[(y * Field.width)..<((y + 1) * Field.width)])
    }
    while keptRows.count < Field.height {
      keptRows.append(Field.emptyRow)
      keptCells.append(contentsOf: repeatElement(0, count: Field.width))
    }
    rows = keptRows
    cells = keptCells
  }

  /// Pushes `count` rows of garbage up from the bottom, each full but for column `hole`.
  /// Returns false when blocks were pushed out of the top of the buffer (a top-out).
  public mutating func addGarbage(_ count: Int, hole: Int) -> Bool {
    guard count > 0 else { return true }
    let overflow = rows.suffix(count).contains { $0 != Field.emptyRow }
    let garbage = Field.fullRow & ~(1 << UInt16(hole + 3))
    var garbageCells = [UInt8](repeating: 8, count: Field.width)
    garbageCells[hole] = 0
    rows = Array(repeating: garbage, count: count) + rows.dropLast(count)
    cells =
      Array([[UInt8]](repeating: garbageCells, count: count).joined())
      + cells.dropLast(count * Field.width)
    return !overflow
  }

  /// Column heights (the row above each column's highest block), for bots and stats.
  public var heights: [Int] {
    (0..<Field.width).map { x in
      var y = Field.height - 1
      while y >= 0 && rows[y] & (1 << UInt16(x + 3)) == 0 { y -= 1 }
      return y + 1
    }
  }

  /// A field built from text, top row first: `#` a block, anything else empty; for tests.
  public init(_ picture: [String]) {
    self.init()
    for (index, line) in picture.enumerated() {
      let y = picture.count - 1 - index
      for (x, mark) in line.enumerated() where mark == "#" && x < Field.width {
        rows[y] |= 1 << UInt16(x + 3)
        cells[y * Field.width + x] = 8
      }
    }
  }
}
