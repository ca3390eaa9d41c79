/// The collision masks as constants.
extension Piece {
  /// ``rowMasks`` of `rotation` as one word: the box's row `i` (top first) in bits
  /// `16 i ..< 16 i + 16`, trailing empty rows 0.
  ///
  /// What ``Field/fits(_:_:x:y:)`` tests, several times a tick: literals the compiler keeps
  /// in a table of its own, where `rowMasks`, an array of arrays of arrays made at run time,
  /// costs a call to `swift_once` and three dependent loads on each read. The tests check
  /// every entry against `rowMasks`.
  @inline(__always)
  func packedRows(_ rotation: Int) -> UInt64 {
    switch self {
    case .i: Piece.pick(rotation, 0x0000_0000_000F_0000, 0x0004_0004_0004_0004, 0x0000_000F_0000_0000, 0x0002_0002_0002_0002)
    case .o: 0x0000_0000_0006_0006
    case .t: Piece.pick(rotation, 0x0000_0000_0007_0002, 0x0000_0002_0006_0002, 0x0000_0002_0007_0000, 0x0000_0002_0003_0002)
    case .s: Piece.pick(rotation, 0x0000_0000_0003_0006, 0x0000_0004_0006_0002, 0x0000_0003_0006_0000, 0x0000_0002_0003_0001)
    case .z: Piece.pick(rotation, 0x0000_0000_0006_0003, 0x0000_0002_0006_0004, 0x0000_0006_0003_0000, 0x0000_0001_0003_0002)
    case .j: Piece.pick(rotation, 0x0000_0000_0007_0001, 0x0000_0002_0002_0006, 0x0000_0004_0007_0000, 0x0000_0003_0002_0002)
    case .l: Piece.pick(rotation, 0x0000_0000_0007_0004, 0x0000_0006_0002_0002, 0x0000_0001_0007_0000, 0x0000_0002_0002_0003)
    }
  }

  @inline(__always)
  private static func pick(_ rotation: Int, _ r0: UInt64, _ r1: UInt64, _ r2: UInt64, _ r3: UInt64) -> UInt64 {
    switch rotation & 3 {
    case 0: r0
    case 1: r1
    case 2: r2
    default: r3
    }
  }
}
