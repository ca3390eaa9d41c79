/// The binary adaptive range coder of LZMA, decoding side; see ``RangeEncoder``.
///
/// Hostile input cannot make it trap: all arithmetic wraps, and reading past the coded bytes
/// throws ``ReplayError/corruptInputs(atTick:)``. Damaged bytes decode to garbage runs,
/// which the chunk decoder rejects by their lengths (and the record's CRC rejects first).
struct RangeDecoder {
  private let bytes: ArraySlice<UInt8>
  private var position: Int
  private var range: UInt32 = 0xFFFF_FFFF
  private var code: UInt32 = 0
  /// The chunk's first tick, for errors.
  let tick: Int

  init(_ bytes: ArraySlice<UInt8>, tick: Int) throws(ReplayError) {
    self.bytes = bytes
    self.position = bytes.startIndex
    self.tick = tick
    // The encoder's first byte is always zero (its cache starts empty).
    guard try next() == 0 else { throw .corruptInputs(atTick: tick) }
    for _ in 0..<4 { code = (code << 8) | UInt32(try next()) }
  }

  private mutating func next() throws(ReplayError) -> UInt8 {
    guard position < bytes.endIndex else { throw .corruptInputs(atTick: tick) }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func decode(probability: inout UInt16) throws(ReplayError) -> Bool {
    let bound = (range >> 11) &* UInt32(probability)
    let bit: Bool
    if code < bound {
      range = bound
      probability &+= ((1 << 11) &- probability) >> 5
      bit = false
    } else {
      code &-= bound
      range &-= bound
      probability &-= probability >> 5
      bit = true
    }
    while range < (1 << 24) {
      range <<= 8
      code = (code << 8) | UInt32(try next())
    }
    return bit
  }

  mutating func decodeDirect() throws(ReplayError) -> Bool {
    range >>= 1
    let bit = code >= range
    if bit { code &-= range }
    while range < (1 << 24) {
      range <<= 8
      code = (code << 8) | UInt32(try next())
    }
    return bit
  }
}
