import GameCore
import Testing

@testable import GameScene

@Suite struct GrayscaleRasterTests {
  func drawn(_ scene: Scene, side: Int = 84) -> [UInt8] {
    var pixels = [UInt8](repeating: 7, count: side * side)
    pixels.withUnsafeMutableBufferPointer {
      GrayscaleRaster(width: side, height: side).draw(scene, into: $0.baseAddress!)
    }
    return pixels
  }

  @Test func theBackgroundFillsTheRasterAsItsGrey() {
    var scene = Scene(tick: 0)
    scene.background = Color(100, 100, 100)
    #expect(drawn(scene).allSatisfy { $0 == 100 })
  }

  @Test func aFilledRectCoversThePixelsUnderItAndATinyOneStillShows() {
    var scene = Scene(tick: 0, worldWidth: 84, worldHeight: 84)
    // An 84 × 84 world fits the 720-pixel height: its x squeezes to 84 × 720 / 1280.
    scene.world = [.rect(Rect(x: 0, y: 0, width: 84, height: 42, color: .white))]
    let pixels = drawn(scene)
    #expect(pixels[0 * 84 + 42] == 255 && pixels[41 * 84 + 42] == 255)
    #expect(pixels[43 * 84 + 42] == 0)
    var tiny = Scene(tick: 0)
    tiny.overlay = [.rect(Rect(x: 640, y: 360, width: 1, height: 1, color: .white))]
    #expect(drawn(tiny).filter { $0 == 255 }.count == 1)
  }

  @Test func linesAndPolygonOutlinesAreOnePixelWideAndTextIsLeftOut() {
    var scene = Scene(tick: 0)
    scene.overlay = [
      .line(Line(x1: 0, y1: 360, x2: 1279, y2: 360, color: .white)),
      .text(Text("SCORE", x: 640, y: 100, scale: 4, alignment: .center)),
    ]
    let pixels = drawn(scene)
    #expect((0..<84).allSatisfy { pixels[42 * 84 + $0] == 255 })
    #expect(pixels.filter { $0 == 255 }.count == 84)
  }

  @Test func halfTransparentColoursBlendAndShapesOffTheFrameAreClipped() {
    var scene = Scene(tick: 0)
    scene.overlay = [
      .rect(Rect(x: 0, y: 0, width: 1280, height: 720, color: Color(255, 255, 255, alpha: 51))),
      .rect(Rect(x: -5_000, y: 9_000, width: 10, height: 10, color: .white)),
      .line(Line(x1: -1e9, y1: 0, x2: 1e9, y2: .infinity, color: .white)),
    ]
    #expect(drawn(scene).allSatisfy { $0 == 51 })
  }
}
