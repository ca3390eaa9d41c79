import Foundation
import GameAssets
import Testing

@testable import GameRender
@testable import GameScene

@Suite struct RasterAssetsLoadingTests {
  /// The test game's folder (`Tests/GameRenderTests/assets/tiny`).
  let tiny = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("assets/tiny").path

  @Test func theSheetIsCutByItsAtlasTurnedToEveryHeadingAndTheFontsIntoGlyphs() throws {
    let assets = try RasterAssets(
      loading: AssetFolders(game: tiny, engine: try AssetLocator.engineFolder()))
    let sprites = try #require(assets.sprites)
    #expect(sprites.count == 3 && sprites.number("bar") == 1 && sprites.number("ship") == nil)
    #expect(sprites.size(2).width == 16 && sprites.size(2).height == 16)
    #expect(sprites.headings == GrayscaleRaster.headings)
    #expect(assets.font?.count == 95 && assets.glowFont?.count == 95)
    #expect(assets.font?.size(33).width == 16 && assets.font?.size(33).height == 24)
    // The glyph of `A` has ink; the space has none.
    let font = try #require(assets.font)
    #expect(font.table[font.entries[33].offset + 17 * 25 - 1].w > 10)
    #expect(font.table[font.entries[0].offset + 17 * 25 - 1].w == 0)
  }

  @Test func aGameWithoutASheetHasNoSprites() throws {
    let assets = try RasterAssets(
      loading: AssetFolders(game: nil, engine: try AssetLocator.engineFolder()))
    #expect(assets.sprites == nil && assets.font != nil)
  }

  @Test func aMissingFontIsAnErrorNamingTheFile() {
    do {
      _ = try RasterAssets(loading: AssetFolders(game: nil, engine: "/nonexistent/engine"))
      Issue.record("expected an error")
    } catch {
      #expect("\(error)".contains("/nonexistent/engine/font.bmp"))
    }
  }
}
