/// One analog input of a game: a paddle, a throttle, a steering wheel, or one coordinate of a
/// pointer. Its value each tick is an integer within ``range`` (`input[axis: i]`), quantised
/// by the window, chosen by a bot, recorded in replays like the buttons.
///
/// Controller names are SDL's game-controller axes (`leftx`, `lefty`, `rightx`, `righty`,
/// `lefttrigger`, `righttrigger`); a `-` after the name turns the stick the other way
/// (`lefty-`: up is the top of the range). A stick's travel spans the whole range, its centre
/// the middle of it; a trigger's travel goes from 0 (let go) to the top. The mouse sets an
/// axis from where it points: ``Mouse/x`` maps the world's width onto the range, left edge to
/// the bottom of the range, ``Mouse/y`` the world's height, top to bottom. So an axis of range
/// `0...159` on a world 160 units wide is the pointer's x in world units. Whichever moved
/// last, the stick or the mouse, sets the value.
///
/// ```swift
/// Axis("paddle", range: -127...127, controller: ["lefty"], mouse: .y)
/// ```
public struct Axis: Equatable, Sendable {
  /// Where the mouse sets an axis from: its position across the world, or along it.
  public enum Mouse: Equatable, Sendable {
    /// Across: the world's left edge is the range's bottom, its right edge the top.
    case x
    /// Down: the world's top edge is the range's bottom, its bottom edge the top.
    case y
  }

  /// The axis's name, as `GameApp games` lists it: `paddle`, `pointer-x`.
  public var name: String
  /// Every value it takes, within ``TickInput/axisValues``; it contains 0, the value of an
  /// axis nobody moved.
  public var range: ClosedRange<Int>
  /// Game-controller axes that move it by default.
  public var controller: [String]
  /// What the mouse does to it; nil for nothing.
  public var mouse: Mouse?
  /// The player it belongs to, from 1: player 2's axes read the second controller.
  public var player: Int

  /// An axis.
  public init(
    _ name: String, range: ClosedRange<Int>, controller: [String] = [], mouse: Mouse? = nil,
    player: Int = 1
  ) {
    precondition(
      ReplayFormat.isValidAxisRange(range),
      "an axis's range is 16-bit, more than one value, and contains 0 (the value at rest)")
    self.name = name
    self.range = range
    self.controller = controller
    self.mouse = mouse
    self.player = player
  }
}

/// A pointer over the world: the mouse's position in world units, as two axes (`pointer-x`
/// in `0..<width`, `pointer-y` in `0..<height`). Its buttons are ordinary ``Button``s whose
/// ``Button/mouse`` lists the mouse buttons that press them.
///
/// ```swift
/// static let buttons = ButtonLayout(
///   [Button("click", symbol: "C", keys: ["Space"], mouse: ["left"])],
///   pointer: Pointer(width: 160, height: 90))   // input[axis: 0], input[axis: 1]
/// ```
public struct Pointer: Equatable, Sendable {
  /// The world's width in world units (the scene's `worldWidth`).
  public var width: Int
  /// The world's height in world units.
  public var height: Int
  /// The player it belongs to.
  public var player: Int

  /// A pointer over a world of `width` × `height` world units.
  public init(width: Int, height: Int, player: Int = 1) {
    precondition(width > 1 && height > 1, "a pointer's world is at least 2 × 2 units")
    self.width = width
    self.height = height
    self.player = player
  }

  /// Its two axes, x then y.
  public var axes: [Axis] {
    [
      Axis("pointer-x", range: 0...(width - 1), mouse: .x, player: player),
      Axis("pointer-y", range: 0...(height - 1), mouse: .y, player: player),
    ]
  }
}
