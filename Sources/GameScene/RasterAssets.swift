/// What ``GrayscaleRaster`` draws images and text from: the game's sprite sheet and the
/// engine's two fonts, as coverage atlases. GameAssets loads them from the game's assets
/// (`RasterAssets(loading:)`); an empty one draws no images and no text.
public struct RasterAssets: Sendable {
  /// The game's sprite sheet, by the atlas's names; nil for a game with none.
  public var sprites: CoverageAtlas?
  /// The plain font's glyphs, ASCII 32...126 as images 0...94, each 16 × 24 pixels
  /// (``Text/Font/plain``).
  public var font: CoverageAtlas?
  /// The arcade glow font's glyphs, numbered as the plain font's (``Text/Font/arcadeGlow``).
  public var glowFont: CoverageAtlas?

  /// Assets for the raster; none by default.
  public init(
    sprites: CoverageAtlas? = nil, font: CoverageAtlas? = nil, glowFont: CoverageAtlas? = nil
  ) {
    self.sprites = sprites
    self.font = font
    self.glowFont = glowFont
  }
}
