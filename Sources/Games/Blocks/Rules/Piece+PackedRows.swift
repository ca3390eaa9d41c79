/// The collision test of the rules' own tick, from masks kept as constants.
extension Piece {
  /// ``rowMasks`` of `rotation` as one word, the other way up: the box's bottom row (row 3)
  /// in bits 0-15, its top row in bits 48-63, as the four field rows under it lie in memory,
  /// lowest first; leading empty rows 0.
  ///
  /// One switch over the 28 (piece, rotation) pairs, which the compiler turns into a table of
  /// constants, where `rowMasks`, an array of arrays of arrays made at run time, costs a call
  /// to `swift_once` and three dependent loads on each read. The tests check every entry
  /// against `rowMasks`.
  @inline(__always)
  func packedRowsBottomUp(_ rotation: Int) -> UInt64 {
    switch Int(rawValue) &* 4 &+ (rotation & 3) {
    case 0: 0x0000_000F_0000_0000  // I 0
    case 1: 0x0004_0004_0004_0004  // I 1
    case 2: 0x0000_0000_000F_0000  // I 2
    case 3: 0x0002_0002_0002_0002  // I 3
    case 4: 0x0006_0006_0000_0000  // O 0
    case 5: 0x0006_0006_0000_0000  // O 1
    case 6: 0x0006_0006_0000_0000  // O 2
    case 7: 0x0006_0006_0000_0000  // O 3
    case 8: 0x0002_0007_0000_0000  // T 0
    case 9: 0x0002_0006_0002_0000  // T 1
    case 10: 0x0000_0007_0002_0000  // T 2
    case 11: 0x0002_0003_0002_0000  // T 3
    case 12: 0x0006_0003_0000_0000  // S 0
    case 13: 0x0002_0006_0004_0000  // S 1
    case 14: 0x0000_0006_0003_0000  // S 2
    case 15: 0x0001_0003_0002_0000  // S 3
    case 16: 0x0003_0006_0000_0000  // Z 0
    case 17: 0x0004_0006_0002_0000  // Z 1
    case 18: 0x0000_0003_0006_0000  // Z 2
    case 19: 0x0002_0003_0001_0000  // Z 3
    case 20: 0x0001_0007_0000_0000  // J 0
    case 21: 0x0006_0002_0002_0000  // J 1
    case 22: 0x0000_0007_0004_0000  // J 2
    case 23: 0x0002_0002_0003_0000  // J 3
    case 24: 0x0004_0007_0000_0000  // L 0
    case 25: 0x0002_0002_0006_0000  // L 1
    case 26: 0x0000_0007_0001_0000  // L 2
    case 27: 0x0003_0002_0002_0000  // L 3
    default: 0  // not reached: 7 pieces × 4 rotations
    }
  }
}

extension Field {
  /// ``fits(_:_:x:y:)`` for the player's tick, which asks it a few times on every step of a
  /// training environment: the same answer for every piece, rotation and place (the tests
  /// compare the two).
  ///
  /// The four field rows under the piece's box are one 8-byte load (row `y - 3` lowest), and
  /// ``Piece/packedRowsBottomUp(_:)`` lies the same way, so the whole box is one AND. A cell
  /// shifted past the right wall (bit 16 or more of its row) lands on the next row's left
  /// wall, always set, and collides as it should; only the top row's would leave the word,
  /// and is tested on its own. Near the floor the rows below it are full; away from the field
  /// (the box's top below the floor or above the buffer) it tests row by row.
  ///
  /// The planners keep calling `fits`, which the compiler inlines into their search loops:
  /// a `fitsFast` given to them was left a call there and made the strong bot 5 % slower.
  @inline(__always)
  func fitsFast(_ piece: Piece, _ rotation: Int, x: Int, y: Int) -> Bool {
    guard x >= -3, x <= 12 else { return false }
    let shift = UInt64(x &+ 3)
    let window: UInt64
    if y >= 3 && y < Field.height {
      window = rows.withUnsafeBufferPointer {
        UnsafeRawPointer($0.baseAddress! + (y &- 3)).loadUnaligned(as: UInt64.self)
      }
    } else if y >= 0 && y < 3 {
      // Rows 0...3 moved up by the rows under the floor, which are full.
      let below = UInt64(3 &- y) &* 16
      let bottom = rows.withUnsafeBufferPointer {
        UnsafeRawPointer($0.baseAddress!).loadUnaligned(as: UInt64.self)
      }
      window = bottom << below | ((1 << below) &- 1)
    } else {
      return fitsRowByRow(piece, rotation, x: x, y: y)
    }
    let masks = piece.packedRowsBottomUp(rotation)
    if (masks >> 48) << shift > 0xFFFF { return false }
    return window & (masks << shift) == 0
  }

  /// ``fitsFast(_:_:x:y:)`` a row at a time, for boxes reaching below the floor or above
  /// the buffer.
  func fitsRowByRow(_ piece: Piece, _ rotation: Int, x: Int, y: Int) -> Bool {
    // The box's rows, top first from the word's top 16 bits; the empty rows below the last
    // are not tested (an empty row fits anywhere).
    var masks = piece.packedRowsBottomUp(rotation)
    // In 32 bits, with everything right of the right wall taken: no cell shifts out unseen.
    let shift = UInt32(x + 3)
    var index = 0
    while masks != 0 {
      let mask = UInt32(truncatingIfNeeded: masks >> 48)
      if (UInt32(row(y - index)) | 0xFFFF_0000) & (mask << shift) != 0 { return false }
      masks <<= 16
      index += 1
    }
    return true
  }
}
