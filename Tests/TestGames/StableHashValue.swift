import GameCore

// The hash of one section of a test game's state (`hashSections`), for the values they hold.

extension Int {
  public var stableHashValue: UInt64 {
    var hasher = StableHasher()
    hasher.combine(self)
    return hasher.finalized
  }
}

extension UInt64 {
  public var stableHashValue: UInt64 {
    var hasher = StableHasher()
    hasher.combine(self)
    return hasher.finalized
  }
}

extension Array where Element == Int {
  public var stableHashValue: UInt64 {
    var hasher = StableHasher()
    hasher.combine(count)
    for value in self { hasher.combine(value) }
    return hasher.finalized
  }
}
