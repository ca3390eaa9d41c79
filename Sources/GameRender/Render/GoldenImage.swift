import CSDL2

/// Golden images on disk: frames as PNG (lossless, about 1/20 of a BMP's size), read back as
/// the 0xAARRGGBB words ``OffscreenRenderer/pixels()`` gives, so tests compare pixel for pixel.
package enum GoldenImage {
  /// The opaque pixels of the image at `path` (PNG, or any format SDL2_image reads), row by
  /// row, with its width; nil when it cannot be read.
  package static func load(_ path: String) -> (pixels: [UInt32], width: Int)? {
    guard let loaded = IMG_Load(path) else { return nil }
    defer { SDL_FreeSurface(loaded) }
    guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    return (opaquePixels(of: surface), Int(surface.pointee.w))
  }

  /// Writes `pixels` (0xAARRGGBB, `width` a row) as an RGB PNG: alpha is dropped, as the screen
  /// drops it.
  ///
  /// - Throws: One line naming the file and SDL's reason.
  package static func save(_ pixels: [UInt32], width: Int, to path: String) throws {
    precondition(width > 0 && pixels.count % width == 0, "pixels must fill whole rows")
    var copy = pixels
    try copy.withUnsafeMutableBytes { bytes in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          bytes.baseAddress, Int32(width), Int32(pixels.count / width), 32, Int32(width * 4),
          SDL_PIXELFORMAT_ARGB8888.rawValue),
        let rgb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24.rawValue, 0)
      else { throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom") }
      defer {
        SDL_FreeSurface(rgb)
        SDL_FreeSurface(surface)
      }
      if IMG_SavePNG(rgb, path) != 0 { throw SDLError("IMG_SavePNG(\(path))") }
    }
  }
}
