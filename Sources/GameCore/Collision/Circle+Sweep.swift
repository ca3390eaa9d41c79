extension Circle {
  /// The first contact of this circle, moved by `move` in a straight line, with `obstacle`:
  /// `nil` when the move never runs into it.
  ///
  /// A round ball glances off a brick's corner where a square one would hit it flat: the circle
  /// meets the box's flat sides (widened by the radius) and the arcs around its corners.
  /// - ``Box/Hit/time`` is the fraction of the move before the contact, 0 ... 1, rounded down to
  ///   1/65536; a move that ends touching the obstacle hits it at time 1.
  /// - ``Box/Hit/position`` is the center at the contact. On a flat side it touches exactly, the
  ///   other axis moved by the same fraction of `move`, rounded toward the start. On a corner
  ///   it is the center at ``Box/Hit/time``, rounded away from the corner: it never overlaps.
  /// - ``Box/Hit/side``: a flat side is that side. On a corner, the side the contact normal
  ///   (from the box's nearest point to ``Box/Hit/position``) points along most, and at exactly
  ///   45° the top or bottom, as for boxes: a ball clipping a corner bounces vertically.
  ///
  /// > Important: As for boxes, a circle that already overlaps the obstacle, a zero move,
  /// > sliding along a side or grazing a corner gives `nil`: test ``overlaps(_:)-(Box)``
  /// > where the obstacle may move onto the circle.
  ///
  /// A radius of zero sweeps a point, with the same answer as a zero-size ``Box``.
  ///
  /// ```swift
  /// let ball = Circle(center: Vector(10, 0), radius: Fixed(1))
  /// let hit = ball.sweep(Vector(0, 20), against: Box(0, 12, 40, 4))!
  /// hit.side == .top && hit.position == Vector(10, 11)
  /// ```
  public func sweep(_ move: Vector, against obstacle: Box) -> Box.Hit? {
    let e = obstacle.edges
    let r = rawRadius
    let x = Int64(center.x.raw)
    let y = Int64(center.y.raw)
    let dx = Int64(move.x.raw)
    let dy = Int64(move.y.raw)
    // Nothing to do when the whole move stays clear of the box widened by the radius.
    guard min(x, x + dx) - r <= e.right, max(x, x + dx) + r >= e.left,
      min(y, y + dy) - r <= e.bottom, max(y, y + dy) + r >= e.top, !overlaps(obstacle)
    else { return nil }
    let point = Box.Edges(left: x, top: y, right: x, bottom: y)
    // The flat sides: the center against the box widened by the radius across one axis. An
    // entry through the other axis' sides is the corner arc's (or later), so it is left out.
    var first: Box.Hit?
    let wide = Box.Edges(left: e.left - r, top: e.top, right: e.right + r, bottom: e.bottom)
    if let hit = Box.firstContact(point, moving: move, against: wide),
      hit.side == .left || hit.side == .right
    {
      first = hit
    }
    let tall = Box.Edges(left: e.left, top: e.top - r, right: e.right, bottom: e.bottom + r)
    if let hit = Box.firstContact(point, moving: move, against: tall),
      hit.side == .top || hit.side == .bottom, first.map({ hit.time < $0.time }) ?? true
    {
      first = hit
    }
    guard r > 0 else { return first }
    func consider(_ corner: Corner) {
      if let hit = corner.contact(from: x, y, moving: dx, dy, radius: r, box: e),
        first.map({ hit.time < $0.time }) ?? true
      {
        first = hit
      }
    }
    consider(Corner(x: e.left, y: e.top, outwardX: -1, outwardY: -1))
    consider(Corner(x: e.right, y: e.top, outwardX: 1, outwardY: -1))
    consider(Corner(x: e.left, y: e.bottom, outwardX: -1, outwardY: 1))
    consider(Corner(x: e.right, y: e.bottom, outwardX: 1, outwardY: 1))
    return first
  }

  /// The first contact of this circle, moved by `move`, with any of `obstacles`, and the offset
  /// of the box it hit in the sequence. The earliest ``Box/Hit/time`` wins; at the same time,
  /// the box that comes first in the sequence.
  ///
  /// ```swift
  /// if let (index, hit) = ball.sweep(velocity, against: bricks.lazy.map(\.box)) {
  ///   bricks.remove(at: index)
  ///   ball.center = hit.position
  ///   velocity = velocity.bounced(off: hit.side)
  /// }
  /// ```
  @inlinable
  public func sweep(_ move: Vector, against obstacles: some Sequence<Box>) -> (
    index: Int, hit: Box.Hit
  )? {
    var first: (index: Int, hit: Box.Hit)?
    for (index, obstacle) in obstacles.enumerated() {
      guard let hit = sweep(move, against: obstacle) else { continue }
      if first.map({ hit.time < $0.hit.time }) ?? true { first = (index, hit) }
    }
    return first
  }

  /// A corner of a box, and the quadrant outside it (`outwardX`, `outwardY`: −1 toward smaller
  /// x or y): the arc of the widened box a circle meets there.
  struct Corner {
    var x: Int64
    var y: Int64
    var outwardX: Int128
    var outwardY: Int128

    /// The first time a point moving from (`fromX`, `fromY`) by (`dx`, `dy`) comes within
    /// `radius` of the corner, when that point is in the corner's own quadrant (elsewhere a flat
    /// side is met first). Exact in 128-bit integers; the time found by bisection on the
    /// falling half of the squared distance, which is a parabola in time.
    func contact(
      from fromX: Int64, _ fromY: Int64, moving dx: Int64, _ dy: Int64, radius: Int64,
      box e: Box.Edges
    ) -> Box.Hit? {
      let (px, py) = (Int128(fromX - x), Int128(fromY - y))
      let (vx, vy) = (Int128(dx), Int128(dy))
      let toward = px * vx + py * vy
      guard toward < 0 else { return nil }  // moving away, or no motion
      let lengthSquared = vx * vx + vy * vy
      let r = Int128(radius)
      // The line passes strictly inside: (p × v)² < r²|v|², in 256 bits.
      let cross = (px * vy - py * vx).magnitude
      let square = cross.multipliedFullWidth(by: cross)
      guard square.high == 0, square.low < UInt128(r * r) * UInt128(lengthSquared) else {
        return nil
      }
      func staysOutside(_ u: Int128, _ w: Int128) -> Bool {
        // Is u + w·t ≥ 0 at the contact t? s, where it is 0, is compared with the nearest
        // approach (−toward / |v|²) and the distance at s (|p × v| / |w|) with the radius.
        if w == 0 { return u >= 0 }
        let radiusAtS = UInt128(r) * w.magnitude
        if w > 0 { return u >= 0 || (-u * lengthSquared <= -toward * w && cross >= radiusAtS) }
        return u >= 0 && (u * lengthSquared >= toward * w || cross <= radiusAtS)
      }
      guard staysOutside(outwardX * px, outwardX * vx), staysOutside(outwardY * py, outwardY * vy)
      else { return nil }
      // Squared distance minus r², all × 65536², at time k / 65536.
      let reach = r << 16
      func excess(_ k: Int128) -> Int128 {
        let qx = (px << 16) + vx * k
        let qy = (py << 16) + vy * k
        return qx * qx + qy * qy - reach * reach
      }
      guard excess(0) >= 0 else { return nil }
      let nearest = min((-toward << 16) / lengthSquared, 65_536)
      if nearest == 65_536 && excess(65_536) > 0 { return nil }  // reached after the move
      var (low, high) = (Int128(0), nearest)
      while low < high {
        let middle = (low + high + 1) >> 1
        if excess(middle) >= 0 { low = middle } else { high = middle - 1 }
      }
      // Rounded away from the corner, so that the circle there never overlaps the box.
      func away(_ q: Int128) -> Int128 { q >= 0 ? (q + 65_535) >> 16 : q >> 16 }
      let atX = Int128(x) + away((px << 16) + vx * low)
      let atY = Int128(y) + away((py << 16) + vy * low)
      // The normal: from the box's nearest point to the center; at 45°, top or bottom.
      let normalX = atX - min(max(atX, Int128(e.left)), Int128(e.right))
      let normalY = atY - min(max(atY, Int128(e.top)), Int128(e.bottom))
      let side: Box.Side =
        normalX.magnitude > normalY.magnitude
        ? (normalX < 0 ? .left : .right) : (normalY < 0 ? .top : .bottom)
      return Box.Hit(
        time: Fixed(raw: Int32(low)), side: side,
        position: Vector(
          x: Fixed(raw: Int32(truncatingIfNeeded: atX)),
          y: Fixed(raw: Int32(truncatingIfNeeded: atY))))
    }
  }
}
