/// A set of images as summed-area tables of their premultiplied colour: what
/// ``GrayscaleRaster`` samples to draw sprites, images and glyphs at their real size.
///
/// One raster pixel of an 84 × 84 observation covers about 15 × 9 pixels of the 1,280 × 720
/// frame, so what it shows of an image is the average of the image over that box. A
/// summed-area table answers "the sum over any box" with four look-ups whatever the box's
/// size, so the raster averages an image exactly (box-filtered, as a downscaled frame would
/// be) at any scale, with no per-frame work but those look-ups. Made once, when assets load
/// (GameRender reads the game's sprite sheet and the engine's font into one); read-only after,
/// so any number of threads can draw with it.
public struct CoverageAtlas: Sendable {
  /// Where one image's table starts in `table` and its size in pixels.
  struct Entry: Sendable {
    var offset: Int
    var width: Int
    var height: Int
  }

  /// The images, by number (their order in the initialiser).
  let entries: [Entry]
  /// Image numbers by name.
  private let numbers: [String: Int]
  /// Every image's `(width + 1) × (height + 1)` table, one after the other: entry (x, y) is
  /// the sum of premultiplied (red, green, blue, alpha), each 0...1, over the pixels left of
  /// x and above y.
  let table: [SIMD4<Float>]

  /// An atlas of `images`: each a name and `width × height` straight (not premultiplied)
  /// 0xAARRGGBB pixels, row by row. A name given twice keeps its first image.
  public init(images: [(name: String, width: Int, height: Int, pixels: [UInt32])]) {
    var entries: [Entry] = []
    var numbers: [String: Int] = [:]
    var table: [SIMD4<Float>] = []
    for image in images {
      precondition(
        image.width >= 0 && image.height >= 0 && image.pixels.count == image.width * image.height,
        "image '\(image.name)' has \(image.pixels.count) pixels, not \(image.width) × \(image.height)")
      if numbers[image.name] == nil { numbers[image.name] = entries.count }
      entries.append(Entry(offset: table.count, width: image.width, height: image.height))
      let stride = image.width + 1
      let start = table.count
      table.append(contentsOf: repeatElement(SIMD4<Float>(), count: stride * (image.height + 1)))
      for y in 0..<image.height {
        var row = SIMD4<Float>()
        for x in 0..<image.width {
          row += Self.premultiplied(image.pixels[y * image.width + x])
          table[start + (y + 1) * stride + x + 1] = table[start + y * stride + x + 1] + row
        }
      }
    }
    self.entries = entries
    self.numbers = numbers
    self.table = table
  }

  /// The number of image `name`, or nil when the atlas has none of that name.
  public func number(_ name: String) -> Int? { numbers[name] }

  /// How many images the atlas holds.
  public var count: Int { entries.count }

  /// The size of image `number`, in pixels.
  public func size(_ number: Int) -> (width: Int, height: Int) {
    (entries[number].width, entries[number].height)
  }

  /// A straight 0xAARRGGBB pixel as premultiplied channels, each 0...1.
  static func premultiplied(_ pixel: UInt32) -> SIMD4<Float> {
    let alpha = Float(pixel >> 24) / 255
    let red = Float((pixel >> 16) & 0xFF) / 255
    let green = Float((pixel >> 8) & 0xFF) / 255
    let blue = Float(pixel & 0xFF) / 255
    return SIMD4(red * alpha, green * alpha, blue * alpha, alpha)
  }

  /// The sum of image `entry`'s premultiplied pixels over the box from (`x0`, `y0`) to
  /// (`x1`, `y1`), in its pixels (fractions of a pixel count by their area); what lies outside
  /// the image counts as transparent.
  @inline(__always)
  func sum(
    _ entry: Entry, _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float,
    in table: UnsafePointer<SIMD4<Float>>
  ) -> SIMD4<Float> {
    let width = Float(entry.width)
    let height = Float(entry.height)
    let left = max(0, x0)
    let right = min(width, x1)
    let top = max(0, y0)
    let bottom = min(height, y1)
    guard left < right && top < bottom else { return SIMD4() }
    let base = table + entry.offset
    let a = corner(base, entry, right, bottom)
    let b = corner(base, entry, left, bottom)
    let c = corner(base, entry, right, top)
    let d = corner(base, entry, left, top)
    return a - b - c + d
  }

  /// The sum over the image's pixels left of `x` and above `y`, anywhere (clamped to the
  /// image).
  @inline(__always)
  func clampedCorner(
    _ base: UnsafePointer<SIMD4<Float>>, _ entry: Entry, _ x: Float, _ y: Float
  ) -> SIMD4<Float> {
    corner(base, entry, min(Float(entry.width), max(0, x)), min(Float(entry.height), max(0, y)))
  }

  /// The table at a point inside the image, interpolated between its four neighbours: the
  /// exact sum up to that point, the image being constant over each pixel.
  @inline(__always)
  func corner(
    _ base: UnsafePointer<SIMD4<Float>>, _ entry: Entry, _ x: Float, _ y: Float
  ) -> SIMD4<Float> {
    let column = min(Int(x), entry.width - 1)
    let row = min(Int(y), entry.height - 1)
    let fx = x - Float(column)
    let fy = y - Float(row)
    let stride = entry.width + 1
    let p = base + row * stride + column
    let top = p[0] + (p[1] - p[0]) * fx
    let bottom = p[stride] + (p[stride + 1] - p[stride]) * fx
    return top + (bottom - top) * fy
  }
}
