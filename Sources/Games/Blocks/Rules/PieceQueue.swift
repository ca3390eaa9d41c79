/// The pieces to come, kept inside the player: up to 16 pieces, four bits each, in one word.
///
/// A collection of ``Piece`` in order (`queue[0]` comes next), equal when the same pieces
/// are in the same order. The queue holds at most 13 (refilled by a bag of seven when fewer
/// than seven are left), so it fits a word where an array would be a block of memory of its
/// own: the training environment reads the next five on every step, and the block, somewhere
/// else on the heap for each of thousands of games, had left the cache by then.
public struct PieceQueue: RandomAccessCollection, Equatable, Sendable {
  /// Piece `i` in bits `4 i ..< 4 i + 4`; the bits above `count` are 0.
  private var packed: UInt64 = 0
  private var length: UInt8 = 0

  /// The most pieces a queue holds.
  public static let capacity = 16

  /// An empty queue.
  public init() {}

  /// A queue of `pieces`, first first.
  public init(_ pieces: some Sequence<Piece>) {
    append(contentsOf: pieces)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { Int(length) }

  public subscript(position: Int) -> Piece {
    precondition((0..<Int(length)).contains(position), "index \(position) out of a queue of \(length)")
    return Piece(rawValue: UInt8(truncatingIfNeeded: packed >> UInt64(4 * position)) & 0xF)!
  }

  /// Adds `piece` at the back.
  public mutating func append(_ piece: Piece) {
    precondition(Int(length) < Self.capacity, "a queue holds at most \(Self.capacity) pieces")
    packed |= UInt64(piece.rawValue) << UInt64(4 * Int(length))
    length += 1
  }

  /// Adds `pieces` at the back, in order.
  public mutating func append(contentsOf pieces: some Sequence<Piece>) {
    for piece in pieces { append(piece) }
  }

  /// Takes the piece at the front.
  @discardableResult
  public mutating func removeFirst() -> Piece {
    let piece = self[0]
    packed >>= 4
    length -= 1
    return piece
  }

  /// The next `count` pieces (fewer if the queue is shorter) as one-hots of the seven kinds
  /// in a row: piece `k`'s kind `p` at bit `7 k + p` (the next five: 35 bits).
  func oneHots(first count: Int) -> UInt64 {
    var bits: UInt64 = 0
    var rest = packed
    for slot in 0..<Swift.min(count, Int(length)) {
      bits |= 1 << UInt64(slot * 7 + Int(rest & 0xF))
      rest >>= 4
    }
    return bits
  }
}
