import GameCore

/// The field as an agent sees it: one feature a visible cell.
extension Field {
  /// Writes the 200 visible cells, row by row from the bottom, each 1 when filled.
  ///
  /// Read from the row masks, not from `cells`: a cell holds a block exactly when its bit in
  /// the row is set (``place(_:_:x:y:)``, ``clear(_:)`` and ``addGarbage(_:hole:)`` change
  /// both together), and the masks, 40 bytes the tick has just read, are still in the cache
  /// where the 400 bytes of colours may not be. Six rows of ten go into one 64-bit word,
  /// written as 60 flags at once.
  func writeVisibleCells(into features: inout ObservationWriter) {
    cells.withUnsafeBufferPointer { cells in
      features.writeFlags(nonzero: cells.baseAddress!, count: Field.visibleHeight * Field.width)
    }
  }
}
