import CSDL2
import Foundation
import GameAssets
import GameScene

/// The scene renderer on a 1280 × 720 SDL surface with the software renderer: no display, no
/// `SDL_Init`, byte-identical output on every machine with the same SDL.
///
/// Golden-image tests, `replay --frames` and the benchmark draw through this.
public final class OffscreenRenderer {
  let surface: UnsafeMutablePointer<SDL_Surface>
  let renderer: OpaquePointer
  package let scenes: SceneRenderer

  /// An offscreen renderer of `game`'s scenes, its assets found by ``AssetLocator``.
  public convenience init<G: PlayableGame>(_ game: G.Type, sdlBlits: Bool = false) throws {
    try self.init(assets: AssetLocator.assets(for: G.self), sdlBlits: sdlBlits)
  }

  /// Creates the surface and renderer and loads `assets`.
  ///
  /// Sprites are blended into the surface's pixels directly (``SurfaceCanvas``); pass
  /// `sdlBlits: true` to draw them through SDL's software blitter instead, as a window's
  /// software renderer does (the benchmark compares the two).
  package init(assets: AssetFolders, sdlBlits: Bool = false) throws {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, SceneRenderer.frameWidth, SceneRenderer.frameHeight, 32,
        SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError("SDL_CreateRGBSurfaceWithFormat") }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      throw SDLError("SDL_CreateSoftwareRenderer")
    }
    self.surface = surface
    self.renderer = renderer
    do {
      scenes = try SceneRenderer(
        renderer: renderer, assets: assets,
        surface: sdlBlits ? nil : surface)
    } catch {
      SDL_DestroyRenderer(renderer)
      SDL_FreeSurface(surface)
      throw error
    }
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_FreeSurface(surface)
  }

  /// Draws `scene` (interpolated from `previous`) onto the surface.
  public func draw(
    _ scene: Scene, previous: Scene? = nil, fraction: Float = 1, rewinding: Bool = false,
    notice: String? = nil
  ) {
    scenes.draw(
      scene, previous: previous, fraction: fraction, rewinding: rewinding, notice: notice)
    SDL_RenderPresent(renderer)
  }

  /// The surface's pixels as 0xAARRGGBB words, row by row.
  public func pixels() -> [UInt32] { opaquePixels(of: surface) }

  /// Writes the surface as a BMP.
  ///
  /// - Throws: One line naming the file and the reason in words ("cannot write
  ///   frames/frame-000064.bmp: no space left on device").
  public func save(bmp path: String) throws {
    try save(path) { CSDL2_SaveBMP($0, path) }
  }

  /// Writes the surface as a PNG (about 1/20 of the BMP's size for a game's frame).
  ///
  /// - Throws: As ``save(bmp:)``.
  public func save(png path: String) throws {
    // As the screen shows it: RGB, whatever alpha the drawing left in the surface.
    try save(path) { surface in
      guard let rgb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
        return -1
      }
      defer { SDL_FreeSurface(rgb) }
      return IMG_SavePNG(rgb, path)
    }
  }

  /// The surface as PNG bytes, in memory, from ``PNGEncoder`` (a few milliseconds, where
  /// SDL_image's encoder takes tens): what the inspector serves as a frame.
  package func pngData() -> [UInt8] {
    PNGEncoder.encode(
      argb: pixels(), width: Int(surface.pointee.w), height: Int(surface.pointee.h))
  }

  /// Forgets the ticks the renderer has observed (emitters' particles and their random
  /// stream), as a new renderer would: drawing any tick after the same run-up then gives the
  /// same picture.
  package func forgetTicks() { scenes.forgetTicks() }

  /// The surface's raw pixels, 4 bytes each in B, G, R, A order (ffmpeg's `bgra`), row by row:
  /// what a video encoder is fed.
  public func rawFrame() -> [UInt8] {
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    bytes.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        (out.baseAddress! + y * width * 4).update(from: base + y * pitch, count: width * 4)
      }
    }
    return bytes
  }

  private func save(
    _ path: String, with writer: (UnsafeMutablePointer<SDL_Surface>) -> Int32
  ) throws {
    errno = 0
    if writer(surface) != 0 {
      let reason = errno != 0 ? String(cString: strerror(errno)) : String(cString: SDL_GetError())
      throw SDLError("write \(path)", message: reason.lowercased())
    }
  }
}

/// The pixels of an ARGB8888 `surface` as 0xAARRGGBB words, row by row, alpha forced opaque
/// (what a screen shows; frames and golden images compare these).
package func opaquePixels(of surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
  let width = Int(surface.pointee.w)
  let height = Int(surface.pointee.h)
  let pitch = Int(surface.pointee.pitch)
  let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
  var out = [UInt32](repeating: 0, count: width * height)
  for y in 0..<height {
    let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
    for x in 0..<width { out[y * width + x] = row[x] | 0xFF00_0000 }
  }
  return out
}
