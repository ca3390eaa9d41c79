import Testing

@testable import BlocksGame

@Suite struct PiecePackedRowsBottomUpTests {
  @Test func theBottomUpWordHoldsTheRowMasksBottomRowFirst() {
    for piece in Piece.allCases {
      for rotation in -4..<8 {
        let masks = Piece.rowMasks[Int(piece.rawValue)][rotation & 3]
        var expected: UInt64 = 0
        for (index, mask) in masks.enumerated() {
          expected |= UInt64(mask) << UInt64(16 * (3 - index))
        }
        #expect(piece.packedRowsBottomUp(rotation) == expected, "\(piece) \(rotation)")
      }
    }
  }
}

@Suite struct FieldFitsFastTests {
  @Test func theTicksTestAnswersAsFitsForEveryPieceRotationAndPlace() {
    let fields = [
      Field(), Field(["#########.", ".#########", "#.#.#.#.#."]),
      Field(["..........", "....##....", "...####...", "#.########", "##########"]),
      // Blocks up to the top of the buffer, a different pattern each row.
      Field((0..<Field.height).map { row in
        String((0..<Field.width).map { (row * 7 + $0 * 3) % 5 == 0 ? "#" : "." })
      }),
    ]
    for field in fields {
      for piece in Piece.allCases {
        for rotation in -1..<5 {
          for x in -6..<16 {
            for y in -3..<44 {
              let fast = field.fitsFast(piece, rotation, x: x, y: y)
              #expect(
                fast == field.fits(piece, rotation, x: x, y: y), "\(piece) \(rotation) at \(x), \(y)")
            }
          }
        }
      }
    }
  }
}
