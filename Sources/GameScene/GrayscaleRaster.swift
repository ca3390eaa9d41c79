/// Draws a scene small and grey with no SDL: the pixel observations of training
/// environments (84 × 84 by default, as agents that learn from Atari frames expect).
///
/// A sketch of the frame, not the window's picture: the whole 1,280 × 720 frame squeezed into
/// `width` × `height` (the world fitted into the frame as the renderer fits it, then the
/// overlay), each pixel the luminance of what covers its centre (ITU-R BT.601 weights, alpha
/// blended). Rectangles are filled or outlined, lines and polygon outlines drawn one pixel
/// wide, sprites and images as a dot at their position (their size is in the atlas, which
/// this code never loads), text left out. It allocates nothing and reads no assets, so it
/// draws a small frame in microseconds.
public struct GrayscaleRaster: Sendable {
  /// Pixels across.
  public let width: Int
  /// Pixels down.
  public let height: Int

  /// A raster of `width` × `height` pixels.
  public init(width: Int = 84, height: Int = 84) {
    precondition(width > 0 && height > 0, "a raster has at least one pixel")
    self.width = width
    self.height = height
  }

  /// Draws `scene` into `pixels` (`width × height` bytes, row by row).
  public func draw(_ scene: Scene, into pixels: UnsafeMutablePointer<UInt8>) {
    let background = Self.luminance(scene.background)
    pixels.update(repeating: background, count: width * height)
    let frameWidth = Float(Scene.frameWidth)
    let frameHeight = Float(Scene.frameHeight)
    let worldWidth = max(1, scene.worldWidth)
    let worldHeight = max(1, scene.worldHeight)
    let scale = min(frameWidth / worldWidth, frameHeight / worldHeight)
    let world = Mapping(
      scaleX: scale * Float(width) / frameWidth, scaleY: scale * Float(height) / frameHeight,
      originX: (frameWidth - worldWidth * scale) / 2 * Float(width) / frameWidth,
      originY: (frameHeight - worldHeight * scale) / 2 * Float(height) / frameHeight)
    let overlay = Mapping(
      scaleX: Float(width) / frameWidth, scaleY: Float(height) / frameHeight, originX: 0,
      originY: 0)
    for shape in scene.world { draw(shape, world, pixels) }
    for shape in scene.overlay { draw(shape, overlay, pixels) }
  }

  /// From a layer's units to raster pixels.
  struct Mapping {
    var scaleX: Float
    var scaleY: Float
    var originX: Float
    var originY: Float
    func x(_ value: Float) -> Float { originX + value * scaleX }
    func y(_ value: Float) -> Float { originY + value * scaleY }
  }

  private func draw(_ shape: Shape, _ map: Mapping, _ pixels: UnsafeMutablePointer<UInt8>) {
    switch shape {
    case .rect(let rect):
      let (x0, y0) = (map.x(rect.x), map.y(rect.y))
      let (x1, y1) = (map.x(rect.x + rect.width), map.y(rect.y + rect.height))
      if rect.filled {
        fill(x0, y0, x1, y1, rect.color, pixels)
      } else {
        line(x0, y0, x1, y0, rect.color, pixels)
        line(x1, y0, x1, y1, rect.color, pixels)
        line(x1, y1, x0, y1, rect.color, pixels)
        line(x0, y1, x0, y0, rect.color, pixels)
      }
    case .line(let segment):
      line(
        map.x(segment.x1), map.y(segment.y1), map.x(segment.x2), map.y(segment.y2),
        segment.color, pixels)
    case .polygon(let polygon):
      for index in polygon.points.indices {
        let a = polygon.points[index]
        let b = polygon.points[(index + 1) % polygon.points.count]
        line(map.x(a.x), map.y(a.y), map.x(b.x), map.y(b.y), polygon.color, pixels)
      }
    case .sprite(let sprite):
      plot(Int(map.x(sprite.x)), Int(map.y(sprite.y)), .white, pixels)
    case .image(let image):
      if let w = image.width, let h = image.height {
        fill(map.x(image.x), map.y(image.y), map.x(image.x + w), map.y(image.y + h), .white, pixels)
      } else {
        plot(Int(map.x(image.x)), Int(map.y(image.y)), .white, pixels)
      }
    case .text:
      break
    }
  }

  /// Fills the pixels whose centres lie in the box, at least one when the box has any size.
  private func fill(
    _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    let left = max(0, Int(min(x0, x1).rounded()))
    let top = max(0, Int(min(y0, y1).rounded()))
    let right = min(width, max(Int(max(x0, x1).rounded()), left + 1))
    let bottom = min(height, max(Int(max(y0, y1).rounded()), top + 1))
    guard left < right && top < bottom else { return }
    for y in top..<bottom {
      for x in left..<right { blend(y * width + x, color, pixels) }
    }
  }

  /// A one-pixel line from (x0, y0) to (x1, y1), a step per pixel of its longer side.
  private func line(
    _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    let steps = min(Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)), 4 * (width + height))
    guard steps > 0 else { return plot(Int(x0), Int(y0), color, pixels) }
    for step in 0...steps {
      let t = Float(step) / Float(steps)
      plot(Int(x0 + (x1 - x0) * t), Int(y0 + (y1 - y0) * t), color, pixels)
    }
  }

  private func plot(_ x: Int, _ y: Int, _ color: Color, _ pixels: UnsafeMutablePointer<UInt8>) {
    guard (0..<width).contains(x) && (0..<height).contains(y) else { return }
    blend(y * width + x, color, pixels)
  }

  private func blend(_ offset: Int, _ color: Color, _ pixels: UnsafeMutablePointer<UInt8>) {
    let alpha = Int(color.alpha)
    let value = Int(Self.luminance(color))
    pixels[offset] = UInt8((value * alpha + Int(pixels[offset]) * (255 - alpha)) / 255)
  }

  /// A colour's grey: 0.299 R + 0.587 G + 0.114 B.
  static func luminance(_ color: Color) -> UInt8 {
    let red: Int = 299 * Int(color.red)
    let green: Int = 587 * Int(color.green)
    let blue: Int = 114 * Int(color.blue)
    return UInt8((red + green + blue) / 1000)
  }
}
