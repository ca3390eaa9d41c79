/// Tells a press from a hold: kept in a game's state, it remembers the buttons held at the tick
/// before and answers which were pressed this tick.
///
/// Every tick's ``TickInput`` holds the buttons *held*; a menu, a pause or a jump wants the
/// tick a button went down. Keep one of these in the state, feed it each tick's input once,
/// and act on what it returns. Hash ``held`` with the state: it changes what the next tick does.
///
/// ```swift
/// public struct State: GameState {
///   public var presses = ButtonPresses()
///   // ...
/// }
///
/// // In the reducer, once per tick:
/// let pressed = state.presses.update(input)
/// if pressed.contains(.pause) { state.paused.toggle() }   // once per press, however long held
/// if input.contains(.left) { state.x -= 1 }                // every tick it is held
/// ```
public struct ButtonPresses: Equatable, Sendable, StableHashable {
  /// The buttons held at the last ``update(_:)``.
  public private(set) var held: TickInput
  /// The buttons let go at the last ``update(_:)``: held the tick before, not at that one.
  public private(set) var released: TickInput

  /// Nothing held yet: a button held from tick 1 counts as pressed at tick 1.
  public init() {
    held = []
    released = []
  }

  /// Records this tick's `input` and returns the buttons pressed this tick: held now, not
  /// held at the tick before.
  ///
  /// > Important: Call it once per tick, before anything that reads ``held``: a second call
  /// > in the same tick returns nothing, since the buttons are then already held.
  ///
  /// It keeps the buttons only: the axes of `input` (``TickInput/subscript(axis:)``) are
  /// neither held nor returned.
  @discardableResult
  public mutating func update(_ input: TickInput) -> TickInput {
    let buttons = input.buttons
    let pressed = buttons.subtracting(held)
    released = held.subtracting(buttons)
    held = buttons
    return pressed
  }

  /// Feeds ``held`` and ``released``.
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(held.rawValue)
    hasher.combine(released.rawValue)
  }
}
