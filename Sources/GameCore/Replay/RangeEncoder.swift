/// The binary adaptive range coder of LZMA (Igor Pavlov's design), encoding side.
///
/// Each yes/no decision is coded with an 11-bit probability that adapts after every use
/// (shift 5), so a decision that almost always goes the same way costs a few hundredths of a
/// bit. That is what lets a replay spend well under a byte per run of held buttons: the
/// models in ``InputRunModel`` give the coder a probability for every bit of every run.
struct RangeEncoder {
  private var low: UInt64 = 0
  private var range: UInt32 = 0xFFFF_FFFF
  private var cache: UInt8 = 0
  private var cacheSize = 1
  private(set) var bytes: [UInt8] = []

  /// The probability every adaptive bit starts from: one half of 2^11.
  static let initialProbability: UInt16 = 1 << 10

  mutating func encode(_ bit: Bool, probability: inout UInt16) {
    let bound = (range >> 11) &* UInt32(probability)
    if bit {
      low &+= UInt64(bound)
      range &-= bound
      probability &-= probability >> 5
    } else {
      range = bound
      probability &+= ((1 << 11) &- probability) >> 5
    }
    while range < (1 << 24) {
      range <<= 8
      shiftLow()
    }
  }

  /// A bit with a fixed probability of one half (no model).
  mutating func encodeDirect(_ bit: Bool) {
    range >>= 1
    if bit { low &+= UInt64(range) }
    while range < (1 << 24) {
      range <<= 8
      shiftLow()
    }
  }

  /// Writes out the last bytes; the encoder must not be used afterwards.
  mutating func finish() -> [UInt8] {
    for _ in 0..<5 { shiftLow() }
    return bytes
  }

  private mutating func shiftLow() {
    if low < 0xFF00_0000 || low >= (1 << 32) {
      let carry = UInt8(truncatingIfNeeded: low >> 32)
      var pending = cache
      repeat {
        bytes.append(pending &+ carry)
        pending = 0xFF
        cacheSize -= 1
      } while cacheSize != 0
      cache = UInt8(truncatingIfNeeded: low >> 24)
    }
    cacheSize += 1
    low = (low & 0x00FF_FFFF) << 8
  }
}
