import CSDL2
import GameAssets
import GameScene
import GameTesting
import Testing

@testable import GameRender

/// The font drawn with SDL's software renderer onto a small black surface: no display, no
/// SDL_Init. Layout is checked through where pixels light up (``LitBox``), not exact colours.
@Suite struct BitmapFontTests {
  /// A black 320 × 64 ARGB8888 surface with a software renderer and the game's font.
  final class TextCanvas {
    static let width: Int32 = 320
    static let height: Int32 = 64
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let font: BitmapFont

    init() throws {
      surface = try #require(
        SDL_CreateRGBSurfaceWithFormat(
          0, Self.width, Self.height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
      renderer = try #require(SDL_CreateSoftwareRenderer(surface))
      font = try BitmapFont(renderer: renderer, folder: AssetLocator.engineFolder())
    }

    deinit {
      SDL_DestroyRenderer(renderer)
      SDL_FreeSurface(surface)
    }

    /// The surface's pixels after drawing `text` alone on black.
    func draw(
      _ text: String, x: Float = 0, y: Float = 0, scale: Float = 1,
      alignment: Text.Alignment = .left, color: Color = .white, font: Text.Font = .plain
    ) -> [UInt32] {
      SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
      SDL_RenderClear(renderer)
      self.font.draw(
        text, x: x, y: y, scale: scale, alignment: alignment, color: color, font: font,
        in: renderer)
      SDL_RenderPresent(renderer)
      return opaquePixels(of: surface)
    }

    func box(_ pixels: [UInt32], xs: Range<Int>? = nil) -> LitBox? {
      LitBox(pixels, width: Int(Self.width), xs: xs)
    }
  }

  /// The brightest pixel of a drawing: the strokes' core.
  static func brightest(_ pixels: [UInt32]) -> Color {
    let top =
      pixels.max { a, b in
        let sum = { (p: UInt32) in (p >> 16 & 0xFF) + (p >> 8 & 0xFF) + (p & 0xFF) }
        return sum(a) < sum(b)
      } ?? 0
    return Color(UInt8(top >> 16 & 0xFF), UInt8(top >> 8 & 0xFF), UInt8(top & 0xFF))
  }

  @Test(arguments: [Color.white, Color(255, 176, 0), Color(90, 220, 120)])
  func plainTextComesOutInTheColourAsked(color: Color) throws {
    let canvas = try TextCanvas()
    #expect(Self.brightest(canvas.draw("HELLO", scale: 2, color: color)) == color)
  }

  @Test func theArcadeGlowFontTintsItsCyanStrokes() throws {
    let canvas = try TextCanvas()
    let core = Self.brightest(canvas.draw("HELLO", scale: 2, color: .white, font: .arcadeGlow))
    #expect(core.red < core.blue, "white shows pale cyan in the arcade font")
  }

  @Test func widthIsOneSixteenPixelCellPerCharacterTimesTheScale() {
    #expect(BitmapFont.width(of: "WAVE 4", scale: 1) == 96)
    #expect(BitmapFont.width(of: "07", scale: 1.5) == 48)
    #expect(BitmapFont.width(of: "PAUSED", scale: 3) == 288)
    #expect(BitmapFont.width(of: "", scale: 2) == 0)
  }

  @Test func eachCharacterAdvancesOneCellAndASpaceDrawsNothing() throws {
    let canvas = try TextCanvas()
    let pixels = canvas.draw("I I", x: 8)
    let first = try #require(canvas.box(pixels, xs: 8..<24), "no I in the first cell")
    #expect(canvas.box(pixels, xs: 24..<40) == nil, "the space lit pixels")
    let third = try #require(canvas.box(pixels, xs: 40..<56), "no I in the third cell")
    #expect(
      third
        == LitBox(
          minX: first.minX + 32, minY: first.minY, maxX: first.maxX + 32,
          maxY: first.maxY))
    #expect(canvas.box(pixels, xs: 56..<320) == nil, "something drawn past the text")
    // The glyph sits inside its cell: a 12 × 18 outline 2 px in from the left, 3 from the top.
    #expect((8..<13).contains(first.minX) && (19..<24).contains(first.maxX), "\(first)")
    #expect((0..<6).contains(first.minY) && (18..<24).contains(first.maxY), "\(first)")
  }

  @Test func lowerCaseLettersDrawAsSmallCapitalsOnTheSameBaseline() throws {
    let canvas = try TextCanvas()
    for capital in UInt8(ascii: "A")...UInt8(ascii: "Z") {
      let upper = String(UnicodeScalar(capital))
      let lower = upper.lowercased()
      let big = try #require(canvas.box(canvas.draw(upper)), "\(upper) draws nothing")
      let small = try #require(canvas.box(canvas.draw(lower)), "\(lower) draws nothing")
      #expect(small.height < big.height, "\(lower) is not shorter than \(upper)")
      #expect(small.width < big.width, "\(lower) is not narrower than \(upper)")
      #expect(small.minY > big.minY, "\(lower) does not start lower than \(upper)")
      #expect(abs(small.maxY - big.maxY) <= 1, "\(lower) and \(upper) do not share a baseline")
    }
  }

  @Test(arguments: ["é", "\t", "→", "😀", "e\u{301}"])
  func aCharacterOutsidePrintableASCIIDrawsAndMeasuresAsOneQuestionMark(text: String) throws {
    let canvas = try TextCanvas()
    #expect(BitmapFont.width(of: text, scale: 1) == BitmapFont.width(of: "?", scale: 1))
    let same = canvas.draw("A" + text + "B") == canvas.draw("A?B")
    #expect(same, "A\(text)B is not drawn as A?B")
  }

  @Test func alignmentAnchorsTheLeftEdgeTheCentreOrTheRightEdgeAtX() throws {
    let canvas = try TextCanvas()
    let left = canvas.draw("AB", x: 100)
    let moved = canvas.draw("AB", x: 101) != left
    #expect(moved, "a pixel to the right draws the same pixels")
    let centred = canvas.draw("AB", x: 116, alignment: .center) == left
    #expect(centred, "centred on 116 is not the 32 px wide text from 100")
    let right = canvas.draw("AB", x: 132, alignment: .right) == left
    #expect(right, "right-aligned at 132 is not the 32 px wide text from 100")
  }

  @Test func scaleEnlargesGlyphsAndTheirAdvance() throws {
    let canvas = try TextCanvas()
    let one = try #require(canvas.box(canvas.draw("I")))
    let pixels = canvas.draw("II", scale: 2)
    let first = try #require(canvas.box(pixels, xs: 0..<32))
    let second = try #require(canvas.box(pixels, xs: 32..<64))
    #expect(second.minX - first.minX == 32)
    #expect(abs(first.height - 2 * one.height) <= 2, "\(first) is not twice \(one)")
    #expect(abs(first.width - 2 * one.width) <= 2, "\(first) is not twice \(one)")
  }

  @Test func textTakesTheRequestedColourAndTheNextTextIsWhiteAgain() throws {
    let canvas = try TextCanvas()
    let red = canvas.draw("H", color: Color(255, 0, 0))
    #expect(red.contains { ($0 >> 16) & 0xFF > 150 })
    #expect(red.allSatisfy { $0 & 0xFFFF == 0 }, "green or blue in red text")
    let white = canvas.draw("H")
    // The colour mod is put back: green and blue light up again.
    #expect(white.contains { ($0 >> 8) & 0xFF > 150 && $0 & 0xFF > 150 }, "still red")
  }
}
