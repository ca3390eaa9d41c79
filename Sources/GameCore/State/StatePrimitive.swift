/// A value whose every byte is significant and which holds no reference: a described value
/// (``StateValue``) feeds its bytes to the hash as they are, packed with its neighbours' into
/// 64-bit words.
///
/// The engine's numbers conform; a game rarely needs to (a ``StateValue`` struct of these is
/// packed the same way).
public protocol StatePrimitive: StableHashable, BitwiseCopyable {}

extension Int: StatePrimitive {}
extension Int64: StatePrimitive {}
extension UInt64: StatePrimitive {}
extension Int32: StatePrimitive {}
extension UInt32: StatePrimitive {}
extension Int16: StatePrimitive {}
extension UInt16: StatePrimitive {}
extension Int8: StatePrimitive {}
extension UInt8: StatePrimitive {}

extension StatePrimitive where Self: FixedWidthInteger {
  /// One word: the number's bits, widened with zeros (a negative `Int16` is fed as
  /// `0xFFFE`, not sign-extended; `Int` and `Int64` fill the word).
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(UInt64(truncatingIfNeeded: Magnitude(truncatingIfNeeded: self)))
  }
}

extension Bool: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}
extension Fixed: StatePrimitive {}
extension Angle: StatePrimitive {}
extension Vector: StatePrimitive {}
extension SplitMix64: StatePrimitive {}
// `TickInput` and `ButtonPresses` are not plain bytes: they feed their own stable hash (the
// buttons, then the axes only when one is moved), which stays the same whatever their memory
// layout becomes.

extension Array: StableHashable where Element: StableHashable {
  /// The count, then each element.
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}

extension Optional: StableHashable where Wrapped: StableHashable {
  /// 0 for nil; 1, then the value.
  public func stableHash(into hasher: inout StableHasher) {
    switch self {
    case .none: hasher.combine(0 as UInt64)
    case .some(let value):
      hasher.combine(1 as UInt64)
      value.stableHash(into: &hasher)
    }
  }
}
