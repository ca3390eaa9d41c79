import GameFiles
import GameScene

// The rasters' assets read from the same files the window's renderer draws from, once, at
// setup: the game's sheet cut by its atlas (and turned to the rasters' 64 headings) and the
// engine's two fonts cut into glyphs. No SDL: the BMPs are decoded here (``BMPImage``).

extension RasterAssets {
  /// The largest asset file read: the engine's sheets are well under a megabyte.
  static let maxFileBytes = 64 << 20

  /// `game`'s sprite sheet (when it has one) and the engine's fonts, found as the renderer
  /// finds them (``AssetLocator``).
  ///
  /// - Throws: One line naming the file and what was wrong with it (not found, not a BMP, a
  ///   malformed atlas line).
  public init<G: PlayableGame>(loading game: G.Type) throws {
    try self.init(loading: AssetLocator.assets(for: G.self))
  }

  /// The rasters' assets from the folders `assets` names.
  package init(loading assets: AssetFolders) throws {
    var sprites: CoverageAtlas?
    if let folder = assets.game, assets.hasSprites {
      let atlasPath = folder + "/sprites.atlas"
      let text = String(
        decoding: try FileBytes.read(path: atlasPath, maxBytes: 1 << 20), as: UTF8.self)
      let atlas = try SpriteAtlas.parse(text)
      let sheetPath = folder + "/sprites.bmp"
      let sheet = try Self.image(sheetPath)
      sprites = CoverageAtlas(
        images: try atlas.map { entry in
          try Self.cut(
            sheet, x: Int(entry.x), y: Int(entry.y), width: Int(entry.width),
            height: Int(entry.height), name: entry.name, file: sheetPath)
        }, headings: GrayscaleRaster.headings)
    }
    self.init(
      sprites: sprites, font: try Self.font(assets.engine + "/font.bmp"),
      glowFont: try Self.font(assets.engine + "/font-glow.bmp"))
  }

  /// The glyphs of a font sheet, ASCII 32...126 in a 16-column grid of 16 × 24 cells.
  static func font(_ path: String) throws -> CoverageAtlas {
    let sheet = try image(path)
    return CoverageAtlas(
      images: try (0..<95).map { index in
        try cut(
          sheet, x: index % 16 * 16, y: index / 16 * 24, width: 16, height: 24,
          name: String(index), file: path)
      })
  }

  /// The BMP at `path`, decoded.
  package static func image(_ path: String) throws -> BMPImage {
    let bytes = try FileBytes.read(path: path, maxBytes: maxFileBytes)
    do {
      return try BMPImage(decoding: bytes)
    } catch {
      throw AssetError(path: path, reason: error.description)
    }
  }

  /// The `width × height` pixels at (`x`, `y`) of `sheet`, named `name`.
  static func cut(
    _ sheet: BMPImage, x: Int, y: Int, width: Int, height: Int, name: String, file: String
  ) throws -> (name: String, width: Int, height: Int, pixels: [UInt32]) {
    guard x + width <= sheet.width && y + height <= sheet.height else {
      throw AssetError(
        path: file,
        reason: "cut '\(name)': \(width) × \(height) at (\(x), \(y)) is outside the "
          + "\(sheet.width) × \(sheet.height) image")
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

/// An asset file that is there but cannot be used: which file, and why.
package struct AssetError: Error, Equatable, CustomStringConvertible {
  package var path: String
  package var reason: String
  package var description: String { "\(path): \(reason)" }
}
