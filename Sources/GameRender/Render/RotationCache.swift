import CSDL2
import Foundation

/// Sprites turned once to one of 64 headings and kept, for renderers without a GPU.
///
/// SDL's software renderer rotates a sprite by building a new surface on every call; at
/// thousands of sprites a frame that is most of the frame. Turning each (sprite, heading)
/// once into a texture makes every later draw a plain unrotated blit. 64 headings are 5.6°
/// apart, finer than the ship turns in one tick. GPU renderers rotate for free and skip this.
final class RotationCache {
  static let headings = 64

  private let renderer: OpaquePointer
  private let sheet: SpriteSheet
  private var textures: [Int: [OpaquePointer?]] = [:]

  init(renderer: OpaquePointer, sheet: SpriteSheet) {
    self.renderer = renderer
    self.sheet = sheet
  }

  deinit {
    for list in textures.values { for texture in list { if let texture { SDL_DestroyTexture(texture) } } }
  }

  /// Image number `image` (at `source` in the sheet) turned to the heading nearest `radians`,
  /// the same size as `source`.
  func texture(_ image: Int, source: SDL_Rect, radians: Float) -> OpaquePointer {
    let heading = SpriteFrames.heading(radians)
    if let texture = textures[image]?[heading] { return texture }
    let texture = make(source: source, heading: heading)
    textures[image, default: Array(repeating: nil, count: Self.headings)][heading] = texture
    return texture
  }

  private func make(source: SDL_Rect, heading: Int) -> OpaquePointer {
    let texture = sheet.turnedTexture(
      renderer: renderer, source: source, heading: heading, of: Self.headings,
      width: source.w, height: source.h)
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    return texture
  }
}
