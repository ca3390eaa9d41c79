import GameCore
import GameTraining

/// The field as an agent sees it: one feature a visible cell.
extension Field {
  /// Writes the 200 visible cells, row by row from the bottom, each 1 when filled.
  ///
  /// Read from the row masks the collision test keeps (2 bytes a row, already in the cache
  /// after a tick), eight cells at a time from a table: the colours (a byte a cell, touched
  /// only when a piece locks, so mostly out of the cache) were 4 misses a step.
  ///
  /// No array is held while the writer stores: the field comes through a pointer (a method
  /// called on `player.pointee.field` copied the field first), and its 20 visible rows are
  /// copied to the stack (40 bytes) before the stores. Holding the rows array across them
  /// (`rows.withUnsafeBufferPointer`) made the compiler retain and release the field's arrays
  /// around every observation, as it cannot tell the floats written from the array: atomic
  /// operations on headers out of the cache, a fifth to a third of a Blocks step from Python
  /// in `perf`, and 108 of its 1,228 instructions.
  @inline(__always)
  static func writeVisibleCells(
    of field: UnsafePointer<Field>, into features: inout ObservationWriter
  ) {
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: Field.visibleHeight) { visible in
      for y in 0..<Field.visibleHeight {
        visible.initializeElement(at: y, to: field.pointee.rows[y])
      }
      features.flags(
        rows: UnsafePointer(visible.baseAddress!), count: Field.visibleHeight, width: Field.width,
        shift: 3
      ) { x, y in ("cell_\(x)_\(y)", "1 when column \(x), row \(y) (0 bottom) is filled") }
    }
  }
}
