// Sprites, images, particles and text: sampled from coverage maps of the sheet and the font,
// placed, sized and turned as the offscreen renderer draws them.

extension GrayscaleRaster {
  /// The headings a turned sprite is drawn at, as the renderer's pre-turned frames: what
  /// GameRender turns a game's sheet to.
  public static let headings = 64
  /// The font's cells, in pixels at scale 1.
  static let glyphWidth: Float = 16
  static let glyphHeight: Float = 24
  /// Where the renderer draws a text's outline copies, in frame pixels.
  static let outlineOffsets: [SIMD2<Float>] = [
    [-2, 0], [2, 0], [0, -2], [0, 2], [-2, -2], [2, 2], [-2, 2], [2, -2],
  ]

  /// A sprite centred on its point, at the sheet's size times its scale and the view's (the
  /// sheet's size when within 3 %, as the renderer snaps it), turned to the nearest heading;
  /// in a wrapping world also the copies peeking in from the far edges.
  func draw(
    _ sprite: Sprite, _ map: FrameMapping, wraps: Bool, _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    guard let atlas = assets.sprites, let number = atlas.number(sprite.image) else { return }
    let (sourceWidth, sourceHeight) = atlas.size(number)
    var scale = sprite.scale * map.scale
    if abs(scale - 1) < 0.03 { scale = 1 }
    let w = Float(sourceWidth) * scale
    let h = Float(sourceHeight) * scale
    let cx = map.x(sprite.x)
    let cy = map.y(sprite.y)
    guard Self.placeable(cx, cy, w, h), Self.placeable(sprite.angle, 0) else { return }
    let heading = sprite.angle == 0 ? 0 : Self.heading(sprite.angle, of: atlas.headings)
    func copy(_ x: Float, _ y: Float) {
      blendImage(
        atlas, number, heading: heading, left: Float(Int(x - w / 2)),
        top: Float(Int(y - h / 2)), width: Float(Int(w)), height: Float(Int(h)), pixels)
    }
    copy(cx, cy)
    guard wraps else { return }
    let spanX = map.worldWidth * map.scale
    let spanY = map.worldHeight * map.scale
    let wrapX: Float =
      cx - w / 2 < map.originX ? spanX : cx + w / 2 > map.originX + spanX ? -spanX : 0
    let wrapY: Float =
      cy - h / 2 < map.originY ? spanY : cy + h / 2 > map.originY + spanY ? -spanY : 0
    if wrapY != 0 { copy(cx, cy + wrapY) }
    if wrapX != 0 {
      copy(cx + wrapX, cy)
      if wrapY != 0 { copy(cx + wrapX, cy + wrapY) }
    }
  }

  /// The nearest of `headings` evenly spaced headings to `radians` (clockwise, 0 as drawn).
  static func heading(_ radians: Float, of headings: Int) -> Int {
    let turns = radians / (2 * .pi)
    return ((Int((turns * Float(headings)).rounded()) % headings) + headings) % headings
  }

  /// An image in its rectangle (the sheet's size when none is given), not turned.
  func draw(_ image: Image, _ map: FrameMapping, _ pixels: UnsafeMutablePointer<UInt8>) {
    guard let atlas = assets.sprites, let number = atlas.number(image.name) else { return }
    let (sourceWidth, sourceHeight) = atlas.size(number)
    let x = map.x(image.x)
    let y = map.y(image.y)
    let w = (image.width ?? Float(sourceWidth)) * map.scale
    let h = (image.height ?? Float(sourceHeight)) * map.scale
    guard Self.placeable(x, y, w, h) else { return }
    blendImage(
      atlas, number, left: Float(Int(x)), top: Float(Int(y)), width: Float(Int(w)),
      height: Float(Int(h)), pixels)
  }

  /// A particle: its image at the sheet's size, centred, faded by its life.
  func draw(_ particle: Particle, _ map: FrameMapping, _ pixels: UnsafeMutablePointer<UInt8>) {
    guard let atlas = assets.sprites, let number = atlas.number(particle.image) else { return }
    let (sourceWidth, sourceHeight) = atlas.size(number)
    let size = Float(sourceWidth)
    let x = map.x(particle.x)
    let y = map.y(particle.y)
    guard Self.placeable(x, y), particle.life.isFinite else { return }
    let alpha = Float(UInt8(max(0, min(255, particle.life * 255))))
    blendImage(
      atlas, number, left: Float(Int(x - size / 2)), top: Float(Int(y - size / 2)),
      width: size, height: Float(sourceHeight), alpha: alpha / 255, pixels)
  }

  /// A line of text from the font's glyphs, tinted by its colour, over its outline (eight
  /// copies two pixels off each way) when it has one.
  func draw(_ text: Text, _ map: FrameMapping, _ pixels: UnsafeMutablePointer<UInt8>) {
    guard let font = text.font == .plain ? assets.font : assets.glowFont else { return }
    let x = map.x(text.x)
    let y = map.y(text.y)
    let scale = text.scale * map.scale
    guard Self.placeable(x, y, scale) else { return }
    if let outline = text.outline {
      for offset in Self.outlineOffsets {
        glyphs(text, font, x + offset.x, y + offset.y, scale, outline, pixels)
      }
    }
    glyphs(text, font, x, y, scale, text.color, pixels)
  }

  /// One pass of `text`'s glyphs in `color`, its anchor at `x`, its top at `y`. A character is
  /// a Unicode scalar here (the renderer counts grapheme clusters; the same for ASCII); those
  /// outside ASCII 32...126 show as `?`.
  private func glyphs(
    _ text: Text, _ font: CoverageAtlas, _ x: Float, _ y: Float, _ scale: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    var count = 0
    for byte in text.string.utf8 where byte & 0xC0 != 0x80 { count += 1 }
    let advance = Self.glyphWidth * scale
    var penX: Float
    switch text.alignment {
    case .left: penX = x
    case .center: penX = x - Float(count) * advance / 2
    case .right: penX = x - Float(count) * advance
    }
    let tint = SIMD4<Float>(Float(color.red), Float(color.green), Float(color.blue), 0) / 255
    let alpha = Float(color.alpha) / 255
    for byte in text.string.utf8 where byte & 0xC0 != 0x80 {
      let code = (32...126).contains(byte) ? Int(byte) : 63
      if code != 32 && code - 32 < font.count {
        blendImage(
          font, code - 32, left: Float(Int(penX)), top: Float(Int(y)),
          width: Float(Int(Self.glyphWidth * scale)), height: Float(Int(Self.glyphHeight * scale)),
          tint: tint, alpha: alpha, pixels)
      }
      penX += advance
    }
  }
}
