import CSDL2

/// The pixels of a 32-bit ARGB8888 surface, drawn into directly: clear and blend
/// ``SpriteFrame``s with clipping.
///
/// SDL's software blitter spends about 1.5 µs setting up each blit and about 5 ns on each
/// covered pixel; a few thousand sprites a frame is then mostly overhead. These loops do the
/// same "over" blend (source alpha, destination kept opaque) on premultiplied pixels, only over
/// the lit span of each row of a cropped frame.
struct SurfaceCanvas {
  private let base: UnsafeMutablePointer<UInt32>
  let width: Int
  let height: Int
  /// Pixels from one row to the next.
  private let stride: Int

  /// The canvas over `surface`, which must be ARGB8888 and stay alive (and unlocked-safe:
  /// no RLE) while the canvas is used.
  init(surface: UnsafeMutablePointer<SDL_Surface>) {
    precondition(
      surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
      "SurfaceCanvas draws ARGB8888 surfaces only")
    base = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
    width = Int(surface.pointee.w)
    height = Int(surface.pointee.h)
    stride = Int(surface.pointee.pitch) / 4
  }

  /// Fills the canvas with one opaque 0xAARRGGBB colour (black by default).
  func clear(_ color: UInt32 = 0xFF00_0000) {
    for y in 0..<height { (base + y * stride).update(repeating: color, count: width) }
  }

  /// Blends `frame` with the top-left of its uncropped image at (`x`, `y`), its alpha scaled
  /// by `alpha` / 255; whatever falls outside the canvas is clipped.
  func blit(_ frame: SpriteFrame, x: Int, y: Int, alpha: UInt32 = 255) {
    let left = x + frame.offsetX
    let top = y + frame.offsetY
    let firstRow = max(0, -top)
    let endRow = min(frame.height, height - top)
    let firstColumn = max(0, -left)
    let endColumn = min(frame.width, width - left)
    guard firstRow < endRow, firstColumn < endColumn, alpha > 0 else { return }
    frame.pixels.withUnsafeBufferPointer { pixels in
      guard let source = pixels.baseAddress else { return }
      for row in firstRow..<endRow {
        let span = frame.spans[row]
        let start = max(firstColumn, span.start)
        let end = min(endColumn, span.end)
        if start >= end { continue }
        let from = source + row * frame.width
        let to = base + (top + row) * stride + left
        // No branch on the pixel: a transparent pixel (0) leaves the destination as it is
        // and an opaque one replaces it, exactly, so the loop can run on vector registers.
        if alpha == 255 {
          for column in start..<end {
            let pixel = from[column]
            to[column] = Self.over(pixel, to[column], alpha: pixel >> 24)
          }
        } else {
          for column in start..<end {
            let pixel = Self.scaled(from[column], by: alpha)
            to[column] = Self.over(pixel, to[column], alpha: pixel >> 24)
          }
        }
      }
    }
  }

  /// Premultiplied `source` over opaque `destination`: source + destination × (255 − alpha).
  @inline(__always)
  static func over(_ source: UInt32, _ destination: UInt32, alpha: UInt32) -> UInt32 {
    source &+ scaled(destination & 0x00FF_FFFF, by: 255 &- alpha) | 0xFF00_0000
  }

  /// Every channel of `pixel` multiplied by `factor` / 255, rounded (two channels a multiply).
  @inline(__always)
  static func scaled(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    var redBlue = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
    redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var alphaGreen = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
    alphaGreen = (alphaGreen &+ ((alphaGreen >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return redBlue | alphaGreen
  }
}
