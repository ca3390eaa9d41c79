/// A 2D vector of ``Fixed`` numbers: positions, velocities and offsets in world units.
///
/// World space has x to the right and y down, like the screen, so the renderer maps it with a
/// scale and no flip.
@frozen
public struct Vector: Hashable, Sendable, CustomStringConvertible {
  /// Horizontal component, positive to the right.
  public var x: Fixed
  /// Vertical component, positive downward.
  public var y: Fixed

  /// Creates a vector from its components.
  @inlinable public init(x: Fixed, y: Fixed) {
    self.x = x
    self.y = y
  }

  /// A vector of whole numbers.
  @inlinable public init(_ x: Int, _ y: Int) {
    self.x = Fixed(x)
    self.y = Fixed(y)
  }

  /// The zero vector.
  public static let zero = Vector(x: .zero, y: .zero)

  /// The unit vector pointing at `angle`, scaled by `length`: `(cos, sin) × length`.
  @inlinable
  public init(angle: Angle, length: Fixed) {
    self.x = Trig.cos(angle) * length
    self.y = Trig.sin(angle) * length
  }

  /// Componentwise (wrapping) sum.
  @inlinable public static func + (a: Vector, b: Vector) -> Vector {
    Vector(x: a.x + b.x, y: a.y + b.y)
  }
  /// Componentwise (wrapping) difference.
  @inlinable public static func - (a: Vector, b: Vector) -> Vector {
    Vector(x: a.x - b.x, y: a.y - b.y)
  }
  /// Adds in place.
  @inlinable public static func += (a: inout Vector, b: Vector) {
    a.x += b.x
    a.y += b.y
  }
  /// Scales each component by a fixed-point factor.
  @inlinable public static func * (a: Vector, b: Fixed) -> Vector {
    Vector(x: a.x * b, y: a.y * b)
  }
  /// Divides each component, rounding toward zero.
  @inlinable public static func / (a: Vector, b: Int32) -> Vector {
    Vector(x: a.x / b, y: a.y / b)
  }

  /// The squared length in whole units squared, as 64-bit: exact for any vector in the world.
  @inlinable
  public var lengthSquared: Int64 {
    // 8 fractional bits kept: enough precision, and 2 × (2^23)^2 cannot overflow 64 bits.
    let x = Int64(self.x.raw >> 8)
    let y = Int64(self.y.raw >> 8)
    return (x * x + y * y) >> 16
  }

  /// The length, rounded down to whole units (an integer square root, no floating point).
  @inlinable public var length: Int { Trig.squareRoot(lengthSquared) }

  /// The direction this vector points in (``Angle/zero`` for the zero vector).
  @inlinable public var angle: Angle { Trig.atan2(y: y.raw, x: x.raw) }

  /// Readable text for logs and test failures.
  public var description: String { "(\(x), \(y))" }
}

extension Vector: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(x.raw)
    hasher.combine(y.raw)
  }
}
