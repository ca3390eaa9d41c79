/// A few whole numbers indexed like an array (`ball[2]`), kept inside the state itself as a
/// tuple of `Int`s: a paddle per side, a ball's position and velocity, a score per player.
///
/// An `Array` keeps its elements on the heap, a pointer away, so a batch of thousands of games
/// stepped together would chase one such pointer per array per game every tick. These numbers
/// live in the state as a tuple's do and read like an array's. The inspector, test diffs and
/// desync reports list them as they would an array's (`ball[2]`, `ball.count`); the state's
/// hash feeds their words in order, so `Numbers<(Int, Int)>` hashes exactly as two `Int`
/// properties would.
///
/// ```swift
/// struct State: GameState {
///   var paddles: Numbers<(Int, Int)> = [45, 45]        // left, right
///   var ball: Numbers<(Int, Int, Int, Int)> = [80, 45, 0, 0]  // x, y, vx, vy
/// }
/// ```
///
/// `Storage` is a tuple of `Int`s, as many as there are numbers. (Swift's `InlineArray` would
/// say `InlineArray<2, Int>`, but it needs macOS 26, and the engine builds for macOS 15.)
/// For a count that changes, keep an `Array`.
public struct Numbers<Storage: BitwiseCopyable & Sendable>: Equatable, Sendable,
  RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, CustomReflectable,
  CustomStringConvertible, StatePrimitive
{
  @usableFromInline var storage: Storage

  /// The numbers `[a, b]`: as many as `Storage`, `(Int, Int)`, holds.
  @inlinable public init(arrayLiteral values: Int...) {
    precondition(
      values.count * MemoryLayout<Int>.stride == MemoryLayout<Storage>.size,
      "\(values.count) numbers for a Numbers<\(Storage.self)>")
    storage = values.withUnsafeBytes { $0.loadUnaligned(as: Storage.self) }
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// How many numbers there are.
  @inlinable public var endIndex: Int { MemoryLayout<Storage>.size / MemoryLayout<Int>.stride }

  /// The number at `index` (checked: 0..<count).
  @inlinable public subscript(index: Int) -> Int {
    get {
      precondition(indices.contains(index), "index \(index) of \(count) numbers")
      return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * 8, as: Int.self) }
    }
    set {
      precondition(indices.contains(index), "index \(index) of \(count) numbers")
      withUnsafeMutableBytes(of: &storage) {
        $0.storeBytes(of: newValue, toByteOffset: index * 8, as: Int.self)
      }
    }
  }

  /// The same numbers in the same order.
  @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

  /// Each number, in order (inside a described state the layout feeds the words instead, as
  /// it does for any plain field: the same hash).
  public func stableHash(into hasher: inout StableHasher) {
    for value in self { hasher.combine(value) }
  }

  /// The numbers as an array's elements.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }

  /// The numbers as an array prints them: `[11520, 11520]`.
  public var description: String { "\(Array(self))" }
}
