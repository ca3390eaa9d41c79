import GameCore

/// A board kept as bit masks, written as flags a row at a time.
extension ObservationWriter {
  /// Writes `count` rows of `width` flags each: row `r`'s flags are bits `shift ..< shift +
  /// width` of `rows[r]`, the lowest first, 1 for a set bit and 0 for a clear one.
  ///
  /// The same features as ``writeFlags(_:count:)`` called on each row's bits in turn, but
  /// eight flags are copied at once from a table of every byte's flags (8 KiB, read-only), so
  /// a row of ten costs three loads and three stores; the tail of a row (`width % 8`) is
  /// copied exactly, four, two and one at a time, so nothing is written past the rows. A
  /// game that keeps its board as row masks for its collision tests reads 2 bytes a row
  /// instead of one per cell.
  ///
  /// ```swift
  /// // 20 rows of a 10-wide field whose column x is bit x + 3 of its row.
  /// rows.withUnsafeBufferPointer { features.writeFlags(rows: $0.baseAddress!, count: 20, width: 10, shift: 3) }
  /// ```
  ///
  /// - Precondition: `count` is not negative, `width` and `shift` are, and `shift + width`
  ///   is at most 16.
  @inlinable @inline(__always)
  public mutating func writeFlags(
    rows: UnsafePointer<UInt16>, count: Int, width: Int, shift: Int
  ) {
    precondition(
      count >= 0 && width >= 0 && shift >= 0 && shift + width <= 16,
      "writeFlags(rows:) writes rows of at most 16 bits, not \(width) from bit \(shift)")
    let table = UnsafeRawPointer(octets)
    var out = UnsafeMutableRawPointer(base + index)
    for row in 0..<count {
      var bits = UInt64(rows[row] &>> UInt16(truncatingIfNeeded: shift))
      var left = width
      while left >= 8 {
        Self.copyFlags(8, of: bits, table: table, to: out)
        out += 32
        bits &>>= 8
        left &-= 8
      }
      Self.copyFlags(left, of: bits, table: table, to: out)
      out += left &* 4
    }
    index &+= count &* width
  }

  /// Copies the flags of the low `count` bits of `bits` (`count` 0...8) to `target` from
  /// `table` (``flagOctets``): eight as two 16-byte copies, fewer as four, two and one, so
  /// nothing is written past them.
  @inlinable @inline(__always)
  static func copyFlags(
    _ count: Int, of bits: UInt64, table: UnsafeRawPointer, to target: UnsafeMutableRawPointer
  ) {
    let entry = table + Int(truncatingIfNeeded: bits & 0xFF) &* 32
    if count == 8 {
      target.storeBytes(of: entry.loadUnaligned(as: SIMD4<Float>.self), as: SIMD4<Float>.self)
      (target + 16).storeBytes(
        of: (entry + 16).loadUnaligned(as: SIMD4<Float>.self), as: SIMD4<Float>.self)
      return
    }
    var copied = 0
    if count & 4 != 0 {
      target.storeBytes(of: entry.loadUnaligned(as: SIMD4<Float>.self), as: SIMD4<Float>.self)
      copied = 16
    }
    if count & 2 != 0 {
      (target + copied).storeBytes(
        of: (entry + copied).loadUnaligned(as: UInt64.self), as: UInt64.self)
      copied &+= 8
    }
    if count & 1 != 0 {
      (target + copied).storeBytes(
        of: (entry + copied).loadUnaligned(as: UInt32.self), as: UInt32.self)
    }
  }
}

/// Every byte's eight flags as floats: entry `b` (32 bytes at `b * 8`) holds 1 in lane `i`
/// when bit `i` of `b` is set, 0 otherwise. Built once; never written after.
@usableFromInline
nonisolated(unsafe) let flagOctets: UnsafePointer<Float> = {
  let table = UnsafeMutablePointer<Float>.allocate(capacity: 256 * 8)
  for byte in 0..<256 {
    for bit in 0..<8 { table[byte * 8 + bit] = byte >> bit & 1 == 1 ? 1 : 0 }
  }
  return UnsafePointer(table)
}()
