/// One sprite image ready to be blended straight into a surface: premultiplied 0xAARRGGBB
/// pixels, cropped to the box that has any colour in it, with the lit span of every row.
///
/// Most of a sprite's square is transparent (a 32 × 32 rock outline is a thin ring), so the
/// crop and the row spans keep the inner loop on pixels that change the picture; premultiplied
/// colour makes each of those one multiply-add instead of SDL's per-pixel format decoding.
struct SpriteFrame {
  /// Where the cropped box sits inside the uncropped image, in pixels.
  let offsetX: Int
  let offsetY: Int
  /// Size of the cropped box.
  let width: Int
  let height: Int
  /// `width × height` premultiplied pixels, row by row.
  let pixels: [UInt32]
  /// For each row, the first lit column and one past the last (both 0 for an empty row).
  let spans: [(start: Int, end: Int)]

  /// Crops and premultiplies `straight`, `width × height` un-premultiplied 0xAARRGGBB pixels.
  init(straight: [UInt32], width: Int, height: Int) {
    var top = height
    var bottom = 0
    var left = width
    var right = 0
    for y in 0..<height {
      for x in 0..<width where straight[y * width + x] >> 24 != 0 {
        top = min(top, y)
        bottom = max(bottom, y + 1)
        left = min(left, x)
        right = max(right, x + 1)
      }
    }
    if top >= bottom { (top, bottom, left, right) = (0, 0, 0, 0) }
    offsetX = left
    offsetY = top
    self.width = right - left
    self.height = bottom - top
    var pixels = [UInt32](repeating: 0, count: self.width * self.height)
    var spans = [(start: Int, end: Int)](repeating: (0, 0), count: self.height)
    for y in 0..<self.height {
      var start = self.width
      var end = 0
      for x in 0..<self.width {
        let pixel = Self.premultiplied(straight[(y + top) * width + x + left])
        pixels[y * self.width + x] = pixel
        if pixel >> 24 != 0 {
          start = min(start, x)
          end = x + 1
        }
      }
      spans[y] = start < end ? (start, end) : (0, 0)
    }
    self.pixels = pixels
    self.spans = spans
  }

  /// `pixel` with each colour channel multiplied by its alpha (rounded).
  static func premultiplied(_ pixel: UInt32) -> UInt32 {
    let alpha = pixel >> 24
    if alpha == 255 { return pixel }
    func channel(_ shift: UInt32) -> UInt32 { (((pixel >> shift) & 0xFF) * alpha + 127) / 255 }
    return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
  }
}
