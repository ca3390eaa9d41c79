/// A signed 16.16 fixed-point number: the unit of every position, velocity and distance in the
/// simulation.
///
/// IEEE floating point gives different last bits on different compilers, flags and CPUs, which a
/// replay cannot survive; integer arithmetic is exact everywhere. 16 fractional bits resolve
/// 1/65536 of a world unit (a pixel at scale 1), and the 15-bit integer part holds ±32767 units,
/// far more than the 1280×720 world.
///
/// Addition and subtraction wrap on overflow instead of trapping (the simulation keeps values
/// bounded, and wrapping keeps the arithmetic total); multiplication and division go through
/// 64-bit intermediates.
///
/// ```swift
/// let speed = Fixed(3) + Fixed(raw: Fixed.one.raw / 2)   // 3.5
/// let distance = speed * Fixed(4)                          // 14
/// ```
@frozen
public struct Fixed: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The raw value: the number times 65536.
  public var raw: Int32

  /// Fractional bits of the representation.
  public static let fractionBits: Int32 = 16
  /// 1.0.
  public static let one = Fixed(raw: 1 << 16)
  /// 0.0.
  public static let zero = Fixed(raw: 0)

  /// Wraps a raw 16.16 value.
  @inlinable public init(raw: Int32) { self.raw = raw }

  /// The whole number `value`.
  @inlinable public init(_ value: Int) { self.raw = Int32(truncatingIfNeeded: value << 16) }

  /// `numerator / denominator` rounded toward zero: how tuning constants spell fractions
  /// (`Fixed(ratio: 3, 20)` is 0.15) without a floating-point literal.
  @inlinable
  public init(ratio numerator: Int, _ denominator: Int) {
    self.raw = Int32(truncatingIfNeeded: (numerator << 16) / denominator)
  }

  /// The integer part, rounded toward negative infinity (the pixel a position falls in).
  @inlinable public var floor: Int { Int(raw >> 16) }

  /// The value rounded to the nearest integer, halves up.
  @inlinable public var rounded: Int { Int((raw &+ 0x8000) >> 16) }

  /// The absolute value.
  @inlinable public var magnitude: Fixed { Fixed(raw: raw < 0 ? 0 &- raw : raw) }

  /// The sum; wraps on overflow.
  @inlinable public static func + (a: Fixed, b: Fixed) -> Fixed { Fixed(raw: a.raw &+ b.raw) }
  @inlinable public static func - (a: Fixed, b: Fixed) -> Fixed { Fixed(raw: a.raw &- b.raw) }
  @inlinable public static prefix func - (a: Fixed) -> Fixed { Fixed(raw: 0 &- a.raw) }
  @inlinable public static func += (a: inout Fixed, b: Fixed) { a.raw &+= b.raw }
  @inlinable public static func -= (a: inout Fixed, b: Fixed) { a.raw &-= b.raw }

  /// The product, rounded toward negative infinity.
  @inlinable
  public static func * (a: Fixed, b: Fixed) -> Fixed {
    Fixed(raw: Int32(truncatingIfNeeded: (Int64(a.raw) * Int64(b.raw)) >> 16))
  }

  /// Scales by a whole number.
  @inlinable
  public static func * (a: Fixed, b: Int32) -> Fixed { Fixed(raw: a.raw &* b) }

  /// The quotient, rounded toward zero; dividing by zero gives zero rather than trapping, so a
  /// degenerate input can never stop a replay.
  @inlinable
  public static func / (a: Fixed, b: Fixed) -> Fixed {
    guard b.raw != 0 else { return .zero }
    return Fixed(raw: Int32(truncatingIfNeeded: (Int64(a.raw) << 16) / Int64(b.raw)))
  }

  /// Divides by a whole number, rounding toward zero (zero for a zero divisor).
  @inlinable
  public static func / (a: Fixed, b: Int32) -> Fixed {
    guard b != 0 else { return .zero }
    return Fixed(raw: a.raw / b)
  }

  /// Orders by value.
  @inlinable public static func < (a: Fixed, b: Fixed) -> Bool { a.raw < b.raw }

  /// Decimal text with four places, for logs and test failures (computed with integers).
  public var description: String {
    let sign = raw < 0 ? "-" : ""
    let absolute = Int64(raw).magnitude
    let fraction = (absolute & 0xFFFF) * 10_000 / 65_536
    let digits = String(fraction)
    return "\(sign)\(absolute >> 16).\(String(repeating: "0", count: 4 - digits.count))\(digits)"
  }
}

extension Fixed: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(raw) }
}
