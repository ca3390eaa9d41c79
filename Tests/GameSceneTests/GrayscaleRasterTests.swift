import GameCore
import Testing

@testable import GameScene

@Suite struct GrayscaleRasterTests {
  func drawn(_ scene: Scene, side: Int = 84, assets: RasterAssets = RasterAssets()) -> [UInt8] {
    var pixels = [UInt8](repeating: 7, count: side * side)
    pixels.withUnsafeMutableBufferPointer {
      GrayscaleRaster(width: side, height: side, assets: assets).draw(scene, into: $0.baseAddress!)
    }
    return pixels
  }

  /// A sheet of one image: an opaque white bar `width` pixels wide along the top of a
  /// `side` × `side` image, the rest transparent.
  func bar(side: Int, width: Int) -> RasterAssets {
    var pixels = [UInt32](repeating: 0, count: side * side)
    for y in 0..<side / 4 { for x in 0..<width { pixels[y * side + x] = 0xFFFF_FFFF } }
    return RasterAssets(
      sprites: CoverageAtlas(images: [("bar", side, side, pixels)], headings: 64),
      font: CoverageAtlas(
        images: (0..<95).map { _ in
          ("glyph", 16, 24, [UInt32](repeating: 0xFFFF_FFFF, count: 16 * 24))
        }))
  }

  @Test func theBackgroundFillsTheRasterAsItsGrey() {
    var scene = Scene(tick: 0)
    scene.background = Color(100, 100, 100)
    #expect(drawn(scene).allSatisfy { $0 == 100 })
  }

  @Test func aFilledRectCoversThePixelsUnderItAndATinyOneShowsByItsShare() {
    var scene = Scene(tick: 0, worldWidth: 84, worldHeight: 84)
    // An 84 × 84 world fits the 720-pixel height: its x squeezes to 84 × 720 / 1280.
    scene.world = [.rect(Rect(x: 0, y: 0, width: 84, height: 42, color: .white))]
    let pixels = drawn(scene)
    #expect(pixels[0 * 84 + 42] == 255 && pixels[41 * 84 + 42] == 255)
    #expect(pixels[43 * 84 + 42] == 0)
    // A 4 × 4 frame-pixel square inside one raster pixel of 15.2 × 8.6: 16 / 130.6 of it.
    var tiny = Scene(tick: 0)
    tiny.overlay = [.rect(Rect(x: 200, y: 200, width: 4, height: 4, color: .white))]
    let lit = drawn(tiny).enumerated().filter { $0.element != 0 }
    #expect(lit.count == 1 && lit[0].element == 31)
  }

  @Test func linesLightTheirPixelsByTheShareTheyCover() {
    var scene = Scene(tick: 0)
    scene.overlay = [.line(Line(x1: 0, y1: 360, x2: 1279, y2: 360, color: .white))]
    let pixels = drawn(scene)
    // One frame row of the 8.57 a raster row covers: 255 / 8.57.
    #expect((0..<84).allSatisfy { pixels[42 * 84 + $0] == 30 })
    #expect(pixels.filter { $0 != 0 }.count == 84)
  }

  @Test func halfTransparentColoursBlendAndShapesOffTheFrameAreClipped() {
    var scene = Scene(tick: 0)
    scene.overlay = [
      .rect(Rect(x: 0, y: 0, width: 1280, height: 720, color: Color(255, 255, 255, alpha: 51))),
      .rect(Rect(x: -5_000, y: 9_000, width: 10, height: 10, color: .white)),
      .line(Line(x1: -1e9, y1: 0, x2: 1e9, y2: .infinity, color: .white)),
      .sprite(Sprite(id: 0, image: "bar", x: .nan, y: 3)),
      .text(Text("X", x: .infinity, y: 0)),
    ]
    #expect(drawn(scene, assets: bar(side: 64, width: 64)).allSatisfy { $0 == 51 })
  }

  @Test func spritesCoverTheirRealFootprintScaledAndTurned() {
    // A 128-pixel image whose top quarter (128 × 32) is white: 8.4 × 3.7 raster pixels.
    let assets = bar(side: 128, width: 128)
    var scene = Scene(tick: 0)
    scene.world = [.sprite(Sprite(id: 0, image: "bar", x: 640, y: 360))]
    let upright = drawn(scene, assets: assets)
    let total = { (pixels: [UInt8]) in pixels.reduce(0) { $0 + Int($1) } }
    // Its area, 4,096 frame pixels, over 130.6 each, times 255.
    #expect(abs(total(upright) - 4_096 * 255 * 84 * 84 / (1280 * 720)) < 300)
    // Above the centre, not below it.
    #expect(upright[36 * 84 + 42] == 255 && upright[44 * 84 + 42] == 0)
    scene.world = [.sprite(Sprite(id: 0, image: "bar", x: 640, y: 360, angle: .pi / 2))]
    let turned = drawn(scene, assets: assets)
    // Turned clockwise a quarter, the bar stands right of the centre.
    #expect(turned[42 * 84 + 45] == 255 && turned[42 * 84 + 38] == 0)
    scene.world = [.sprite(Sprite(id: 0, image: "bar", x: 640, y: 360, scale: 0.5))]
    #expect(abs(total(drawn(scene, assets: assets)) * 4 - total(upright)) < 1_200)
  }

  @Test func textIsDrawnFromTheFontsGlyphsTintedAndAligned() {
    // Solid glyphs: each character a 16 × 24 block, scaled.
    let assets = bar(side: 8, width: 8)
    var scene = Scene(tick: 0)
    scene.overlay = [
      .text(Text("AB", x: 640, y: 0, scale: 4, alignment: .center, color: Color(255, 0, 0)))
    ]
    let pixels = drawn(scene, assets: assets)
    // 128 × 96 frame pixels centred: columns 37.8...46.2, rows 0...11.2, red's grey 76.
    #expect(pixels[5 * 84 + 42] == 76 && pixels[5 * 84 + 36] == 0 && pixels[12 * 84 + 42] == 0)
    scene.overlay = [.text(Text(" ", x: 0, y: 0, scale: 4))]
    #expect(drawn(scene, assets: assets).allSatisfy { $0 == 0 })
  }

  @Test func withoutAssetsImagesAndTextAreLeftOut() {
    var scene = Scene(tick: 0)
    scene.overlay = [
      .sprite(Sprite(id: 0, image: "bar", x: 640, y: 360)),
      .image(Image("bar", x: 0, y: 0, width: 100, height: 100)),
      .text(Text("SCORE", x: 640, y: 100, scale: 4, alignment: .center)),
    ]
    #expect(drawn(scene).allSatisfy { $0 == 0 })
  }
}
