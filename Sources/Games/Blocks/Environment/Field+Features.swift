import GameCore

/// The field as an agent sees it: one feature a visible cell.
extension Field {
  /// Writes the 200 visible cells, row by row from the bottom, each 1 when filled.
  ///
  /// Read from the colours (nonzero: filled), eight at a time: a loop over the row masks'
  /// bits was measured slower.
  func writeVisibleCells(into features: inout ObservationWriter) {
    cells.withUnsafeBufferPointer { cells in
      features.writeFlags(nonzero: cells.baseAddress!, count: Field.visibleHeight * Field.width)
    }
  }
}
