/// The collision test of the rules' own tick, from masks kept as constants.
extension Piece {
  /// ``rowMasks`` of `rotation` as one word: the box's row `i` (top first) in bits
  /// `16 i ..< 16 i + 16`, trailing empty rows 0.
  ///
  /// One switch over the 28 (piece, rotation) pairs, which the compiler turns into a table of
  /// constants, where `rowMasks`, an array of arrays of arrays made at run time, costs a call
  /// to `swift_once` and three dependent loads on each read. The tests check every entry
  /// against `rowMasks`.
  @inline(__always)
  func packedRows(_ rotation: Int) -> UInt64 {
    switch Int(rawValue) &* 4 &+ (rotation & 3) {
    case 0: 0x0000_0000_000F_0000  // I 0
    case 1: 0x0004_0004_0004_0004  // I 1
    case 2: 0x0000_000F_0000_0000  // I 2
    case 3: 0x0002_0002_0002_0002  // I 3
    case 4: 0x0000_0000_0006_0006  // O 0
    case 5: 0x0000_0000_0006_0006  // O 1
    case 6: 0x0000_0000_0006_0006  // O 2
    case 7: 0x0000_0000_0006_0006  // O 3
    case 8: 0x0000_0000_0007_0002  // T 0
    case 9: 0x0000_0002_0006_0002  // T 1
    case 10: 0x0000_0002_0007_0000  // T 2
    case 11: 0x0000_0002_0003_0002  // T 3
    case 12: 0x0000_0000_0003_0006  // S 0
    case 13: 0x0000_0004_0006_0002  // S 1
    case 14: 0x0000_0003_0006_0000  // S 2
    case 15: 0x0000_0002_0003_0001  // S 3
    case 16: 0x0000_0000_0006_0003  // Z 0
    case 17: 0x0000_0002_0006_0004  // Z 1
    case 18: 0x0000_0006_0003_0000  // Z 2
    case 19: 0x0000_0001_0003_0002  // Z 3
    case 20: 0x0000_0000_0007_0001  // J 0
    case 21: 0x0000_0002_0002_0006  // J 1
    case 22: 0x0000_0004_0007_0000  // J 2
    case 23: 0x0000_0003_0002_0002  // J 3
    case 24: 0x0000_0000_0007_0004  // L 0
    case 25: 0x0000_0006_0002_0002  // L 1
    case 26: 0x0000_0001_0007_0000  // L 2
    case 27: 0x0000_0002_0002_0003  // L 3
    default: 0  // not reached: 7 pieces × 4 rotations
    }
  }
}

extension Field {
  /// ``fits(_:_:x:y:)`` from ``Piece/packedRows(_:)``: the same answer for every piece,
  /// rotation and place (the tests compare the two), for the player's tick, which asks it a
  /// few times on every step of a training environment.
  ///
  /// The planners keep calling `fits`, which the compiler inlines into their search loops:
  /// this one, given to them, was left a call there and made the strong bot 5 % slower.
  @inline(__always)
  func fitsFast(_ piece: Piece, _ rotation: Int, x: Int, y: Int) -> Bool {
    guard x >= -3, x <= 12 else { return false }
    // The box's rows, top first, 16 bits each; the empty rows below the last are not tested
    // (an empty row fits anywhere).
    var masks = piece.packedRows(rotation)
    // In 32 bits, with everything right of the right wall taken: no cell shifts out unseen.
    let shift = UInt32(x + 3)
    var index = 0
    while masks != 0 {
      let mask = UInt32(truncatingIfNeeded: masks & 0xFFFF)
      if (UInt32(row(y - index)) | 0xFFFF_0000) & (mask << shift) != 0 { return false }
      masks >>= 16
      index += 1
    }
    return true
  }
}
