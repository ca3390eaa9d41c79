/// Draws a scene small and grey with no SDL: the pixel observations of training environments
/// (84 × 84 by default, as agents that learn from Atari frames expect).
///
/// The window's frame in miniature: each pixel is the average grey (ITU-R BT.601:
/// 0.299 R + 0.587 G + 0.114 B) of the box of the 1,280 × 720 frame it covers, as if the frame
/// the engine's renderer draws were box-filtered down, but drawn straight at the small size.
/// Everything the offscreen frame shows is there, in its order and with SDL's placement
/// (whole-pixel rectangles, the world fitted into the frame, wrapped copies at its edges):
/// particles, rectangles and lines by their exact coverage of each pixel, sprites and images at
/// their real size, turned (to the renderer's 64 headings), scaled and faded, from coverage
/// maps of the sheet (``CoverageAtlas``), text from the font's glyphs, tinted, outlined, and
/// the scene's best-score line. Not drawn: the renderer's own emitter particles (cosmetic,
/// run on the renderer's generator, and absent from an offscreen frame of a lone scene too).
/// Shapes blend one after the other by their coverage, so two that meet inside a pixel leave
/// a faint seam there, as with any coverage rasteriser.
///
/// Images and text need ``RasterAssets`` (GameAssets loads a game's, its sheet turned to
/// ``headings`` headings); with none they are left out, and a sheet of one heading draws
/// sprites upright. Each pixel is one look-up of a summed-area table, whatever the image's
/// size (see ``CoverageAtlas``). Drawing allocates nothing, reads no files and keeps no state,
/// so workers can draw different scenes with one raster at once, and the same scene always
/// gives the same bytes.
///
/// ```swift
/// let raster = GrayscaleRaster(assets: try RasterAssets(loading: Asteroids.self))  // GameAssets
/// var pixels = [UInt8](repeating: 0, count: 84 * 84)
/// pixels.withUnsafeMutableBufferPointer { raster.draw(scene, into: $0.baseAddress!) }
/// ```
public struct GrayscaleRaster: Sendable {
  /// Pixels across.
  public let width: Int
  /// Pixels down.
  public let height: Int
  /// The sheet and fonts images and text are drawn from.
  public let assets: RasterAssets
  /// The part of the 1,280 × 720 frame the raster shows, in frame pixels: the whole frame
  /// unless made with a region (Blocks' field alone, say), which is then stretched to
  /// `width` × `height` with the same box filter.
  public let region: (x: Int, y: Int, width: Int, height: Int)
  /// The region's left and top edges, right and bottom edges, in frame pixels.
  let originX: Float
  let originY: Float
  let regionRight: Float
  let regionBottom: Float
  /// Frame pixels across one raster pixel.
  let pixelWidth: Float
  /// Frame pixels down one raster pixel.
  let pixelHeight: Float
  /// What a pixel's byte measures of a colour: its grey, or one of its channels.
  public let channel: Channel
  /// The channel's weights of red, green and blue, in thousandths.
  let weights: (red: Int, green: Int, blue: Int)
  /// The same weights as fractions (alpha's 0), for the images' summed colours.
  let channelWeights: SIMD4<Float>

  /// What each byte of the raster measures.
  public enum Channel: Sendable {
    /// The grey of ITU-R BT.601: 0.299 R + 0.587 G + 0.114 B (pixel observations).
    case luminance
    /// One channel of the colour: three rasters make a colour frame (``ColorRaster``).
    case red, green, blue
  }

  /// A raster of `width` × `height` pixels showing `region` of the frame (x, y, width,
  /// height in frame pixels, inside the frame; the whole frame when nil), drawing images and
  /// text from `assets`, measuring `channel` (grey by default).
  public init(
    width: Int = 84, height: Int = 84, region: (x: Int, y: Int, width: Int, height: Int)? = nil,
    assets: RasterAssets = RasterAssets(), channel: Channel = .luminance
  ) {
    precondition(width > 0 && height > 0, "a raster has at least one pixel")
    let region = region ?? (0, 0, Scene.frameWidth, Scene.frameHeight)
    precondition(
      region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
        && region.x + region.width <= Scene.frameWidth
        && region.y + region.height <= Scene.frameHeight,
      "a raster's region lies inside the \(Scene.frameWidth) × \(Scene.frameHeight) frame")
    self.width = width
    self.height = height
    self.region = region
    self.assets = assets
    self.channel = channel
    originX = Float(region.x)
    originY = Float(region.y)
    regionRight = Float(region.x + region.width)
    regionBottom = Float(region.y + region.height)
    pixelWidth = Float(region.width) / Float(width)
    pixelHeight = Float(region.height) / Float(height)
    switch channel {
    case .luminance: weights = (299, 587, 114)
    case .red: weights = (1000, 0, 0)
    case .green: weights = (0, 1000, 0)
    case .blue: weights = (0, 0, 1000)
    }
    channelWeights = SIMD4(
      Float(weights.red) / 1000, Float(weights.green) / 1000, Float(weights.blue) / 1000, 0)
  }

  /// Draws `scene` into `pixels` (`width × height` bytes, row by row).
  public func draw(_ scene: Scene, into pixels: UnsafeMutablePointer<UInt8>) {
    pixels.update(repeating: luminance(scene.background), count: width * height)
    let world = FrameMapping(scene: scene)
    for particle in scene.particles { draw(particle, world, pixels) }
    for shape in scene.world { draw(shape, world, wraps: scene.wraps, pixels) }
    for shape in scene.overlay { draw(shape, .frame, wraps: false, pixels) }
    if let best = scene.highScores?.best { draw(best, .frame, pixels) }
  }

  private func draw(
    _ shape: Shape, _ map: FrameMapping, wraps: Bool, _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    switch shape {
    case .rect(let rect):
      let x = map.x(rect.x)
      let y = map.y(rect.y)
      let w = rect.width * map.scale
      let h = rect.height * map.scale
      if rect.filled {
        fillRect(x, y, w, h, rect.color, pixels)
      } else {
        outlineRect(x, y, w, h, rect.color, pixels)
      }
    case .line(let segment):
      line(
        map.x(segment.x1), map.y(segment.y1), map.x(segment.x2), map.y(segment.y2),
        segment.color, pixels)
    case .polygon(let polygon):
      draw(polygon, map, pixels)
    case .sprite(let sprite):
      draw(sprite, map, wraps: wraps, pixels)
    case .image(let image):
      draw(image, map, pixels)
    case .text(let text):
      draw(text, map, pixels)
    }
  }

  /// Blends premultiplied grey `grey` (0...255 × `alpha`) with opacity `alpha` (0...1) over
  /// the pixel at `offset`.
  @inline(__always)
  func blend(_ offset: Int, grey: Float, alpha: Float, _ pixels: UnsafeMutablePointer<UInt8>) {
    let value = grey + Float(pixels[offset]) * (1 - alpha)
    pixels[offset] = UInt8(max(0, min(255, value + 0.5)))
  }

  /// A colour's byte in this raster: its grey, 0.299 R + 0.587 G + 0.114 B, or its channel.
  @inline(__always)
  func luminance(_ color: Color) -> UInt8 {
    let red: Int = weights.red * Int(color.red)
    let green: Int = weights.green * Int(color.green)
    let blue: Int = weights.blue * Int(color.blue)
    return UInt8((red + green + blue) / 1000)
  }

  /// True for a coordinate the raster can place: finite and within a million pixels of the
  /// frame (what lies further is off the frame anyway, and `Int(_:)` of it would trap).
  @inline(__always)
  static func placeable(_ a: Float, _ b: Float, _ c: Float = 0, _ d: Float = 0) -> Bool {
    abs(a) < 1_000_000 && abs(b) < 1_000_000 && abs(c) < 1_000_000 && abs(d) < 1_000_000
  }
}

/// From a layer's units to the 1,280 × 720 frame's pixels, as the renderer maps them: the
/// world centred in the frame, keeping its aspect; the overlay as it is. The renderer
/// (GameRender) and the pixel observation share it, so both place a scene alike.
package struct FrameMapping {
  package var scale: Float
  package var originX: Float
  package var originY: Float
  package var worldWidth: Float
  package var worldHeight: Float

  /// The overlay: frame pixels.
  package static let frame = FrameMapping(
    scale: 1, originX: 0, originY: 0, worldWidth: Float(Scene.frameWidth),
    worldHeight: Float(Scene.frameHeight))

  package func x(_ value: Float) -> Float { originX + value * scale }
  package func y(_ value: Float) -> Float { originY + value * scale }
}

// In an extension, so the struct keeps its memberwise initialiser (``frame``'s).
extension FrameMapping {
  /// The world layer of `scene`.
  package init(scene: Scene) {
    worldWidth = max(1, scene.worldWidth)
    worldHeight = max(1, scene.worldHeight)
    let frameWidth = Float(Scene.frameWidth)
    let frameHeight = Float(Scene.frameHeight)
    scale = min(frameWidth / worldWidth, frameHeight / worldHeight)
    originX = (frameWidth - worldWidth * scale) / 2
    originY = (frameHeight - worldHeight * scale) / 2
  }
}
