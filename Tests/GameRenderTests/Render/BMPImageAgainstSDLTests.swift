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

  @Test(arguments: [
    "engine/font.bmp", "engine/font-glow.bmp", "asteroids/sprites.bmp", "blocks/sprites.bmp",
  ])
  func everyAssetSheetReadsAsSDLReadsIt(file: String) throws {
    let engine = try AssetLocator.engineFolder()
    let path = Path.parent(engine) + "/" + file
    let ours = try RasterAssets.image(path)
    let sdl = try Self.sdlPixels(path)
    #expect(ours.width == sdl.width && ours.height == sdl.height)
    #expect(ours.pixels == sdl.pixels)
  }
}
