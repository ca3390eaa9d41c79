import GameFiles
import GameScene
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import GameAssets

/// The BMP reader: the forms it reads, and one sentence for every form or file it does not.
@Suite struct BMPImageTests {
  /// A BMP of `width` × `height` `pixels` (0xAARRGGBB, top row first) in one of four forms.
  enum Form { case v4Bitfields, bitfieldsAfterInfoHeader, rgb32, rgb24 }
  static func file(
    _ pixels: [UInt32], width: Int, height: Int, form: Form, topDown: Bool = false
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    func u16(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func u32(_ value: UInt32) { bytes += (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    let headerSize = form == .v4Bitfields ? 108 : 40
    let masks = form == .bitfieldsAfterInfoHeader ? 12 : 0
    let bytesPerPixel = form == .rgb24 ? 3 : 4
    let stride = (width * bytesPerPixel + 3) / 4 * 4
    let offset = 14 + headerSize + masks
    bytes += [0x42, 0x4D]
    u32(UInt32(offset + stride * height))
    u32(0)
    u32(UInt32(offset))
    u32(UInt32(headerSize))
    u32(UInt32(width))
    u32(UInt32(bitPattern: Int32(topDown ? -height : height)))
    u16(1)
    u16(bytesPerPixel * 8)
    u32(form == .v4Bitfields || form == .bitfieldsAfterInfoHeader ? 3 : 0)
    u32(UInt32(stride * height))
    u32(2835)
    u32(2835)
    u32(0)
    u32(0)
    if form == .v4Bitfields {
      for mask: UInt32 in [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000] { u32(mask) }
      bytes += [UInt8](repeating: 0, count: 108 - 56)
    } else if form == .bitfieldsAfterInfoHeader {
      for mask: UInt32 in [0xFF_0000, 0xFF00, 0xFF] { u32(mask) }
    }
    for row in 0..<height {
      let source = topDown ? row : height - 1 - row
      var written = 0
      for column in 0..<width {
        let pixel = pixels[source * width + column]
        if bytesPerPixel == 4 {
          u32(pixel)
        } else {
          bytes += [UInt8(pixel & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel >> 16 & 0xFF)]
        }
        written += bytesPerPixel
      }
      bytes += [UInt8](repeating: 0, count: stride - written)
    }
    return bytes
  }

  let picture: [UInt32] = [0x80FF_0000, 0xFF00_FF00, 0x0000_00FF, 0x1234_5678, 0xFFFF_FFFF, 0]

  @Test(arguments: [false, true])
  func aV4SheetWithAlphaReadsAsItsPixelsTopRowFirst(topDown: Bool) throws {
    let image = try BMPImage(
      decoding: Self.file(picture, width: 3, height: 2, form: .v4Bitfields, topDown: topDown))
    #expect(image.width == 3 && image.height == 2 && image.pixels == picture)
  }

  @Test func masksAfterAnInfoHeaderHaveNoAlphaSoThePixelsAreOpaque() throws {
    let image = try BMPImage(
      decoding: Self.file(picture, width: 3, height: 2, form: .bitfieldsAfterInfoHeader))
    #expect(image.pixels == picture.map { $0 | 0xFF00_0000 })
  }

  @Test func twentyFourBitRowsArePaddedAndOpaque() throws {
    // 3 pixels of 3 bytes: rows of 9 bytes padded to 12.
    let image = try BMPImage(decoding: Self.file(picture, width: 3, height: 2, form: .rgb24))
    #expect(image.pixels == picture.map { $0 | 0xFF00_0000 })
  }

  @Test func thirtyTwoBitRGBKeepsItsAlphaUnlessEveryAlphaIsZero() throws {
    let kept = try BMPImage(decoding: Self.file(picture, width: 3, height: 2, form: .rgb32))
    #expect(kept.pixels == picture)
    let clear = picture.map { $0 & 0xFF_FFFF }
    let opaque = try BMPImage(decoding: Self.file(clear, width: 3, height: 2, form: .rgb32))
    #expect(opaque.pixels == clear.map { $0 | 0xFF00_0000 })
  }

  @Test func everyFileThatIsNotOneIsRefusedInOneSentence() {
    let good = Self.file(picture, width: 3, height: 2, form: .v4Bitfields)
    func with(_ at: Int, _ values: [UInt8]) -> [UInt8] {
      var bytes = good
      bytes.replaceSubrange(at..<at + values.count, with: values)
      return bytes
    }
    let cases: [(String, [UInt8])] = [
      ("empty", []),
      ("no magic", with(0, [0x50, 0x4E])),
      ("cut short", Array(good.prefix(good.count - 1))),
      ("header cut", Array(good.prefix(60))),
      ("zero width", with(18, [0, 0, 0, 0])),
      ("negative width", with(18, [0xFF, 0xFF, 0xFF, 0xFF])),
      ("huge height", with(22, [0xFF, 0xFF, 0xFF, 0x7F])),
      ("the most negative height", with(22, [0, 0, 0, 0x80])),
      ("8 bits, a palette", with(28, [8, 0])),
      ("16 bits", with(28, [16, 0])),
      ("run-length", with(30, [1, 0, 0, 0])),
      ("masks on 24 bits", with(28, [24, 0])),
      ("data offset past the end", with(10, [0xFF, 0xFF, 0xFF, 0x7F])),
      ("data offset inside the header", with(10, [20, 0, 0, 0])),
      ("a tiny header", with(14, [12, 0, 0, 0])),
      ("a header longer than the file", with(14, [0xFF, 0xFF, 0, 0])),
    ]
    for (name, bytes) in cases {
      do {
        _ = try BMPImage(decoding: bytes)
        Issue.record("\(name): decoded")
      } catch {
        let sentence = error.description
        #expect(sentence.hasPrefix("not a BMP this engine reads: "), "\(name): \(sentence)")
        #expect(!sentence.contains("\n"), "\(name)")
      }
    }
  }

  /// Every prefix and a bit flipped anywhere in a real sheet: decoded or refused, never a trap.
  @Test func noCutOrFlippedFileTraps() throws {
    let good = Self.file(picture, width: 3, height: 2, form: .v4Bitfields)
    for length in 0..<good.count { _ = try? BMPImage(decoding: Array(good.prefix(length))) }
    for index in good.indices {
      for bit in 0..<8 {
        var bytes = good
        bytes[index] ^= 1 << bit
        _ = try? BMPImage(decoding: bytes)
      }
    }
  }

  @Test func theEnginesOwnSheetsRead() throws {
    let engine = try AssetLocator.engineFolder()
    let font = try RasterAssets.image(engine + "/font.bmp")
    #expect(font.width == 256 && font.height == 144)
    #expect(font.pixels.contains { $0 >> 24 == 0xFF } && font.pixels.contains { $0 >> 24 == 0 })
  }

  @Test func aMissingOrMalformedFileIsNamed() throws {
    #expect(throws: FileError.self) { try RasterAssets.image("/nonexistent/font.bmp") }
    var template = Array("/tmp/bmp-image-XXXXXX".utf8CString)
    let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    defer { rmdir(folder) }
    let path = folder + "/notes.bmp"
    let file = try OutputFile(path: path)
    try file.write(Array("not a picture".utf8))
    try file.commit()
    defer { unlink(path) }
    do {
      _ = try RasterAssets.image(path)
      Issue.record("a text file decoded")
    } catch let error as AssetError {
      #expect(error.description == path + ": not a BMP this engine reads: no `BM` header")
    }
  }

}
