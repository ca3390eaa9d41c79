/// Everything the players do in one tick: the held buttons as a bit set, and the values of the
/// game's analog axes (a paddle, a pointer's x and y) as integers.
///
/// Like DOOM's ticcmd, one small value per tick is the whole of the players' input, so a game
/// is its seed plus a stream of these. The engine gives the bits no meaning: bit `i` is the
/// `i`-th button of the game's ``ButtonLayout``, and several players are several groups of
/// bits. A game names its buttons as constants of its own:
///
/// ```swift
/// extension TickInput {
///   static let up = TickInput(bit: 0)
///   static let down = TickInput(bit: 1)
/// }
/// ```
///
/// A game that declares axes (``ButtonLayout/axes``) reads axis `i` as `input[axis: i]`, an
/// integer within the axis's range: quantised by the window (or set by a bot), recorded in
/// replays and hashed like the buttons, never a `Float`. An axis nobody moved is 0.
///
/// The set operations (`union`, `contains`, `insert`, `subtracting`, ...) work on the buttons
/// and keep the axis values of the input they are called on; ``isEmpty`` means no button is
/// held. `==` and hashing compare both. An input with every axis at 0 hashes exactly as the
/// buttons alone did before inputs had axes (the stable hash feeds `rawValue`, nothing more),
/// so the states and replays of games without axes hash as they always did.
public struct TickInput: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// The axis values, inline: axis `i` in bits `16 i ..< 16 i + 16`, two's complement. One
  /// word beside the buttons keeps a tick's input small (12 bytes), so games without axes pay
  /// nothing measurable for them: the input is copied through every reducer of every tick.
  @usableFromInline var axes: UInt64
  /// The buttons, bit `i` for button `i`.
  public var rawValue: UInt32

  /// The input with exactly these bits held, every axis at 0.
  @inlinable public init(rawValue: UInt32) {
    self.rawValue = rawValue
    self.axes = 0
  }

  /// Nothing held, every axis at 0.
  @inlinable public init() { self.init(rawValue: 0) }

  /// The input with only button `bit` (0...31) held.
  @inlinable public init(bit: Int) {
    precondition((0..<32).contains(bit), "a tick input has 32 buttons, 0...31")
    self.init(rawValue: 1 << UInt32(bit))
  }

  /// `buttons` held and axis `i` at `axes[i]` (at most ``maxAxes`` values, each within
  /// ``axisValues``); the axes not listed at 0.
  public init(_ buttons: TickInput = [], axes: [Int]) {
    precondition(axes.count <= Self.maxAxes, "a tick input has at most 4 axes")
    self.init(rawValue: buttons.rawValue)
    for (index, value) in axes.enumerated() { self[axis: index] = value }
  }

  /// Most buttons a game may have, over all its players.
  public static let maxButtons = 32
  /// Most axes a game may have, over all its players (a pointer counts two: x and y).
  public static let maxAxes = 4
  /// Every value an axis may hold: 16-bit, room for a paddle's -127...127, a pointer over a
  /// world of up to 32,768 units, a throttle's 0...1023.
  public static let axisValues = Int(Int16.min)...Int(Int16.max)

  /// The value of axis `index` (0..<``maxAxes``): within the range the game declared for it.
  ///
  /// Setting a value outside ``axisValues`` traps; a value outside the axis's declared range
  /// is caught by the replay recorder (the window and the bots stay within it).
  @inlinable public subscript(axis index: Int) -> Int {
    get {
      precondition((0..<Self.maxAxes).contains(index), "a tick input has 4 axes, 0...3")
      return Int(Int16(truncatingIfNeeded: axes >> UInt64(16 * index)))
    }
    set {
      precondition((0..<Self.maxAxes).contains(index), "a tick input has 4 axes, 0...3")
      precondition(Self.axisValues.contains(newValue), "an axis value is a 16-bit integer")
      let shift = UInt64(16 * index)
      let lane = UInt64(UInt16(truncatingIfNeeded: newValue)) << shift
      axes = axes & ~(0xFFFF << shift) | lane
    }
  }

  /// True when some axis is not 0.
  @inlinable public var hasAxisValues: Bool { axes != 0 }

  /// Every axis value in one word, axis `i` in bits `16 i ..< 16 i + 16`: what storage that
  /// keeps the buttons and the axes apart (a training batch's history) keeps.
  @inlinable public var axisLanes: UInt64 { axes }

  /// The input with these buttons and these axis lanes (``axisLanes``).
  @inlinable public init(rawValue: UInt32, axisLanes: UInt64) {
    self.rawValue = rawValue
    self.axes = axisLanes
  }

  /// The buttons alone, every axis at 0.
  @inlinable public var buttons: TickInput { TickInput(rawValue: rawValue) }

  /// The bits as hex, "-" for nothing held, then any axis values (`0x5 [12, -3]`);
  /// ``ButtonLayout/describe(_:)`` names them.
  public var description: String {
    let bits = rawValue == 0 ? "-" : "0x" + String(rawValue, radix: 16)
    guard hasAxisValues else { return bits }
    return bits + " [" + (0..<Self.maxAxes).map { "\(self[axis: $0])" }.joined(separator: ", ")
      + "]"
  }

  // Equality and hashing: both parts; the buttons alone when no axis is moved.

  @inlinable public static func == (a: TickInput, b: TickInput) -> Bool {
    a.rawValue == b.rawValue && a.axes == b.axes
  }

  @inlinable public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue)
    if hasAxisValues { hasher.combine(axes) }
  }

  // The set operations act on the buttons and keep `self`'s axes (OptionSet's defaults would
  // rebuild the value from `rawValue` and drop them).

  /// True when no button is held (whatever the axes say).
  @inlinable public var isEmpty: Bool { rawValue == 0 }

  @inlinable public func contains(_ member: TickInput) -> Bool {
    rawValue & member.rawValue == member.rawValue
  }

  @inlinable public func union(_ other: TickInput) -> TickInput {
    var result = self
    result.rawValue |= other.rawValue
    return result
  }

  @inlinable public func intersection(_ other: TickInput) -> TickInput {
    var result = self
    result.rawValue &= other.rawValue
    return result
  }

  @inlinable public func symmetricDifference(_ other: TickInput) -> TickInput {
    var result = self
    result.rawValue ^= other.rawValue
    return result
  }

  @inlinable public func subtracting(_ other: TickInput) -> TickInput {
    var result = self
    result.rawValue &= ~other.rawValue
    return result
  }

  @inlinable public mutating func formUnion(_ other: TickInput) { rawValue |= other.rawValue }
  @inlinable public mutating func formIntersection(_ other: TickInput) {
    rawValue &= other.rawValue
  }
  @inlinable public mutating func formSymmetricDifference(_ other: TickInput) {
    rawValue ^= other.rawValue
  }
  @inlinable public mutating func subtract(_ other: TickInput) { rawValue &= ~other.rawValue }

  @inlinable @discardableResult
  public mutating func insert(_ newMember: TickInput) -> (
    inserted: Bool, memberAfterInsert: TickInput
  ) {
    let old = rawValue & newMember.rawValue
    rawValue |= newMember.rawValue
    return old == newMember.rawValue
      ? (false, TickInput(rawValue: old)) : (true, newMember.buttons)
  }

  @inlinable @discardableResult
  public mutating func remove(_ member: TickInput) -> TickInput? {
    let removed = rawValue & member.rawValue
    rawValue &= ~member.rawValue
    return removed == 0 ? nil : TickInput(rawValue: removed)
  }

  @inlinable @discardableResult
  public mutating func update(with newMember: TickInput) -> TickInput? {
    let old = rawValue & newMember.rawValue
    rawValue |= newMember.rawValue
    return old == 0 ? nil : TickInput(rawValue: old)
  }
}
