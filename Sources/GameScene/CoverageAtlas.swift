#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Where one table starts in `table`, its size in cells, and the image's size in cells
  /// (a turned image's table is coarser than its pixels: see ``init(images:headings:)``).
  struct Entry: Sendable {
    var offset: Int
    var width: Int
    var height: Int
    var unitsWidth: Float
    var unitsHeight: Float
  }

  /// The tables, `headings` an image: image `n` turned to heading `k` is entry
  /// `n × headings + k`.
  let entries: [Entry]
  /// How many headings each image is turned to (1: drawn as it is only).
  let headings: Int
  /// Image numbers by name.
  private let numbers: [String: Int]
  /// Every table, one after the other: a `(width + 1) × (height + 1)` grid whose entry
  /// (x, y) is the sum of premultiplied (red, green, blue, alpha), each 0...1, over the cells
  /// left of x and above y.
  let table: [SIMD4<Float>]

  /// The most cells a turned image's table has: a turned image is kept at a coarser grid
  /// (cells of 2 × 2 pixels or more) when its pixels would be more, which keeps an atlas of
  /// 64 headings to a few MB while a cell stays well under a raster pixel's 15 × 9.
  static let turnedCells = 625

  /// An atlas of `images`: each a name and `width × height` straight (not premultiplied)
  /// 0xAARRGGBB pixels, row by row, also turned to `headings` headings (clockwise, evenly
  /// spaced from 0, each the same size as the image, turned about its centre with bilinear
  /// filtering as SDL turns a sprite). A name given twice keeps its first image.
  public init(
    images: [(name: String, width: Int, height: Int, pixels: [UInt32])], headings: Int = 1
  ) {
    precondition(headings >= 1, "an atlas has at least one heading")
    var entries: [Entry] = []
    var numbers: [String: Int] = [:]
    var table: [SIMD4<Float>] = []
    for image in images {
      precondition(
        image.width >= 0 && image.height >= 0 && image.pixels.count == image.width * image.height,
        "image '\(image.name)' has \(image.pixels.count) pixels, not \(image.width) × \(image.height)")
      if numbers[image.name] == nil { numbers[image.name] = entries.count / headings }
      let upright = image.pixels.map(Self.premultiplied)
      var step = 1
      while ((image.width + step - 1) / step + 1) * ((image.height + step - 1) / step + 1)
        > Self.turnedCells
      {
        step += 1
      }
      // Turned images are turned from the cells, not the pixels: 63 turns of a few hundred
      // cells each load in milliseconds.
      let columns = (image.width + step - 1) / step
      let rows = (image.height + step - 1) / step
      let cells = Self.shrunk(upright, image.width, image.height, step: step)
      let unitsWidth = Float(image.width) / Float(step)
      let unitsHeight = Float(image.height) / Float(step)
      for heading in 0..<headings {
        if heading == 0 {
          entries.append(
            Self.append(
              upright, image.width, image.height, units: (Float(image.width), Float(image.height)),
              to: &table))
        } else {
          let radians = Float(heading) * 2 * .pi / Float(headings)
          let turned = Self.turned(
            cells, columns, rows, centre: (unitsWidth / 2, unitsHeight / 2), radians)
          entries.append(
            Self.append(turned, columns, rows, units: (unitsWidth, unitsHeight), to: &table))
        }
      }
    }
    self.entries = entries
    self.headings = headings
    self.numbers = numbers
    self.table = table
  }

  /// The number of image `name`, or nil when the atlas has none of that name.
  public func number(_ name: String) -> Int? { numbers[name] }

  /// How many images the atlas holds.
  public var count: Int { entries.count / headings }

  /// The size of image `number`, in pixels.
  public func size(_ number: Int) -> (width: Int, height: Int) {
    (entries[number * headings].width, entries[number * headings].height)
  }

  /// Appends the table of `cells` (premultiplied, `width × height`) to `table`, and returns
  /// its entry: an image `units` cells across and down (less than the table's size when its
  /// last cells are partly outside it).
  private static func append(
    _ cells: [SIMD4<Float>], _ width: Int, _ height: Int, units: (Float, Float),
    to table: inout [SIMD4<Float>]
  ) -> Entry {
    let stride = width + 1
    let start = table.count
    table.append(contentsOf: repeatElement(SIMD4<Float>(), count: stride * (height + 1)))
    table.withUnsafeMutableBufferPointer { buffer in
      let sums = buffer.baseAddress! + start
      for y in 0..<height {
        var row = SIMD4<Float>()
        for x in 0..<width {
          row += cells[y * width + x]
          sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row
        }
      }
    }
    return Entry(
      offset: start, width: width, height: height, unitsWidth: units.0, unitsHeight: units.1)
  }

  /// `pixels` (`width × height`) as cells of `step × step` pixels, each the sum of its pixels
  /// over `step²` (those past the image's edge count as transparent).
  private static func shrunk(
    _ pixels: [SIMD4<Float>], _ width: Int, _ height: Int, step: Int
  ) -> [SIMD4<Float>] {
    guard step > 1 else { return pixels }
    let columns = (width + step - 1) / step
    var cells = [SIMD4<Float>](repeating: SIMD4(), count: columns * ((height + step - 1) / step))
    let share = 1 / Float(step * step)
    for y in 0..<height {
      for x in 0..<width { cells[y / step * columns + x / step] += pixels[y * width + x] * share }
    }
    return cells
  }

  /// `pixels` (premultiplied, `width × height`) turned `radians` clockwise about `centre`,
  /// sampled bilinearly, into an image of the same size.
  private static func turned(
    _ pixels: [SIMD4<Float>], _ width: Int, _ height: Int, centre: (x: Float, y: Float),
    _ radians: Float
  ) -> [SIMD4<Float>] {
    let c = cos(radians)
    let s = sin(radians)
    func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
      (0..<width).contains(x) && (0..<height).contains(y) ? pixels[y * width + x] : SIMD4()
    }
    var out = [SIMD4<Float>](repeating: SIMD4(), count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let dx = Float(x) + 0.5 - centre.x
        let dy = Float(y) + 0.5 - centre.y
        let u = c * dx + s * dy + centre.x - 0.5
        let v = c * dy - s * dx + centre.y - 0.5
        let x0 = Int(u.rounded(.down))
        let y0 = Int(v.rounded(.down))
        let fx = u - Float(x0)
        let fy = v - Float(y0)
        let top = pixel(x0, y0) + (pixel(x0 + 1, y0) - pixel(x0, y0)) * fx
        let bottom = pixel(x0, y0 + 1) + (pixel(x0 + 1, y0 + 1) - pixel(x0, y0 + 1)) * fx
        out[y * width + x] = top + (bottom - top) * fy
      }
    }
    return out
  }

  /// A straight 0xAARRGGBB pixel as premultiplied channels, each 0...1.
  static func premultiplied(_ pixel: UInt32) -> SIMD4<Float> {
    let alpha = Float(pixel >> 24) / 255
    let red = Float((pixel >> 16) & 0xFF) / 255
    let green = Float((pixel >> 8) & 0xFF) / 255
    let blue = Float(pixel & 0xFF) / 255
    return SIMD4(red * alpha, green * alpha, blue * alpha, alpha)
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
