/// Reads little-endian integers and varints from a byte array, checking every bound.
///
/// Every read either returns a value that lies entirely inside `bytes[..<end]` or throws
/// ``ReplayError/truncated(atOffset:)`` naming the offset where the field started. Offsets are
/// absolute within the file, so errors point at the byte a hex dump shows.
package struct ByteReader {
  package let bytes: [UInt8]
  package private(set) var offset: Int
  /// One past the last byte this reader may touch (the end of the file or of one record).
  package let end: Int

  package init(_ bytes: [UInt8], from offset: Int = 0, end: Int? = nil) {
    self.bytes = bytes
    self.offset = offset
    self.end = min(end ?? bytes.count, bytes.count)
  }

  package var remaining: Int { max(0, end - offset) }
  package var isAtEnd: Bool { offset >= end }

  package mutating func u8() throws(ReplayError) -> UInt8 {
    guard offset < end else { throw .truncated(atOffset: offset) }
    defer { offset += 1 }
    return bytes[offset]
  }

  package mutating func u16() throws(ReplayError) -> UInt16 {
    UInt16(try fixed(2))
  }

  package mutating func u32() throws(ReplayError) -> UInt32 {
    UInt32(try fixed(4))
  }

  package mutating func u64() throws(ReplayError) -> UInt64 {
    try fixed(8)
  }

  private mutating func fixed(_ count: Int) throws(ReplayError) -> UInt64 {
    guard remaining >= count else { throw .truncated(atOffset: offset) }
    var value: UInt64 = 0
    for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * index) }
    offset += count
    return value
  }

  /// An unsigned LEB128 value no greater than `limit`; `field` names it in errors.
  package mutating func varint(_ field: String, limit: Int) throws(ReplayError) -> Int {
    let start = offset
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try u8()
      // Ten bytes carry 70 bits; anything longer, or spilling past 63 bits, is hostile.
      guard shift < 63 else { throw .invalidValue(field: field, atOffset: start) }
      let payload = UInt64(byte & 0x7F)
      guard (payload << shift) >> shift == payload else {
        throw .invalidValue(field: field, atOffset: start)
      }
      value |= payload << shift
      if byte & 0x80 == 0 {
        // Canonical only: a last byte of 0 after others is padding (0x80 0x00 for 0), which
        // the writer never produces; accepting it would let two files mean one replay.
        if byte == 0 && shift > 0 { throw .invalidValue(field: field, atOffset: start) }
        break
      }
      shift += 7
    }
    guard value <= UInt64(limit) else {
      throw .countBeyondLimit(
        field: field, claimed: value > UInt64(Int.max) ? Int.max : Int(value), limit: limit,
        atOffset: start)
    }
    return Int(value)
  }

  /// `count` raw bytes; the caller has already checked `count` against a limit.
  package mutating func take(_ count: Int) throws(ReplayError) -> ArraySlice<UInt8> {
    guard count >= 0, remaining >= count else { throw .truncated(atOffset: offset) }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }
}
