import GameCore

/// The pieces to come, kept inside the player: at most 16, a nibble each in one word.
///
/// The queue never holds more than 13 (it is refilled by whole bags of seven while it holds
/// fewer than seven). As an array it was a heap block of its own, which the observation's next
/// five read first on every step: a cache miss at a training batch's size. It reads as an
/// array of pieces does (a random-access collection; the inspector sees its elements), so the
/// hash, which walks it in order, is unchanged.
public struct PieceQueue: RandomAccessCollection, Equatable, StateValue, Sendable,
  CustomReflectable
{
  /// Piece `i`'s raw value in bits `4 i ..< 4 i + 4`; the bits past the last piece are 0.
  @usableFromInline var bits: UInt64 = 0
  /// How many pieces it holds.
  @usableFromInline var length: UInt8 = 0

  /// The largest number of pieces it holds.
  public static let capacity = 16

  /// An empty queue.
  public init() {}

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// How many pieces it holds.
  @inlinable public var endIndex: Int { Int(length) }

  /// The piece at `index` (checked).
  @inlinable
  public subscript(index: Int) -> Piece {
    precondition(index >= 0 && index < Int(length), "piece \(index) of \(length) in the queue")
    return Piece(rawValue: UInt8(truncatingIfNeeded: bits >> UInt64(index &* 4)) & 0xF)!
  }

  /// The first `count` pieces' raw values, a nibble each, the first lowest.
  @inlinable
  public func rawValues(first count: Int) -> UInt64 {
    count >= 16 ? bits : bits & ((1 << UInt64(count &* 4)) &- 1)
  }

  /// Adds `piece` at the end.
  @inlinable
  public mutating func append(_ piece: Piece) {
    precondition(Int(length) < Self.capacity, "the queue holds at most 16 pieces")
    bits |= UInt64(piece.rawValue) << UInt64(length &* 4)
    length &+= 1
  }

  /// Removes and returns the first piece.
  @inlinable
  public mutating func removeFirst() -> Piece {
    let piece = self[0]
    bits >>= 4
    length &-= 1
    return piece
  }

  /// The pieces as an array's elements.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
