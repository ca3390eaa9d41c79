/// A circle in fixed point: a ball, a rock, a pickup's reach.
///
/// Round things collide by distance, not by box: a ball clipping a brick's corner misses where
/// its bounding box would hit. The tests square distances in 128-bit integers, so they are
/// exact for every center and radius and never trap.
///
/// The rules match ``Box``'s: **touching does not count** (two circles whose distance is exactly
/// the sum of their radii do not overlap), a negative radius counts as zero, and a circle of
/// radius zero is its center point: it overlaps a box it lies strictly inside, and no other
/// point.
///
/// ```swift
/// let ball = Circle(center: Vector(80, 80), radius: Fixed(2))
/// ball.overlaps(Circle(center: Vector(84, 80), radius: Fixed(2)))   // false: they touch
/// ball.overlaps(Box(81, 81, 10, 10))                                 // true: the corner is in
/// ```
@frozen
public struct Circle: Hashable, Sendable, CustomStringConvertible {
  /// The middle of the circle.
  public var center: Vector
  /// The distance from the center to the edge; a negative radius counts as zero.
  public var radius: Fixed

  /// A circle from its center and radius.
  @inlinable public init(center: Vector, radius: Fixed) {
    self.center = center
    self.radius = radius
  }

  /// The radius in raw units, zero for a negative one.
  @usableFromInline var rawRadius: Int64 { Int64(max(radius.raw, 0)) }

  /// The smallest box around the circle: what to ask a ``Grid`` for. Wraps past the range.
  @inlinable public var bounds: Box {
    let r = Fixed(raw: Int32(truncatingIfNeeded: rawRadius))
    return Box(center: center, halfSize: Vector(x: r, y: r))
  }

  /// True when `point` is strictly inside the circle: a point on the circle is not.
  @inlinable public func contains(_ point: Vector) -> Bool {
    let x = Int128(point.x.raw) - Int128(center.x.raw)
    let y = Int128(point.y.raw) - Int128(center.y.raw)
    return x * x + y * y < Int128(rawRadius) * Int128(rawRadius)
  }

  /// True when the circles share more than a point: their centers are closer than the sum of
  /// their radii.
  @inlinable public func overlaps(_ other: Circle) -> Bool {
    let x = Int128(other.center.x.raw) - Int128(center.x.raw)
    let y = Int128(other.center.y.raw) - Int128(center.y.raw)
    let reach = Int128(rawRadius + other.rawRadius)
    return x * x + y * y < reach * reach
  }

  /// True when the circle and the box share more than a point: the box's nearest point to the
  /// center is closer than the radius (or, for a radius of zero, the center is strictly inside).
  ///
  /// ```swift
  /// let ball = Circle(center: Vector(0, 0), radius: Fixed(5))
  /// ball.overlaps(Box(3, 3, 10, 10))   // true: the corner (3, 3) is 4.24 away
  /// ball.overlaps(Box(4, 4, 10, 10))   // false: the corner is 5.66 away
  /// ```
  @inlinable public func overlaps(_ box: Box) -> Bool {
    let e = box.edges
    let x = Int64(center.x.raw)
    let y = Int64(center.y.raw)
    let gapX = Int128(max(e.left - x, 0, x - e.right))
    let gapY = Int128(max(e.top - y, 0, y - e.bottom))
    let r = Int128(rawRadius)
    return gapX * gapX + gapY * gapY < r * r
      || (e.left < x && x < e.right && e.top < y && y < e.bottom)
  }

  /// The same circle moved by `offset` (wrapping past the range).
  @inlinable public func moved(by offset: Vector) -> Circle {
    Circle(center: center + offset, radius: radius)
  }

  /// Readable text for logs and test failures.
  public var description: String { "Circle(\(center), r \(radius))" }
}

extension Circle: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    center.stableHash(into: &hasher)
    radius.stableHash(into: &hasher)
  }
}
