import CSDL2
import Testing

@testable import GameRender

@Suite struct PNGEncoderTests {
  /// Decodes `png` with SDL_image and returns its pixels as 0xAARRGGBB words.
  func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt32]) {
    var bytes = png
    let surface = try #require(
      bytes.withUnsafeMutableBytes { raw in
        IMG_Load_RW(SDL_RWFromMem(raw.baseAddress, Int32(raw.count)), 1)
      })
    defer { SDL_FreeSurface(surface) }
    let argb = try #require(SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
    defer { SDL_FreeSurface(argb) }
    return (Int(argb.pointee.w), Int(argb.pointee.h), opaquePixels(of: argb))
  }

  @Test func aDecoderReadsBackEveryPixel() throws {
    // Flat areas (long matches), noise (literals), runs of every length, an odd width.
    let width = 301
    let height = 97
    var state: UInt64 = 18
    let pixels = (0..<width * height).map { index -> UInt32 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let x = index % width
      if x < 120 { return 0xFF00_0000 }
      if x < 200 { return 0xFF00_0000 | UInt32(x % 7) * 0x10_2030 }
      return 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40) & 0xFF_FFFF
    }
    let png = PNGEncoder.encode(argb: pixels, width: width, height: height)
    let decoded = try decode(png)
    #expect(decoded.width == width && decoded.height == height)
    #expect(decoded.pixels == pixels)
  }

  @Test func aBlackFrameIsSmall() throws {
    let pixels = [UInt32](repeating: 0xFF00_0000, count: 1280 * 720)
    let png = PNGEncoder.encode(argb: pixels, width: 1280, height: 720)
    #expect(png.count < 20_000)
    #expect(try decode(png).pixels == pixels)
  }
}
