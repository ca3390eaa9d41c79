// Rectangles, lines and polygons: each raster pixel takes the colour by the share of its box
// of the frame that the shape covers, the pixels the renderer would fill.

extension GrayscaleRaster {
  /// The frame pixels SDL's software renderer covers for a rectangle: corner and size
  /// truncated to whole frame pixels, at least one pixel each way; nil when it cannot be
  /// placed (``placeable(_:_:_:_:)``).
  @inline(__always)
  static func pixelBox(_ x: Float, _ y: Float, _ w: Float, _ h: Float)
    -> (left: Float, top: Float, right: Float, bottom: Float)?
  {
    guard placeable(x, y, w, h) else { return nil }
    let left = Float(Int(x))
    let top = Float(Int(y))
    return (left, top, left + max(Float(Int(w)), 1), top + max(Float(Int(h)), 1))
  }

  /// A filled rectangle as SDL's software renderer fills it (``pixelBox(_:_:_:_:)``).
  func fillRect(
    _ x: Float, _ y: Float, _ w: Float, _ h: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    guard let box = Self.pixelBox(x, y, w, h) else { return }
    fillBox(box.left, box.top, box.right, box.bottom, color, pixels)
  }

  /// A rectangle's one-pixel outline, inside its box as SDL draws it.
  func outlineRect(
    _ x: Float, _ y: Float, _ w: Float, _ h: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    guard let box = Self.pixelBox(x, y, w, h) else { return }
    let (left, top, right, bottom) = box
    fillBox(left, top, right, top + 1, color, pixels)
    if bottom - top > 1 { fillBox(left, bottom - 1, right, bottom, color, pixels) }
    guard bottom - top > 2 else { return }
    fillBox(left, top + 1, left + 1, bottom - 1, color, pixels)
    if right - left > 1 { fillBox(right - 1, top + 1, right, bottom - 1, color, pixels) }
  }

  /// Blends `color` over the box from (`x0`, `y0`) to (`x1`, `y1`) in frame pixels, clipped
  /// to the frame's region the raster shows: each raster pixel by the share of its area
  /// inside the box.
  func fillBox(
    _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    let left = (max(originX, x0) - originX) / pixelWidth
    let right = (min(regionRight, x1) - originX) / pixelWidth
    let top = (max(originY, y0) - originY) / pixelHeight
    let bottom = (min(regionBottom, y1) - originY) / pixelHeight
    guard left < right && top < bottom else { return }
    let alpha = Float(color.alpha) / 255
    let grey = Float(luminance(color)) * alpha
    let firstColumn = Int(left)
    let endColumn = min(width, Int(right.rounded(.up)))
    for row in Int(top)..<min(height, Int(bottom.rounded(.up))) {
      let coverY = min(bottom, Float(row + 1)) - max(top, Float(row))
      for column in firstColumn..<endColumn {
        let cover = coverY * (min(right, Float(column + 1)) - max(left, Float(column)))
        blend(row * width + column, grey: grey * cover, alpha: alpha * cover, pixels)
      }
    }
  }

  /// A one-pixel line as SDL draws it: the pixels of the steps between the two truncated
  /// end points, both included; each raster pixel takes the share of its area those pixels
  /// cover.
  func line(
    _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ color: Color,
    _ pixels: UnsafeMutablePointer<UInt8>
  ) {
    guard Self.placeable(x0, y0, x1, y1) else { return }
    let ax = Float(Int(x0)) + 0.5
    let ay = Float(Int(y0)) + 0.5
    let bx = Float(Int(x1)) + 0.5
    let by = Float(Int(y1)) + 0.5
    let steps = max(abs(bx - ax), abs(by - ay))
    guard steps > 0 else { return fillBox(ax - 0.5, ay - 0.5, ax + 0.5, ay + 0.5, color, pixels) }
    // The steps + 1 pixels spread evenly along the line, half a step past each end.
    let stepX = (bx - ax) / steps / 2
    let stepY = (by - ay) / steps / 2
    let alpha = Float(color.alpha) / 255
    let perUnit = (steps + 1) / (pixelWidth * pixelHeight)
    traverse(
      (ax - stepX - originX) / pixelWidth, (ay - stepY - originY) / pixelHeight,
      (bx + stepX - originX) / pixelWidth, (by + stepY - originY) / pixelHeight
    ) { offset, share in
      let cover = share * perUnit
      blend(
        offset, grey: Float(luminance(color)) * alpha * cover, alpha: alpha * cover, pixels)
    }
  }

  /// Calls `body` with each raster pixel the segment from (`x0`, `y0`) to (`x1`, `y1`) (in
  /// raster pixels) crosses and the share of the segment's length inside it, in order.
  private func traverse(
    _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ body: (Int, Float) -> Void
  ) {
    let dx = x1 - x0
    let dy = y1 - y0
    // Clip to the raster (Liang-Barsky).
    var enter: Float = 0
    var leave: Float = 1
    func clip(_ p: Float, _ q: Float) -> Bool {
      if p == 0 { return q >= 0 }
      if p < 0 { enter = max(enter, q / p) } else { leave = min(leave, q / p) }
      return true
    }
    guard clip(-dx, x0), clip(dx, Float(width) - x0), clip(-dy, y0), clip(dy, Float(height) - y0),
      enter < leave
    else { return }
    let startX = x0 + dx * enter
    let startY = y0 + dy * enter
    var column = min(width - 1, Int(startX))
    var row = min(height - 1, Int(startY))
    let stepColumn = dx > 0 ? 1 : -1
    let stepRow = dy > 0 ? 1 : -1
    let deltaX: Float = dx == 0 ? .infinity : abs(1 / dx)
    let deltaY: Float = dy == 0 ? .infinity : abs(1 / dy)
    var nextX: Float =
      dx == 0 ? .infinity : (Float(dx > 0 ? column + 1 : column) - x0) / dx
    var nextY: Float =
      dy == 0 ? .infinity : (Float(dy > 0 ? row + 1 : row) - y0) / dy
    var t = enter
    for _ in 0..<(width + height + 2) {
      let end = min(nextX, nextY, leave)
      if end > t, (0..<width).contains(column), (0..<height).contains(row) {
        body(row * width + column, end - t)
      }
      t = end
      if t >= leave { return }
      if nextX <= nextY {
        column += stepColumn
        nextX += deltaX
      } else {
        row += stepRow
        nextY += deltaY
      }
    }
  }

  /// A polygon: its outline as lines, or filled (even-odd) by the share of 4 × 4 points of
  /// each raster pixel inside it.
  func draw(_ polygon: Polygon, _ map: FrameMapping, _ pixels: UnsafeMutablePointer<UInt8>) {
    let points = polygon.points
    guard points.count >= 2 else { return }
    guard polygon.filled, points.count >= 3 else {
      for index in points.indices {
        let a = points[index]
        let b = points[(index + 1) % points.count]
        line(map.x(a.x), map.y(a.y), map.x(b.x), map.y(b.y), polygon.color, pixels)
      }
      return
    }
    var minX = Float.infinity
    var maxX = -Float.infinity
    var minY = Float.infinity
    var maxY = -Float.infinity
    for point in points {
      minX = min(minX, map.x(point.x))
      maxX = max(maxX, map.x(point.x))
      minY = min(minY, map.y(point.y))
      maxY = max(maxY, map.y(point.y))
    }
    guard Self.placeable(minX, maxX, minY, maxY) else { return }
    let alpha = Float(polygon.color.alpha) / 255
    let grey = Float(luminance(polygon.color)) * alpha
    let firstColumn = max(0, Int((minX - originX) / pixelWidth))
    let firstRow = max(0, Int((minY - originY) / pixelHeight))
    let columns = firstColumn..<min(width, Int((maxX - originX) / pixelWidth) + 1)
    let rows = firstRow..<min(height, Int((maxY - originY) / pixelHeight) + 1)
    for row in rows {
      for column in columns {
        var inside = 0
        for sample in 0..<16 {
          let x = (Float(column) + (Float(sample % 4) + 0.5) / 4) * pixelWidth + originX
          let y = (Float(row) + (Float(sample / 4) + 0.5) / 4) * pixelHeight + originY
          var crossings = false
          var previous = points[points.count - 1]
          for point in points {
            let (ax, ay) = (map.x(previous.x), map.y(previous.y))
            let (bx, by) = (map.x(point.x), map.y(point.y))
            if (ay > y) != (by > y) && x < ax + (y - ay) * (bx - ax) / (by - ay) {
              crossings.toggle()
            }
            previous = point
          }
          if crossings { inside += 1 }
        }
        let cover = Float(inside) / 16
        if inside > 0 {
          blend(row * width + column, grey: grey * cover, alpha: alpha * cover, pixels)
        }
      }
    }
  }
}
