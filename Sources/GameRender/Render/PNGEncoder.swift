import GameCore

/// A fast PNG encoder for game frames: RGB, one IDAT, deflate with fixed Huffman codes whose
/// only matches repeat the previous pixel (distance 3).
///
/// SDL_image's encoder (libpng at its default level) spends 40 to 60 ms on a 1280 × 720 frame,
/// which made every frame the inspector serves slower than the 50 ms a seek is allowed. Game
/// frames are mostly flat colour, so "same as the pixel before, for 258 bytes" is nearly all the
/// compression they need: this one takes a few milliseconds and its files are of the same
/// order as libpng's. Any PNG decoder reads them (the tests decode them with SDL_image, and the
/// browser test with Chromium).
package enum PNGEncoder {
  /// The PNG of `pixels` (0xAARRGGBB words, row by row; alpha is dropped).
  package static func encode(argb pixels: [UInt32], width: Int, height: Int) -> [UInt8] {
    precondition(width > 0 && height > 0 && pixels.count == width * height, "pixel count")
    // Scanlines: a filter byte (0, none) and R, G, B per pixel.
    let stride = 1 + width * 3
    var raw = [UInt8](repeating: 0, count: stride * height)
    raw.withUnsafeMutableBufferPointer { out in
      pixels.withUnsafeBufferPointer { source in
        for y in 0..<height {
          var at = y * stride + 1
          for x in 0..<width {
            let pixel = source[y * width + x]
            out[at] = UInt8(truncatingIfNeeded: pixel >> 16)
            out[at + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
            out[at + 2] = UInt8(truncatingIfNeeded: pixel)
            at += 3
          }
        }
      }
    }
    var header: [UInt8] = []
    append(UInt32(width), to: &header)
    append(UInt32(height), to: &header)
    header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filters, not interlaced
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    chunk("IHDR", header, into: &png)
    chunk("IDAT", zlib(raw), into: &png)
    chunk("IEND", [], into: &png)
    return png
  }

  /// `data` as a zlib stream: header, one fixed-Huffman deflate block, Adler-32.
  static func zlib(_ data: [UInt8]) -> [UInt8] {
    var bits = BitWriter()
    bits.bytes.reserveCapacity(data.count / 8 + 64)
    bits.bytes += [0x78, 0x01]
    bits.write(1, count: 1)  // the final block
    bits.write(1, count: 2)  // fixed Huffman codes
    data.withUnsafeBufferPointer { input in
      let count = input.count
      var index = 0
      while index < count {
        var run = 0
        if index >= 3 {
          while run < 258 && index + run < count && input[index + run] == input[index + run - 3] {
            run += 1
          }
        }
        if run >= 3 {
          bits.length(run)
          bits.writeCode(2, length: 5)  // distance 3
          index += run
        } else {
          bits.literal(Int(input[index]))
          index += 1
        }
      }
    }
    bits.literal(256)
    bits.flush()
    var a: UInt32 = 1
    var b: UInt32 = 0
    data.withUnsafeBufferPointer { input in
      // 5,552 bytes is the most that can be summed before the sums must be reduced.
      var start = 0
      while start < input.count {
        let end = min(input.count, start + 5_552)
        for index in start..<end {
          a &+= UInt32(input[index])
          b &+= a
        }
        a %= 65_521
        b %= 65_521
        start = end
      }
    }
    append(b << 16 | a, to: &bits.bytes)
    return bits.bytes
  }

  static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
    append(UInt32(data.count), to: &png)
    let typed = Array(type.utf8) + data
    png += typed
    var crc = CRC32()
    crc.update(typed)
    append(crc.value, to: &png)
  }

  static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant
/// bit first.
struct BitWriter {
  var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var used = 0

  /// The length symbols 257...285: (base length, extra bits), RFC 1951 3.2.5.
  static let lengths: [(base: Int, extra: Int)] = [
    (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 1), (13, 1), (15, 1),
    (17, 1), (19, 2), (23, 2), (27, 2), (31, 2), (35, 3), (43, 3), (51, 3), (59, 3), (67, 4),
    (83, 4), (99, 4), (115, 4), (131, 5), (163, 5), (195, 5), (227, 5), (258, 0),
  ]
  /// For each length 3...258, its symbol's index in ``lengths``.
  static let symbolOfLength: [UInt8] = (0...258).map { length in
    guard length >= 3 else { return 0 }
    return UInt8(lengths.lastIndex { $0.base <= length }!)
  }

  mutating func write(_ value: UInt32, count: Int) {
    buffer |= UInt64(value) << UInt64(used)
    used += count
    while used >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      used -= 8
    }
  }

  /// A Huffman code of `length` bits, most significant bit first.
  mutating func writeCode(_ code: UInt32, length: Int) {
    var reversed: UInt32 = 0
    for bit in 0..<length { reversed |= (code >> UInt32(bit) & 1) << UInt32(length - 1 - bit) }
    write(reversed, count: length)
  }

  /// The fixed code of each literal/length symbol 0...287, bits already reversed for
  /// ``write(_:count:)``, and its length.
  static let literalCodes: [(bits: UInt32, count: Int)] = (0...287).map { symbol in
    let (code, length): (Int, Int) =
      switch symbol {
      case 0...143: (0x30 + symbol, 8)
      case 144...255: (0x190 + symbol - 144, 9)
      case 256...279: (symbol - 256, 7)
      default: (0xC0 + symbol - 280, 8)
      }
    var reversed: UInt32 = 0
    for bit in 0..<length { reversed |= UInt32(code >> bit & 1) << UInt32(length - 1 - bit) }
    return (reversed, length)
  }

  /// A literal byte or the end of block (256), in the fixed code.
  mutating func literal(_ symbol: Int) {
    let code = Self.literalCodes[symbol]
    write(code.bits, count: code.count)
  }

  /// A match length, 3...258: its symbol and extra bits.
  mutating func length(_ length: Int) {
    let index = Int(Self.symbolOfLength[length])
    literal(257 + index)
    let (base, extra) = Self.lengths[index]
    if extra > 0 { write(UInt32(length - base), count: extra) }
  }

  /// Writes the last partial byte.
  mutating func flush() {
    if used > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    buffer = 0
    used = 0
  }
}
