import GameCore

/// Many flags at once: a board of cells, or one-hots packed as bits.
extension ObservationWriter {
  /// Writes the low `count` bits of `bits` as flags, the lowest bit first: 1 for a set bit,
  /// 0 for a clear one.
  ///
  /// The same features as `count` calls of ``write(_:)-(Bool)`` with the bits in order,
  /// eight at a time copied from a table of every byte's flags and the rest four, two and one
  /// at a time, inlined: a constant `count` leaves straight-line code with no branch, so
  /// several one-hots packed into one word cost a few loads and stores, where
  /// ``oneHot(_:count:)`` fills each with a call to `memset`.
  ///
  /// ```swift
  /// // The falling piece's kind (7) and rotation (4) as one-hots: 11 features.
  /// features.writeFlags(1 << kind | 1 << (7 + rotation), count: 11)
  /// ```
  ///
  /// - Precondition: `count` is 0...64.
  @inlinable @inline(__always)
  public mutating func writeFlags(_ bits: UInt64, count: Int) {
    precondition((0...64).contains(count), "writeFlags writes 0...64 flags, not \(count)")
    let table = UnsafeRawPointer(octets)
    let out = UnsafeMutableRawPointer(base + index)
    var written = 0
    var rest = bits
    while written &+ 8 <= count {
      Self.copyFlags(8, of: rest, table: table, to: out + written &* 4)
      rest &>>= 8
      written &+= 8
    }
    Self.copyFlags(count &- written, of: rest, table: table, to: out + written &* 4)
    index &+= count
  }

  /// Writes one flag for each of `count` bytes at `bytes`: 1 where the byte is not 0.
  ///
  /// The same features as `count` calls of ``write(_:)-(Bool)``, in one loop the compiler
  /// vectorises: no index is checked between the stores.
  ///
  /// - Precondition: `count` is not negative.
  @inlinable
  public mutating func writeFlags(nonzero bytes: UnsafePointer<UInt8>, count: Int) {
    precondition(count >= 0, "writeFlags writes 0 or more flags, not \(count)")
    let out = base + index
    for offset in 0..<count { out[offset] = bytes[offset] == 0 ? 0 : 1 }
    index += count
  }
}
