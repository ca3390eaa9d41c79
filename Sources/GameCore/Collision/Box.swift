/// An axis-aligned box in fixed point: a paddle, a brick, a wall, a ball's bounds.
///
/// Every game with a ball tests boxes against boxes; this is that test once, in integers, so it
/// gives the same answer on every machine and never traps. A box is its top-left corner
/// (``origin``) and its ``size``; world y points down, so ``top`` is the smaller y.
///
/// The rules, the same as SDL's rectangles:
/// - A point is inside when `left <= x < right` and `top <= y < bottom` (``contains(_:)``), like
///   a pixel or a ``Grid`` cell: a point on the line between two bricks belongs to exactly one.
/// - Two boxes overlap when they share more than an edge: **touching does not count**, so a ball
///   resting on a paddle, or two bricks side by side, do not overlap (``overlaps(_:)``). A
///   zero-size box is a point (or a segment): it overlaps a box it lies strictly inside.
/// - A negative width or height counts as zero.
/// - The tests compute the edges in 64 bits, so they are exact for every box, even one reaching
///   past the ``Fixed`` range; only a property that returns a `Fixed` (``right``, ``bottom``,
///   ``center``) wraps, as every `Fixed` result does.
///
/// ```swift
/// let paddle = Box(70, 84, 20, 3)                      // x, y, width, height
/// let ball = Box(center: Vector(80, 83), halfSize: Vector(1, 1))
/// paddle.overlaps(ball)                                // false: they touch at y = 84
/// paddle.contains(Vector(70, 84))                      // true: the top-left corner is inside
/// ```
@frozen
public struct Box: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner: the smallest x and y inside the box.
  public var origin: Vector
  /// The width (x) and height (y); a negative component counts as zero.
  public var size: Vector

  /// A box from its top-left corner and its size.
  @inlinable public init(origin: Vector, size: Vector) {
    self.origin = origin
    self.size = size
  }

  /// A box from its left and top edges, width and height.
  @inlinable public init(x: Fixed, y: Fixed, width: Fixed, height: Fixed) {
    self.init(origin: Vector(x: x, y: y), size: Vector(x: width, y: height))
  }

  /// A box of whole numbers: left, top, width and height (as `Vector(10, 20)` is for vectors).
  @inlinable public init(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
    self.init(origin: Vector(x, y), size: Vector(width, height))
  }

  /// A box centred on `center`, reaching `halfSize` to each side: how a ball or a ship sees its
  /// bounds. Wraps, as every `Fixed` sum does, when the box reaches past the range.
  @inlinable public init(center: Vector, halfSize: Vector) {
    self.init(origin: center - halfSize, size: halfSize * Fixed(2))
  }

  /// The left edge (smallest x).
  @inlinable public var left: Fixed { origin.x }
  /// The top edge (smallest y: world y points down).
  @inlinable public var top: Fixed { origin.y }
  /// The right edge, `left + width`; wraps past the range.
  @inlinable public var right: Fixed { origin.x + width }
  /// The bottom edge, `top + height`; wraps past the range.
  @inlinable public var bottom: Fixed { origin.y + height }
  /// The width, zero when ``size`` holds a negative one.
  @inlinable public var width: Fixed { size.x.raw < 0 ? .zero : size.x }
  /// The height, zero when ``size`` holds a negative one.
  @inlinable public var height: Fixed { size.y.raw < 0 ? .zero : size.y }
  /// The middle of the box, rounded toward the top-left; wraps past the range.
  @inlinable public var center: Vector {
    Vector(
      x: Fixed(raw: Int32(truncatingIfNeeded: (edges.left + edges.right) >> 1)),
      y: Fixed(raw: Int32(truncatingIfNeeded: (edges.top + edges.bottom) >> 1)))
  }

  /// The edges in raw units, exact in 64 bits: what every test compares.
  @usableFromInline var edges: Edges {
    let x = Int64(origin.x.raw)
    let y = Int64(origin.y.raw)
    return Edges(
      left: x, top: y, right: x + Int64(max(size.x.raw, 0)), bottom: y + Int64(max(size.y.raw, 0)))
  }

  /// True when `point` is inside: `left <= x < right` and `top <= y < bottom`, so a point on the
  /// line between two boxes side by side is in exactly one of them, and a zero-size box holds none.
  @inlinable public func contains(_ point: Vector) -> Bool {
    let e = edges
    let x = Int64(point.x.raw)
    let y = Int64(point.y.raw)
    return e.left <= x && x < e.right && e.top <= y && y < e.bottom
  }

  /// True when the boxes share more than an edge: touching does not count.
  ///
  /// ```swift
  /// Box(0, 0, 10, 10).overlaps(Box(10, 0, 5, 5))   // false: they touch at x = 10
  /// Box(0, 0, 10, 10).overlaps(Box(9, 9, 5, 5))    // true
  /// ```
  @inlinable public func overlaps(_ other: Box) -> Bool {
    let a = edges
    let b = other.edges
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
  }

  /// The box both boxes cover, or `nil` when they do not overlap (touching boxes have none).
  @inlinable public func intersection(_ other: Box) -> Box? {
    guard overlaps(other) else { return nil }
    let a = edges
    let b = other.edges
    // Each size is at most one of the two boxes' sizes, so it fits; the corner is one of theirs.
    return Box.wrapping(
      left: max(a.left, b.left), top: max(a.top, b.top), right: min(a.right, b.right),
      bottom: min(a.bottom, b.bottom))
  }

  /// The smallest box covering both: with `moved(by:)`, the box a whole move sweeps through,
  /// which is what to ask a ``Grid`` for before a sweep. Wraps past the range.
  @inlinable public func union(_ other: Box) -> Box {
    let a = edges
    let b = other.edges
    return Box.wrapping(
      left: min(a.left, b.left), top: min(a.top, b.top), right: max(a.right, b.right),
      bottom: max(a.bottom, b.bottom))
  }

  /// The box with these raw edges (`Fixed.raw` units, 64-bit), wrapped into the range.
  @inlinable static func wrapping(left: Int64, top: Int64, right: Int64, bottom: Int64) -> Box {
    Box(
      origin: Vector(
        x: Fixed(raw: Int32(truncatingIfNeeded: left)),
        y: Fixed(raw: Int32(truncatingIfNeeded: top))),
      size: Vector(
        x: Fixed(raw: Int32(truncatingIfNeeded: right - left)),
        y: Fixed(raw: Int32(truncatingIfNeeded: bottom - top))))
  }

  /// The same box moved by `offset` (wrapping past the range).
  @inlinable public func moved(by offset: Vector) -> Box {
    Box(origin: origin + offset, size: size)
  }

  /// Readable text for logs and test failures: origin and size.
  public var description: String { "Box(\(origin), \(size.x)×\(size.y))" }
}

extension Box {
  /// A box's edges in raw units, widened so that no sum of two of them can overflow.
  @frozen @usableFromInline struct Edges {
    @usableFromInline var left: Int64
    @usableFromInline var top: Int64
    @usableFromInline var right: Int64
    @usableFromInline var bottom: Int64

    @inlinable init(left: Int64, top: Int64, right: Int64, bottom: Int64) {
      self.left = left
      self.top = top
      self.right = right
      self.bottom = bottom
    }
  }
}

extension Box: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    origin.stableHash(into: &hasher)
    size.stableHash(into: &hasher)
  }
}
