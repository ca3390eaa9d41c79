// The one loop under sprites, images, particles and glyphs: each raster pixel the image covers
// takes the image's average over the pixel's box of the frame, from the image's summed-area
// table.

extension GrayscaleRaster {
  /// Blends image `number` of `atlas` turned to `heading` (of the atlas's headings), drawn
  /// `width × height` frame pixels with its top-left corner at (`left`, `top`), its colour
  /// multiplied by `tint` (red, green, blue, each 0...1) and its alpha by `alpha`, as SDL's
  /// colour and alpha modulation do.
  ///
  /// The pixels' boxes tile the image, so neighbours share their corners and each pixel costs
  /// one look-up of the table (a row of corners is kept from the row above, on the stack).
  func blendImage(
    _ atlas: CoverageAtlas, _ number: Int, heading: Int = 0, left: Float, top: Float,
    width w: Float, height h: Float, tint: SIMD4<Float> = SIMD4(1, 1, 1, 0), alpha: Float = 1,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    let entry = atlas.entries[number * atlas.headings + heading]
    // From the frame's pixels to the region's (the same numbers for the whole frame).
    let left = left - originX
    let top = top - originY
    guard w > 0, h > 0, alpha > 0, entry.width > 0, entry.height > 0 else { return }
    let firstColumn = max(0, Int((left / pixelWidth).rounded(.down)))
    let endColumn = min(width, Int(((left + w) / pixelWidth).rounded(.up)))
    let firstRow = max(0, Int((top / pixelHeight).rounded(.down)))
    let endRow = min(height, Int(((top + h) / pixelHeight).rounded(.up)))
    guard firstColumn < endColumn && firstRow < endRow else { return }
    // Frame pixels to the table's cells; a pixel's box in cells.
    let kx = entry.unitsWidth / w
    let ky = entry.unitsHeight / h
    let area = pixelWidth * kx * pixelHeight * ky
    let weights = channelWeights * tint * (255 * alpha / area)
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
              if sum.w > 1e-6 {
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
