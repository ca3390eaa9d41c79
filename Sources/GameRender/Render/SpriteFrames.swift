import CSDL2

/// Every sprite image the surface path draws, turned to one of 64 headings and scaled to the
/// pixel size it is drawn at, made once by SDL and kept as a ``SpriteFrame``.
///
/// SDL itself turns and scales each image (into a target texture, read back), so a frame shows
/// the same picture the SDL path draws; only the per-frame blending moves to ``SurfaceCanvas``.
/// 64 headings are 5.6° apart, finer than the ship turns in one tick.
final class SpriteFrames {
  static let headings = RotationCache.headings

  private let renderer: OpaquePointer
  private let sheet: SpriteSheet
  private let sources: [SDL_Rect]
  /// Frames at the sheet's size, at `image * headings + heading`.
  private var natural: [SpriteFrame?]
  /// Frames at any other size (scaled rocks and saucers of a real game: a handful of sizes).
  private var resized: [Key: SpriteFrame] = [:]

  private struct Key: Hashable {
    var image: Int
    var heading: Int
    var width: Int
    var height: Int
  }

  init(renderer: OpaquePointer, sheet: SpriteSheet) {
    self.renderer = renderer
    self.sheet = sheet
    sources = sheet.rects
    natural = Array(repeating: nil, count: sources.count * Self.headings)
  }

  /// The sheet rectangle of image number `image` (see ``SpriteSheet/number(_:)``).
  func source(_ image: Int) -> SDL_Rect { sources[image] }

  /// The heading nearest `radians` (0 = as drawn in the sheet).
  static func heading(_ radians: Float) -> Int {
    let turns = radians / (2 * .pi)
    return ((Int((turns * Float(headings)).rounded()) % headings) + headings) % headings
  }

  /// Image `image` turned to `heading` and drawn `width × height` pixels.
  func frame(_ image: Int, heading: Int, width: Int, height: Int) -> SpriteFrame {
    let source = sources[image]
    if width == Int(source.w) && height == Int(source.h) {
      let index = image * Self.headings + heading
      if let frame = natural[index] { return frame }
      let frame = make(source: source, heading: heading, width: width, height: height)
      natural[index] = frame
      return frame
    }
    let key = Key(image: image, heading: heading, width: width, height: height)
    if let frame = resized[key] { return frame }
    let frame = make(source: source, heading: heading, width: width, height: height)
    resized[key] = frame
    return frame
  }

  private func make(source: SDL_Rect, heading: Int, width: Int, height: Int) -> SpriteFrame {
    guard width > 0, height > 0 else { return SpriteFrame(straight: [], width: 0, height: 0) }
    let texture = sheet.turnedTexture(
      renderer: renderer, source: source, heading: heading, of: Self.headings,
      width: Int32(width), height: Int32(height))
    defer { SDL_DestroyTexture(texture) }
    let previous = SDL_GetRenderTarget(renderer)
    defer { SDL_SetRenderTarget(renderer, previous) }
    SDL_SetRenderTarget(renderer, texture)
    var pixels = [UInt32](repeating: 0, count: width * height)
    let read = SDL_RenderReadPixels(
      renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixels, Int32(width * 4))
    if read != 0 { fatalError("SDL_RenderReadPixels failed: \(String(cString: SDL_GetError()))") }
    return SpriteFrame(straight: pixels, width: width, height: height)
  }
}
