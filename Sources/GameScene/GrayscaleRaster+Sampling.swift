#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The one loop under sprites, images, particles and glyphs: each raster pixel the image can
// touch takes the image's average over the pixel's box of the frame, from the image's
// summed-area table.

extension GrayscaleRaster {
  /// Blends image `number` of `atlas`, drawn `width × height` frame pixels with its top-left
  /// corner at (`left`, `top`) and turned `angle` radians clockwise about its centre, its
  /// colour multiplied by `tint` (red, green, blue, each 0...1) and its alpha by `alpha`, as
  /// SDL's colour and alpha modulation do.
  ///
  /// Each raster pixel's box, turned back into the image, is averaged as an upright box of
  /// the same spread (exact when the image is not turned; a close stand-in when it is).
  func blendImage(
    _ atlas: CoverageAtlas, _ number: Int, left: Float, top: Float, width w: Float,
    height h: Float, angle: Float, tint: SIMD4<Float> = SIMD4(1, 1, 1, 0), alpha: Float = 1,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    let entry = atlas.entries[number]
    guard w > 0, h > 0, alpha > 0, entry.width > 0, entry.height > 0 else { return }
    if angle == 0 {
      return blendUpright(
        atlas, entry, left: left, top: top, width: w, height: h, tint: tint, alpha: alpha, pixels)
    }
    let cx = left + w / 2
    let cy = top + h / 2
    let c = cos(angle)
    let s = sin(angle)
    // The turned image's reach from its centre, and the raster pixels within it.
    let reachX = (abs(c) * w + abs(s) * h) / 2
    let reachY = (abs(s) * w + abs(c) * h) / 2
    let firstColumn = max(0, Int(((cx - reachX) / pixelWidth).rounded(.down)))
    let endColumn = min(width, Int(((cx + reachX) / pixelWidth).rounded(.up)))
    let firstRow = max(0, Int(((cy - reachY) / pixelHeight).rounded(.down)))
    let endRow = min(height, Int(((cy + reachY) / pixelHeight).rounded(.up)))
    guard firstColumn < endColumn && firstRow < endRow else { return }
    // Frame pixels to image pixels, and half the pixel's box in image pixels.
    let kx = Float(entry.width) / w
    let ky = Float(entry.height) / h
    let halfX = ((pixelWidth * c) * (pixelWidth * c) + (pixelHeight * s) * (pixelHeight * s))
      .squareRoot() / 2 * kx
    let halfY = ((pixelWidth * s) * (pixelWidth * s) + (pixelHeight * c) * (pixelHeight * c))
      .squareRoot() / 2 * ky
    let weights = SIMD4<Float>(0.299, 0.587, 0.114, 0) * tint * (255 * alpha / (4 * halfX * halfY))
    let opacity = alpha / (4 * halfX * halfY)
    let imageX = Float(entry.width) / 2
    let imageY = Float(entry.height) / 2
    atlas.table.withUnsafeBufferPointer { buffer in
      guard let table = buffer.baseAddress else { return }
      for row in firstRow..<endRow {
        let dy = (Float(row) + 0.5) * pixelHeight - cy
        for column in firstColumn..<endColumn {
          let dx = (Float(column) + 0.5) * pixelWidth - cx
          let x = (dx * c + dy * s) * kx + imageX
          let y = (dy * c - dx * s) * ky + imageY
          let sum = atlas.sum(entry, x - halfX, y - halfY, x + halfX, y + halfY, in: table)
          guard sum.w > 0 else { continue }
          let grey = (sum * weights).sum()
          blend(row * width + column, grey: grey, alpha: min(1, sum.w * opacity), pixels)
        }
      }
    }
  }

  /// ``blendImage`` of an image not turned: the pixels' boxes tile the image, so neighbours
  /// share their corners and each pixel costs one look-up of the table (a row of corners
  /// kept from the row above, on the stack).
  private func blendUpright(
    _ atlas: CoverageAtlas, _ entry: CoverageAtlas.Entry, left: Float, top: Float,
    width w: Float, height h: Float, tint: SIMD4<Float>, alpha: Float,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    let firstColumn = max(0, Int((left / pixelWidth).rounded(.down)))
    let endColumn = min(width, Int(((left + w) / pixelWidth).rounded(.up)))
    let firstRow = max(0, Int((top / pixelHeight).rounded(.down)))
    let endRow = min(height, Int(((top + h) / pixelHeight).rounded(.up)))
    guard firstColumn < endColumn && firstRow < endRow else { return }
    let kx = Float(entry.width) / w
    let ky = Float(entry.height) / h
    let area = pixelWidth * kx * pixelHeight * ky
    let weights = SIMD4<Float>(0.299, 0.587, 0.114, 0) * tint * (255 * alpha / area)
    let opacity = alpha / area
    atlas.table.withUnsafeBufferPointer { buffer in
      guard let table = buffer.baseAddress else { return }
      let base = table + entry.offset
      func x(_ column: Int) -> Float { (Float(column) * pixelWidth - left) * kx }
      func y(_ row: Int) -> Float { (Float(row) * pixelHeight - top) * ky }
      // Up to 63 columns at a time: 64 corners, 1 KB, always on the stack.
      var chunk = firstColumn
      while chunk < endColumn {
        let end = min(endColumn, chunk + 63)
        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: 64) { above in
          let top = y(firstRow)
          for column in chunk...end {
            above[column - chunk] = atlas.clampedCorner(base, entry, x(column), top)
          }
          for row in firstRow..<endRow {
            let bottom = y(row + 1)
            var previous = atlas.clampedCorner(base, entry, x(chunk), bottom)
            for column in chunk..<end {
              let next = atlas.clampedCorner(base, entry, x(column + 1), bottom)
              let index = column - chunk
              let sum = next - previous - above[index + 1] + above[index]
              above[index] = previous
              previous = next
              if sum.w > 0 {
                blend(
                  row * width + column, grey: (sum * weights).sum(),
                  alpha: min(1, sum.w * opacity), pixels)
              }
            }
            above[end - chunk] = previous
          }
        }
        chunk = end
      }
    }
  }
}
