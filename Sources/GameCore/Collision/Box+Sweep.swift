extension Box {
  /// The first contact of this box, moved by `move` in a straight line, with `obstacle`: `nil`
  /// when the move never runs into it.
  ///
  /// The answer is exact (rational arithmetic in wide integers), then rounded once:
  /// - ``Hit/time`` is the fraction of the move before the contact, 0 ... 1, rounded down to
  ///   1/65536. A move that ends touching the obstacle hits it at time 1.
  /// - ``Hit/position`` is this box's origin at the contact: exactly touching on the axis that
  ///   hit, and on the other axis moved by the same fraction of `move`, rounded toward the start.
  /// - ``Hit/side`` is the obstacle's side that was met. **At an exact corner** (both axes meet
  ///   at the same instant) it is ``Side/top`` or ``Side/bottom``: a ball clipping a brick's
  ///   corner bounces vertically.
  ///
  /// > Important: A sweep finds a contact from outside. A box that already overlaps the
  /// > obstacle, or a zero move, gives `nil`, and so does sliding along a side or grazing a
  /// > corner (touching never counts). Where something moves onto the mover (a paddle pushed
  /// > into the ball), test ``overlaps(_:)`` too.
  ///
  /// Two zero-size boxes never meet; a zero-size box (a point) does hit a box with a size.
  ///
  /// ```swift
  /// let ball = Box(10, 0, 2, 2)
  /// let hit = ball.sweep(Vector(0, 20), against: Box(0, 12, 40, 4))!
  /// hit.side == .top && hit.time == Fixed(ratio: 1, 2) && hit.position == Vector(10, 10)
  /// ```
  public func sweep(_ move: Vector, against obstacle: Box) -> Hit? {
    Self.firstContact(edges, moving: move, against: obstacle.edges)
  }

  /// The first contact of this box, moved by `move`, with any of `obstacles`, and the offset of
  /// the box it hit in the sequence: the bricks a ball may reach this tick.
  ///
  /// The earliest ``Hit/time`` wins; at the same time, the box that comes first in the
  /// sequence. No array is needed: `state.bricks.lazy.map(\.box)` can be swept as it is.
  ///
  /// ```swift
  /// if let (index, hit) = ball.sweep(velocity, against: bricks.lazy.map(\.box)) {
  ///   bricks.remove(at: index)
  ///   velocity = velocity.bounced(off: hit.side)
  /// }
  /// ```
  @inlinable
  public func sweep(_ move: Vector, against obstacles: some Sequence<Box>) -> (
    index: Int, hit: Hit
  )? {
    var first: (index: Int, hit: Hit)?
    for (index, obstacle) in obstacles.enumerated() {
      guard let hit = sweep(move, against: obstacle) else { continue }
      if first.map({ hit.time < $0.hit.time }) ?? true { first = (index, hit) }
    }
    return first
  }

  /// The first contact of a box with edges `mover` moving by `move` against `obstacle`: the
  /// slab method, each axis giving the open interval of times the boxes overlap on it.
  static func firstContact(_ mover: Edges, moving move: Vector, against obstacle: Edges) -> Hit? {
    let dx = Int64(move.x.raw)
    let dy = Int64(move.y.raw)
    guard
      let x = Slab(from: mover.left, mover.right, by: dx, past: obstacle.left, obstacle.right),
      let y = Slab(from: mover.top, mover.bottom, by: dy, past: obstacle.top, obstacle.bottom)
    else { return nil }
    // The later entry is the contact; at the same instant (a corner) y wins.
    let alongX: Bool
    switch (x.entry, y.entry) {
    case (nil, nil): return nil  // overlapping on both axes all along: already inside
    case (nil, _): alongX = false
    case (_, nil): alongX = true
    case (let ex?, let ey?): alongX = ey.isLess(than: ex)
    }
    let entry = (alongX ? x.entry : y.entry)!
    // Touching starts before the move ends, and the overlap after it is not empty.
    guard entry.distance >= 0, entry.distance <= entry.speed else { return nil }
    if let exit = x.exit, !entry.isLess(than: exit) { return nil }
    if let exit = y.exit, !entry.isLess(than: exit) { return nil }
    let time = Fixed(raw: Int32((entry.distance << 16) / entry.speed))
    let along = alongX ? dx : dy
    let across = alongX ? dy : dx
    let reached = (alongX ? mover.left : mover.top) + (along > 0 ? entry.distance : -entry.distance)
    // Rounded toward zero, so toward the start.
    let shifted = Int128(across) * Int128(entry.distance) / Int128(entry.speed)
    let other = (alongX ? mover.top : mover.left) + Int64(shifted)
    let side: Side = alongX ? (dx > 0 ? .left : .right) : (dy > 0 ? .top : .bottom)
    let a = Fixed(raw: Int32(truncatingIfNeeded: reached))
    let b = Fixed(raw: Int32(truncatingIfNeeded: other))
    return Hit(
      time: time, side: side, position: alongX ? Vector(x: a, y: b) : Vector(x: b, y: a))
  }

  /// One axis of a sweep: the times the mover's span `low ..< high`, moving by `speed` a unit
  /// of time, overlaps the obstacle's `start ..< end`.
  struct Slab {
    /// A time `distance / speed`, `speed > 0`: the move has to cover `distance` to get there.
    struct Time {
      var distance: Int64
      var speed: Int64

      func isLess(than other: Time) -> Bool {
        Int128(distance) * Int128(other.speed) < Int128(other.distance) * Int128(speed)
      }
    }

    /// When the spans start overlapping; `nil` when they overlap at every time (no motion).
    var entry: Time?
    /// When they stop; `nil` when never.
    var exit: Time?

    /// `nil` when the spans never overlap.
    init?(from low: Int64, _ high: Int64, by speed: Int64, past start: Int64, _ end: Int64) {
      if speed > 0 {
        entry = Time(distance: start - high, speed: speed)
        exit = Time(distance: end - low, speed: speed)
      } else if speed < 0 {
        entry = Time(distance: low - end, speed: -speed)
        exit = Time(distance: high - start, speed: -speed)
      } else {
        guard low < end && start < high else { return nil }
        entry = nil
        exit = nil
      }
    }
  }
}
