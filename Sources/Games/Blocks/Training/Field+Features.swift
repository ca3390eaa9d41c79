import GameCore
import GameTraining

/// The field as an agent sees it: one feature a visible cell.
extension Field {
  /// Writes the 200 visible cells, row by row from the bottom, each 1 when filled.
  ///
  /// Read from the row masks the collision test keeps (2 bytes a row, already in the cache
  /// after a tick), eight cells at a time from a table: the colours (a byte a cell, touched
  /// only when a piece locks, so mostly out of the cache) were 4 misses a step.
  func writeVisibleCells(into features: inout ObservationWriter) {
    rows.withUnsafeBufferPointer { rows in
      features.flags(
        rows: rows.baseAddress!, count: Field.visibleHeight, width: Field.width, shift: 3
      ) { x, y in ("cell_\(x)_\(y)", "1 when column \(x), row \(y) (0 bottom) is filled") }
    }
  }
}
