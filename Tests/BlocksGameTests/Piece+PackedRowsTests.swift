import Testing

@testable import BlocksGame

@Suite struct PiecePackedRowsTests {
  @Test func everyPackedRotationHoldsTheRowMasksTopRowFirst() {
    for piece in Piece.allCases {
      for rotation in -4..<8 {
        let masks = Piece.rowMasks[Int(piece.rawValue)][rotation & 3]
        var expected: UInt64 = 0
        for (index, mask) in masks.enumerated() { expected |= UInt64(mask) << UInt64(16 * index) }
        #expect(piece.packedRows(rotation) == expected, "\(piece) \(rotation)")
      }
    }
  }
}
