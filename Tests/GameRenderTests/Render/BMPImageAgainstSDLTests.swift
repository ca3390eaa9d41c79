import CSDL2
import GameScene
import Testing

@testable import GameAssets

/// The engine's BMP reader gives every asset sheet the very pixels SDL's loader gave (the
/// window's textures and the rasters were drawn from SDL's before): golden frames and pixel
/// observations stay as they were.
@Suite struct BMPImageAgainstSDLTests {
  /// `path` as SDL loads it and converts it to ARGB8888, top row first.
  static func sdlPixels(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt32]) {
    let loaded = try #require(CSDL2_LoadBMP(path))
    defer { SDL_FreeSurface(loaded) }
    let surface = try #require(
      SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
    defer { SDL_FreeSurface(surface) }
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    var pixels: [UInt32] = []
    for y in 0..<height {
      let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width { pixels.append(row[x]) }
    }
    return (width, height, pixels)
  }

  /// Every BMP under the assets folder: the engine's fonts, and each game's sheet where the
  /// games are there (scripts/check-engine-alone runs this with the engine's alone).
  @Test func everyAssetSheetReadsAsSDLReadsIt() throws {
    let root = Path.parent(try AssetLocator.engineFolder())
    var files: [String] = []
    for folder in ["engine", "asteroids", "blocks", "pong"] {
      for name in ["font.bmp", "font-glow.bmp", "sprites.bmp"]
      where Path.exists(root + "/" + folder + "/" + name) {
        files.append(root + "/" + folder + "/" + name)
      }
    }
    #expect(files.count >= 2, "not even the engine's two fonts in \(root)")
    for path in files {
      let ours = try RasterAssets.image(path)
      let sdl = try Self.sdlPixels(path)
      #expect(ours.width == sdl.width && ours.height == sdl.height, "\(path)")
      #expect(ours.pixels == sdl.pixels, "\(path)")
    }
  }
}
