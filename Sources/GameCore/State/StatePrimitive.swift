/// A value whose every byte is significant and which holds no reference: a described value
/// (``StateValue``) feeds its bytes to the hash as they are, packed with its neighbours' into
/// 64-bit words.
///
/// The engine's numbers conform; a game rarely needs to (a ``StateValue`` struct of these is
/// packed the same way).
public protocol StatePrimitive: StableHashable, BitwiseCopyable {}

extension Int: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}
extension Int64: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(UInt64(bitPattern: self))
  }
}
extension UInt64: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}
extension Int32: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}
extension UInt32: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}
extension Int16: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(UInt16(bitPattern: self))
  }
}
extension UInt16: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
}
extension Int8: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(UInt8(bitPattern: self))
  }
}
extension UInt8: StatePrimitive {
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(self) }
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
