/// A field as the attacking bot searches it: the rows only, walls built in as in ``Field``,
/// held inline (no heap), so trying thousands of placements a piece costs no allocation.
struct AttackBoard {
  var rows: InlineArray<40, UInt16> = .init(repeating: Field.emptyRow)

  init(_ field: Field) {
    for y in 0..<Field.height { rows[y] = field.rows[y] }
  }

  func row(_ y: Int) -> UInt16 {
    if y < 0 { return Field.fullRow }
    if y >= Field.height { return Field.emptyRow }
    return rows[y]
  }

  /// ``Piece/rowMasks`` flattened, four rows a rotation (empty rows 0), as 32-bit words:
  /// one lookup a row instead of three array hops.
  static let masks: [UInt32] = Piece.allCases.flatMap { piece in
    (0..<4).flatMap { rotation in
      let rows = Piece.rowMasks[Int(piece.rawValue)][rotation]
      return (0..<4).map { $0 < rows.count ? UInt32(rows[$0]) : 0 }
    }
  }

  /// As ``Field/fits(_:_:x:y:)``.
  func fits(_ piece: Piece, _ rotation: Int, x: Int, y: Int) -> Bool {
    Self.masks.withUnsafeBufferPointer { fits(piece, rotation, x: x, y: y, masks: $0) }
  }

  @inline(__always)
  func fits(
    _ piece: Piece, _ rotation: Int, x: Int, y: Int, masks: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    guard x >= -3, x <= 12 else { return false }
    let base = (Int(piece.rawValue) * 4 + (rotation & 3)) * 4
    let shift = UInt32(x + 3)
    for index in 0..<4 {
      let mask = masks[base + index]
      if mask != 0 && (UInt32(row(y - index)) | 0xFFFF_0000) & (mask << shift) != 0 {
        return false
      }
    }
    return true
  }

  /// The row `piece` comes to rest on, dropped from `y` (where it fits); `top` is the stack's
  /// height, above which nothing can stop it.
  func landing(_ piece: Piece, _ rotation: Int, x: Int, from y: Int, top: Int) -> Int {
    Self.masks.withUnsafeBufferPointer { masks in
      // The box's top row at `top + 3` puts every row of the box at or above the stack.
      var y = min(y, top + 3)
      while fits(piece, rotation, x: x, y: y - 1, masks: masks) { y -= 1 }
      return y
    }
  }

  /// As ``Field/isTaken(_:_:)``.
  func isTaken(_ x: Int, _ y: Int) -> Bool {
    guard (-3..<13).contains(x) else { return true }
    return row(y) & (1 << UInt16(x + 3)) != 0
  }

  /// Places `piece`, clears full rows; returns the rows cleared and whether the board is
  /// then empty (a perfect clear).
  mutating func place(_ piece: Piece, _ rotation: Int, x: Int, y: Int) -> (lines: Int, perfect: Bool) {
    let masks = Piece.rowMasks[Int(piece.rawValue)][rotation & 3]
    var low = Field.height
    var high = -1
    for index in masks.indices {
      let row = y - index
      guard row >= 0 && row < Field.height else { continue }
      rows[row] |= masks[index] << UInt16(x + 3)
      low = min(low, row)
      high = max(high, row)
    }
    var cleared = 0
    if high >= low {
      for row in low...high where rows[row] == Field.fullRow { cleared += 1 }
    }
    guard cleared > 0 else { return (0, false) }
    var kept = 0
    var perfect = true
    for row in 0..<Field.height where rows[row] != Field.fullRow {
      rows[kept] = rows[row]
      if rows[row] != Field.emptyRow { perfect = false }
      kept += 1
    }
    while kept < Field.height {
      rows[kept] = Field.emptyRow
      kept += 1
    }
    return (cleared, perfect)
  }

  /// The 3-corner rule of ``Player/spin(of:)`` for a T turned into (`rotation`, `x`, `y`) by
  /// kick number `kick`.
  func spin(rotation: Int, x: Int, y: Int, kick: Int) -> Clear.Spin {
    let cx = x + 1
    let cy = y - 1
    let taken = [
      isTaken(cx - 1, cy + 1), isTaken(cx + 1, cy + 1), isTaken(cx + 1, cy - 1),
      isTaken(cx - 1, cy - 1),
    ]
    guard taken.filter({ $0 }).count >= 3 else { return .none }
    let front = taken[rotation & 3] && taken[(rotation + 1) & 3]
    return front || kick == 4 ? .full : .mini
  }
}
