/// A fixed number of values indexed like an array (`ball[2]`), kept inside the state itself: a
/// paddle per side, a ball's position and velocity, a score per player.
///
/// An `Array` keeps its elements on the heap, a pointer away, so a batch of thousands of games
/// stepped together would chase one such pointer per array per game every tick. These values
/// live in the state like a tuple's (Swift's `InlineArray` holds them) and read like an
/// array's. The inspector, test diffs and desync reports list them as they would an array's
/// (`ball[2]`, `ball.count`); the state's hash feeds their bytes in order, packed with their
/// neighbours' like any other plain field, so four `Int`s hash exactly as four `Int`
/// properties would.
///
/// ```swift
/// struct State: GameState {
///   var paddles: InlineValues<2, Int> = [45, 45]     // left, right
///   var ball: InlineValues<4, Int> = [80, 45, 0, 0]  // x, y, vx, vy
/// }
/// ```
///
/// The elements are plain values (``StatePrimitive``: numbers, `Bool`, ``Fixed``,
/// ``Vector``, ``Angle``). For a count that changes, keep an `Array`.
public struct InlineValues<let count: Int, Element: StatePrimitive & Equatable & Sendable>:
  Equatable, Sendable, RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral,
  CustomReflectable, CustomStringConvertible, StatePrimitive
{
  @usableFromInline var storage: InlineArray<count, Element>

  /// The values `[a, b]`: exactly `count` of them.
  @inlinable public init(arrayLiteral elements: Element...) {
    precondition(
      elements.count == count, "\(elements.count) values for InlineValues of \(count)")
    precondition(
      MemoryLayout<Element>.size == MemoryLayout<Element>.stride,
      "InlineValues holds elements with no padding between them (every byte is hashed)")
    storage = InlineArray { elements[$0] }
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// `count`.
  @inlinable public var endIndex: Int { count }

  /// The value at `index` (checked: 0..<count).
  @inlinable public subscript(index: Int) -> Element {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  /// The same values in the same order.
  @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

  /// Each value's own stable hash, in order (inside a described state the layout feeds the
  /// bytes instead, as it does for any plain field).
  public func stableHash(into hasher: inout StableHasher) {
    for value in self { value.stableHash(into: &hasher) }
  }

  /// The values as an array's elements.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }

  /// The values as an array prints them: `[11520, 11520]`.
  public var description: String { "\(Array(self))" }
}
