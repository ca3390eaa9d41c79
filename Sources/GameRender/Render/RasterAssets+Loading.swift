import CSDL2
import Foundation
import GameScene

// The grey raster's assets read from the same files the renderer draws from, once, at setup:
// the game's sheet cut by its atlas (and turned to the renderer's 64 headings) and the
// engine's two fonts cut into glyphs.

extension RasterAssets {
  /// `game`'s sprite sheet (when it has one) and the engine's fonts, found as the renderer
  /// finds them (``AssetLocator``).
  ///
  /// - Throws: One line naming the file and what was wrong with it (not found, not a BMP, a
  ///   malformed atlas line).
  public init<G: PlayableGame>(loading game: G.Type) throws {
    try self.init(loading: AssetLocator.assets(for: G.self))
  }

  /// The raster's assets from the folders `assets` names.
  package init(loading assets: GameAssets) throws {
    var sprites: CoverageAtlas?
    if let folder = assets.game, assets.hasSprites {
      let text = try String(contentsOfFile: folder + "/sprites.atlas", encoding: .utf8)
      let atlas = try SpriteSheet.parseAtlas(text)
      let sheet = try Self.pixels(folder + "/sprites.bmp")
      sprites = CoverageAtlas(
        images: try atlas.map { entry in
          try Self.cut(
            sheet, x: Int(entry.rect.x), y: Int(entry.rect.y), width: Int(entry.rect.w),
            height: Int(entry.rect.h), name: entry.name, file: folder + "/sprites.bmp")
        }, headings: GrayscaleRaster.headings)
    }
    self.init(
      sprites: sprites, font: try Self.font(assets.engine + "/font.bmp"),
      glowFont: try Self.font(assets.engine + "/font-glow.bmp"))
  }

  /// The glyphs of a font sheet, ASCII 32...126 in a 16-column grid of 16 × 24 cells.
  static func font(_ path: String) throws -> CoverageAtlas {
    let sheet = try pixels(path)
    let cellWidth = Int(BitmapFont.cellWidth)
    let cellHeight = Int(BitmapFont.cellHeight)
    return CoverageAtlas(
      images: try (0..<95).map { index in
        try cut(
          sheet, x: index % 16 * cellWidth, y: index / 16 * cellHeight, width: cellWidth,
          height: cellHeight, name: String(index), file: path)
      })
  }

  /// A BMP's pixels as straight 0xAARRGGBB words, as SDL loads it for a texture.
  static func pixels(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt32]) {
    guard let loaded = CSDL2_LoadBMP(path) else { throw SDLError("SDL_LoadBMP(\(path))") }
    defer { SDL_FreeSurface(loaded) }
    guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    else { throw SDLError("SDL_ConvertSurfaceFormat(\(path))") }
    defer { SDL_FreeSurface(surface) }
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width { pixels[y * width + x] = row[x] }
    }
    return (width, height, pixels)
  }

  /// The `width × height` pixels at (`x`, `y`) of `sheet`, named `name`.
  static func cut(
    _ sheet: (width: Int, height: Int, pixels: [UInt32]), x: Int, y: Int, width: Int,
    height: Int, name: String, file: String
  ) throws -> (name: String, width: Int, height: Int, pixels: [UInt32]) {
    guard x + width <= sheet.width && y + height <= sheet.height else {
      throw SDLError(
        "cut '\(name)' from \(file)",
        message: "\(width) × \(height) at (\(x), \(y)) is outside the \(sheet.width) × "
          + "\(sheet.height) image")
    }
    var pixels = [UInt32](repeating: 0, count: width * height)
    for row in 0..<height {
      for column in 0..<width {
        pixels[row * width + column] = sheet.pixels[(y + row) * sheet.width + x + column]
      }
    }
    return (name, width, height, pixels)
  }
}
