import Foundation
import Testing

@testable import GameRender

/// Golden images go to PNG and come back pixel for pixel.
@Suite struct GoldenImageTests {
  @Test func aPNGRoundTripKeepsEveryPixelAndItsWidth() throws {
    let width = 7
    let pixels: [UInt32] = (0..<(width * 5)).map { (index: Int) -> UInt32 in
      let red = UInt32(index * 37 % 256) << 16
      let green = UInt32(index * 91 % 256) << 8
      return 0xFF00_0000 | red | green | UInt32(index * 13 % 256)
    }
    let path = NSTemporaryDirectory() + "golden-image-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try GoldenImage.save(pixels, width: width, to: path)
    let loaded = try #require(GoldenImage.load(path))
    #expect(loaded.width == width)
    #expect(loaded.pixels == pixels)
  }

  @Test func aMissingFileLoadsAsNothing() {
    #expect(GoldenImage.load("/nonexistent/golden.png") == nil)
  }
}
