import CSDL2
import GameScene

/// Draws text from `font.bmp` (white strokes, tinted to the colour asked) or `font-glow.bmp`
/// (the arcade's cyan glow, ``Text/Font/arcadeGlow``): ASCII 32-126 in a 16-column grid of
/// 16 × 24 cells.
final class BitmapFont {
  static let cellWidth: Int32 = 16
  static let cellHeight: Int32 = 24

  /// The plain font: tinted, it shows the colour as asked.
  let texture: OpaquePointer
  /// The arcade glow font.
  let glow: OpaquePointer

  init(renderer: OpaquePointer, folder: String) throws {
    texture = try loadTexture(renderer: renderer, path: folder + "/font.bmp")
    do {
      glow = try loadTexture(renderer: renderer, path: folder + "/font-glow.bmp")
    } catch {
      SDL_DestroyTexture(texture)
      throw error
    }
  }

  deinit {
    SDL_DestroyTexture(texture)
    SDL_DestroyTexture(glow)
  }

  /// Width of `text` at `scale`, in pixels: one cell per character.
  static func width(of text: String, scale: Float) -> Float {
    Float(text.count) * Float(cellWidth) * scale
  }

  /// Draws one line of `text` with its top at `y`; characters outside ASCII 32-126 show as `?`.
  func draw(
    _ text: String, x: Float, y: Float, scale: Float = 1, alignment: Text.Alignment = .left,
    color: Color = .white, font: Text.Font = .plain, in renderer: OpaquePointer
  ) {
    let texture = font == .plain ? self.texture : glow
    let width = Self.width(of: text, scale: scale)
    var penX: Float
    switch alignment {
    case .left: penX = x
    case .center: penX = x - width / 2
    case .right: penX = x - width
    }
    SDL_SetTextureColorMod(texture, color.red, color.green, color.blue)
    SDL_SetTextureAlphaMod(texture, color.alpha)
    let advance = Float(Self.cellWidth) * scale
    // By character, not byte: `é` is one `?`, not one per byte of its UTF-8.
    for character in text {
      let ascii = character.asciiValue.map(Int32.init) ?? 63
      let code = (32...126).contains(ascii) ? ascii : 63
      if code != 32 {
        let index = code - 32
        var source = SDL_Rect(
          x: (index % 16) * Self.cellWidth, y: (index / 16) * Self.cellHeight,
          w: Self.cellWidth, h: Self.cellHeight)
        var target = SDL_FRect(
          x: penX, y: y, w: Float(Self.cellWidth) * scale, h: Float(Self.cellHeight) * scale)
        SDL_RenderCopyF(renderer, texture, &source, &target)
      }
      penX += advance
    }
    SDL_SetTextureColorMod(texture, 255, 255, 255)
    SDL_SetTextureAlphaMod(texture, 255)
  }
}
