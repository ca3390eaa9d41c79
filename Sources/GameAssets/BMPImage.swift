/// A BMP file's pixels, decoded without SDL: what the engine's sprite sheets and fonts are
/// stored as, for the grey and colour rasters of training environments (no SDL in a wheel)
/// and the window's textures alike.
///
/// Reads the forms image tools write for pictures with or without alpha: 24-bit and 32-bit
/// pixels, uncompressed (`BI_RGB`) or with channel masks (`BI_BITFIELDS`, the engine's own
/// sheets: a `BITMAPV4HEADER` with an alpha mask), rows bottom-up or top-down. A 32-bit
/// `BI_RGB` file whose alpha bytes are all zero is opaque, as SDL reads it. Anything else
/// (palettes, run-length compression, 16-bit pixels) is refused in one sentence, as is a file
/// whose numbers do not fit its length.
public struct BMPImage: Equatable, Sendable {
  /// Pixels across.
  public let width: Int
  /// Pixels down.
  public let height: Int
  /// The pixels, top row first, each a straight (not premultiplied) 0xAARRGGBB word: as SDL
  /// loads a BMP and converts it to `SDL_PIXELFORMAT_ARGB8888`.
  public let pixels: [UInt32]

  /// The largest side read: a sheet is a few thousand pixels, a hostile header is not.
  public static let maxSide = 16_384

  /// What is wrong with a BMP's bytes.
  public struct Malformed: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { "not a BMP this engine reads: \(reason)" }
  }

  /// Decodes `bytes`, a whole BMP file.
  public init(decoding bytes: [UInt8]) throws(Malformed) {
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> UInt32 {
      UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
        | UInt32(bytes[at + 3]) << 24
    }
    guard bytes.count >= 54, bytes[0] == 0x42, bytes[1] == 0x4D else {
      throw Malformed(reason: "no `BM` header")
    }
    let dataOffset = Int(u32(10))
    let headerSize = Int(u32(14))
    guard headerSize >= 40, 14 + headerSize <= bytes.count else {
      throw Malformed(reason: "a header of \(headerSize) bytes (40 or more, within the file)")
    }
    let width = Int(Int32(bitPattern: u32(18)))
    let signedHeight = Int(Int32(bitPattern: u32(22)))
    let height = abs(signedHeight)
    let bitsPerPixel = u16(28)
    let compression = u32(30)
    guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
      throw Malformed(reason: "\(width) × \(signedHeight) pixels (1 to \(Self.maxSide) a side)")
    }
    guard bitsPerPixel == 24 || bitsPerPixel == 32 else {
      throw Malformed(reason: "\(bitsPerPixel) bits a pixel (24 or 32)")
    }
    // Masks: red, green, blue, alpha. BI_BITFIELDS keeps them in a V2+ header or just after a
    // 40-byte one; BI_RGB is B, G, R (and for 32 bits A) bytes.
    var masks: (UInt32, UInt32, UInt32, UInt32) = (0xFF_0000, 0xFF00, 0xFF, 0)
    var alphaFromZeros = false
    switch compression {
    case 0:
      if bitsPerPixel == 32 {
        masks.3 = 0xFF00_0000
        alphaFromZeros = true
      }
    case 3, 6:
      guard bitsPerPixel == 32 else {
        throw Malformed(reason: "channel masks with \(bitsPerPixel) bits a pixel (32)")
      }
      let hasAlpha = headerSize >= 56 || compression == 6
      guard 54 + (hasAlpha ? 16 : 12) <= bytes.count else {
        throw Malformed(reason: "its channel masks are cut off")
      }
      masks = (u32(54), u32(58), u32(62), hasAlpha ? u32(66) : 0)
    default:
      throw Malformed(reason: "compression \(compression) with \(bitsPerPixel) bits a pixel")
    }
    let bytesPerPixel = bitsPerPixel / 8
    let stride = (width * bytesPerPixel + 3) / 4 * 4
    guard dataOffset >= 14 + headerSize, dataOffset <= bytes.count,
      stride * height <= bytes.count - dataOffset
    else {
      throw Malformed(
        reason: "\(width) × \(height) pixels need \(stride * height) bytes from offset "
          + "\(dataOffset); the file has \(bytes.count)")
    }
    let channels = [masks.0, masks.1, masks.2, masks.3].map(Channel.init)
    var pixels = [UInt32](repeating: 0, count: width * height)
    var anyAlpha = false
    for row in 0..<height {
      let source = dataOffset + (signedHeight > 0 ? height - 1 - row : row) * stride
      for column in 0..<width {
        let at = source + column * bytesPerPixel
        let word =
          bytesPerPixel == 4
          ? u32(at) : UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
        let alpha = channels[3].value(word, absent: 255)
        anyAlpha = anyAlpha || alpha != 0
        pixels[row * width + column] =
          alpha << 24 | channels[0].value(word, absent: 0) << 16
          | channels[1].value(word, absent: 0) << 8 | channels[2].value(word, absent: 0)
      }
    }
    if alphaFromZeros && !anyAlpha {
      for index in pixels.indices { pixels[index] |= 0xFF00_0000 }
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// One channel's mask: where its bits are and how many, scaled to 8 bits.
  private struct Channel {
    let mask: UInt32
    let shift: UInt32
    let maximum: UInt32

    init(_ mask: UInt32) {
      self.mask = mask
      shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
      maximum = mask >> shift
    }

    func value(_ word: UInt32, absent: UInt32) -> UInt32 {
      guard maximum > 0 else { return absent }
      let raw = (word & mask) >> shift
      guard maximum != 255 else { return raw }
      return UInt32((UInt64(raw) * 255 + UInt64(maximum) / 2) / UInt64(maximum))
    }
  }
}
