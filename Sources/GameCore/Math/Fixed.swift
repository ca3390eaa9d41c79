/// A signed 16.16 fixed-point number: the unit of every position, velocity and distance in the
/// simulation.
///
/// IEEE floating point gives different last bits on different compilers, flags and CPUs, which a
/// replay cannot survive; integer arithmetic is exact everywhere. 16 fractional bits resolve
/// 1/65536 of a world unit (a pixel at scale 1), and the 15-bit integer part holds ±32767 units,
/// far more than the 1280×720 world.
///
/// Every operation answers for every input and none traps, so no value a game's rules reach can
/// stop a replay:
/// - The range is −32,768 ... 32,767.99998 (`raw` from `Int32.min` to `Int32.max`).
/// - A result outside it wraps (two's complement, as `&+` does): `+`, `-`, negation and
///   ``magnitude`` of the most negative value, products and quotients whose result does not fit.
///   Multiplication and division go through 64-bit intermediates, so only the final result wraps.
/// - Dividing by zero gives zero; `Fixed(raw: Int32.min) / -1` gives `Int32.min` (the wrapped
///   quotient); ``init(ratio:_:)`` answers for any two integers.
/// The simulation keeps its values far inside the range (the 1280 × 720 world); wrapping, not
/// saturating, is what every recorded replay's hashes were made with.
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

  /// The whole number `value`; one outside the range wraps.
  @inlinable public init(_ value: Int) { self.raw = Int32(truncatingIfNeeded: value << 16) }

  /// `numerator / denominator` rounded toward zero: how tuning constants spell fractions
  /// (`Fixed(ratio: 3, 20)` is 0.15) without a floating-point literal.
  ///
  /// A zero denominator gives zero; a ratio outside the range wraps, as every operation does.
  @inlinable
  public init(ratio numerator: Int, _ denominator: Int) {
    guard denominator != 0 else {
      self.raw = 0
      return
    }
    let quotient: Int
    if numerator.magnitude < 1 << 47 {
      quotient = (numerator << 16) / denominator  // exact: the shifted numerator fits
    } else {
      // Too large to shift in 64 bits: exact in 128, then wrapped like every result.
      quotient = Int(truncatingIfNeeded: (Int128(numerator) << 16) / Int128(denominator))
    }
    self.raw = Int32(truncatingIfNeeded: quotient)
  }

  /// The integer part, rounded toward negative infinity (the pixel a position falls in).
  @inlinable public var floor: Int { Int(raw >> 16) }

  /// The value rounded to the nearest integer, halves away from zero (2.5 is 3, −2.5 is −3).
  @inlinable public var rounded: Int {
    let wide = Int(raw)
    return wide < 0 ? -((0x8000 - wide) >> 16) : (wide + 0x8000) >> 16
  }

  /// The absolute value; the most negative value, whose absolute value is out of range, wraps
  /// to itself.
  @inlinable public var magnitude: Fixed { Fixed(raw: raw < 0 ? 0 &- raw : raw) }

  /// The sum; wraps on overflow.
  @inlinable public static func + (a: Fixed, b: Fixed) -> Fixed { Fixed(raw: a.raw &+ b.raw) }
  /// The difference; wraps on overflow.
  @inlinable public static func - (a: Fixed, b: Fixed) -> Fixed { Fixed(raw: a.raw &- b.raw) }
  /// The negation; the most negative value wraps to itself.
  @inlinable public static prefix func - (a: Fixed) -> Fixed { Fixed(raw: 0 &- a.raw) }
  /// Adds in place; wraps on overflow.
  @inlinable public static func += (a: inout Fixed, b: Fixed) { a.raw &+= b.raw }
  /// Subtracts in place; wraps on overflow.
  @inlinable public static func -= (a: inout Fixed, b: Fixed) { a.raw &-= b.raw }

  /// The product, rounded toward negative infinity; wraps when it is out of range.
  @inlinable
  public static func * (a: Fixed, b: Fixed) -> Fixed {
    Fixed(raw: Int32(truncatingIfNeeded: (Int64(a.raw) * Int64(b.raw)) >> 16))
  }

  /// Scales by a whole number; wraps when the product is out of range.
  @inlinable
  public static func * (a: Fixed, b: Int32) -> Fixed { Fixed(raw: a.raw &* b) }

  /// The quotient, rounded toward zero; dividing by zero gives zero rather than trapping, so a
  /// degenerate input can never stop a replay. A quotient out of range wraps.
  @inlinable
  public static func / (a: Fixed, b: Fixed) -> Fixed {
    guard b.raw != 0 else { return .zero }
    return Fixed(raw: Int32(truncatingIfNeeded: (Int64(a.raw) << 16) / Int64(b.raw)))
  }

  /// Divides by a whole number, rounding toward zero: zero for a zero divisor, and the wrapped
  /// quotient, `Int32.min`, for `Fixed(raw: Int32.min) / -1`.
  @inlinable
  public static func / (a: Fixed, b: Int32) -> Fixed {
    guard b != 0 else { return .zero }
    return Fixed(raw: a.raw.dividedReportingOverflow(by: b).partialValue)
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
