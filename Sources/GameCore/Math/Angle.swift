/// A direction as a binary angle: 65,536 units per full turn, wrapping for free.
///
/// Binary angles make "turn left by a step" an integer add whose overflow is the wrap-around,
/// and index the sine table with a shift. Angle 0 points along +x (right); angles grow
/// clockwise on screen, because world y points down: 16,384 is down, 49,152 is up.
@frozen
public struct Angle: Hashable, Sendable, CustomStringConvertible {
  /// Units of 1/65536 turn.
  public var raw: UInt16

  /// Wraps a raw binary angle.
  @inlinable public init(raw: UInt16) { self.raw = raw }

  /// Pointing right (+x).
  public static let zero = Angle(raw: 0)
  /// Pointing down the screen (+y).
  public static let down = Angle(raw: 16_384)
  /// Pointing left (−x).
  public static let left = Angle(raw: 32_768)
  /// Pointing up the screen (−y): where the ship faces when it spawns.
  public static let up = Angle(raw: 49_152)

  /// Whole degrees, for constants that read better that way (`Angle(degrees: 45)`); any
  /// integer, taken modulo a full turn (`Angle(degrees: 405)` is `Angle(degrees: 45)`).
  @inlinable
  public init(degrees: Int) {
    // Reduced first so that the product cannot overflow; the same units as `degrees × 65536 / 360`.
    self.raw = UInt16(truncatingIfNeeded: degrees % 360 * 65_536 / 360)
  }

  /// This angle turned by `delta` units (positive is clockwise on screen).
  @inlinable
  public func turned(by delta: Int32) -> Angle {
    Angle(raw: raw &+ UInt16(truncatingIfNeeded: delta))
  }

  /// The signed shortest turn from `self` to `other`, in units (−32,768 ..< 32,768).
  @inlinable
  public func turn(to other: Angle) -> Int32 {
    Int32(Int16(bitPattern: other.raw &- raw))
  }

  /// Readable text for logs and test failures: the nearest whole degree, so that
  /// `Angle(degrees: 30)` (5,461.33 units, stored as 5,461) reads 30° and not 29°.
  public var description: String { "\((Int(raw) * 360 + 32_768) / 65_536 % 360)°" }
}

extension Angle: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(raw) }
}
