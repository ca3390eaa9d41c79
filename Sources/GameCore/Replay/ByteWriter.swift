/// Appends little-endian integers and LEB128 varints to a byte array: the encoder's only output.
package struct ByteWriter {
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func u8(_ value: UInt8) { bytes.append(value) }

  package mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  package mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  package mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// Unsigned LEB128: seven bits a byte, low bits first, high bit set on all but the last.
  package mutating func varint(_ value: Int) {
    precondition(value >= 0, "replay varints are never negative")
    var rest = UInt64(value)
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  package mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}
