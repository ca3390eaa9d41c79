import CSDL2
import Foundation
import GameAssets
import GameScene

/// The sprite sheet as one texture plus the rectangles named in `sprites.atlas`.
///
/// One texture for every sprite keeps the renderer to a single texture bind per frame on GPU
/// backends; the atlas file, written by the asset script, means the code never hard-codes
/// pixel positions.
final class SpriteSheet {
  let texture: OpaquePointer
  /// The images' names in atlas order: an image's number is its index here.
  let names: [String]
  /// Each image's rectangle, by number.
  let rects: [SDL_Rect]
  private let numbers: [String: Int]

  /// Loads `folder/sprites.bmp` and `folder/sprites.atlas` into a texture for `renderer`.
  init(renderer: OpaquePointer, folder: String) throws {
    let text = try String(contentsOfFile: folder + "/sprites.atlas", encoding: .utf8)
    let atlas = try SpriteAtlas.parse(text)
    texture = try loadTexture(renderer: renderer, path: folder + "/sprites.bmp")
    names = atlas.map(\.name)
    rects = atlas.map { SDL_Rect(x: $0.x, y: $0.y, w: $0.width, h: $0.height) }
    var numbers: [String: Int] = [:]
    for (number, name) in names.enumerated() where numbers[name] == nil { numbers[name] = number }
    self.numbers = numbers
  }

  deinit { SDL_DestroyTexture(texture) }

  /// The number of image `name`; a name the atlas lacks is a bug in the game's drawing.
  func number(_ name: String) -> Int {
    guard let number = numbers[name] else {
      preconditionFailure("image '\(name)' is not in sprites.atlas")
    }
    return number
  }

  /// The rectangle of image `name` (see ``number(_:)``).
  func rect(_ name: String) -> SDL_Rect { rects[number(name)] }

  /// A new target texture of `width × height` holding the sprite at `source` turned to
  /// `heading` of `headings` and scaled to fit; the caller owns (and destroys) it.
  ///
  /// SDL itself turns and scales (`SDL_RenderCopyEx`), so what callers cache is the very
  /// picture an uncached draw shows. Colour and alpha are copied as they are: the result is
  /// blended when it is drawn. Leaves `renderer` drawing where it was.
  func turnedTexture(
    renderer: OpaquePointer, source: SDL_Rect, heading: Int, of headings: Int,
    width: Int32, height: Int32
  ) -> OpaquePointer {
    guard
      let target = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        width, height)
    else { fatalError("SDL_CreateTexture failed: \(String(cString: SDL_GetError()))") }
    let previous = SDL_GetRenderTarget(renderer)
    defer { SDL_SetRenderTarget(renderer, previous) }
    SDL_SetRenderTarget(renderer, target)
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
    SDL_RenderClear(renderer)
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    defer { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
    var from = source
    let degrees = Double(heading) * 360 / Double(headings)
    SDL_RenderCopyEx(renderer, texture, &from, nil, degrees, nil, SDL_FLIP_NONE)
    return target
  }
}

/// Loads a BMP into a texture with alpha blending.
///
/// The sheet stores colour un-premultiplied with alpha = brightest channel, so over black this
/// draws exactly what additive blending would; and SDL's software blitter skips transparent
/// pixels in its alpha-blend fast path, which additive blending has no equivalent of.
///
/// The file is decoded by ``BMPImage`` (the one BMP reader: the rasters of training
/// environments read the same pixels without SDL).
func loadTexture(renderer: OpaquePointer, path: String) throws -> OpaquePointer {
  let sheet = try RasterAssets.image(path)
  var pixels = sheet.pixels
  let made: OpaquePointer? = pixels.withUnsafeMutableBytes { bytes in
    guard
      let surface = SDL_CreateRGBSurfaceWithFormatFrom(
        bytes.baseAddress, Int32(sheet.width), Int32(sheet.height), 32, Int32(sheet.width * 4),
        SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    return SDL_CreateTextureFromSurface(renderer, surface)
  }
  guard let texture = made else { throw SDLError("SDL_CreateTextureFromSurface(\(path))") }
  SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
  // Linear filtering: rotated and scaled outlines stay smooth lines instead of dotted steps.
  SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
  return texture
}
