/// A rectangle: a paddle, a tile, a panel, a dimmed screen.
public struct Rect: Equatable, Sendable {
  public var x: Float
  public var y: Float
  public var width: Float
  public var height: Float
  public var color: Color
  /// False draws the outline only.
  public var filled: Bool
  /// Stable across ticks for the same thing (a paddle, the ball): ``Motion/tracked``
  /// interpolation pairs rectangles by it.
  public var id: Int
  /// How it moved since the tick before: ``Motion/linear(vx:vy:spin:)`` draws it back along
  /// its velocity between ticks; ``Motion/tracked`` blends it with the rectangle of the same
  /// ``id`` in the tick before (position and size), so a paddle or a ball drawn as a rectangle
  /// moves smoothly at any frame rate without the game knowing its velocity; ``Motion/still``
  /// draws it where it is.
  public var motion: Motion

  /// A rectangle with its top-left corner at (`x`, `y`).
  public init(
    x: Float, y: Float, width: Float, height: Float, color: Color, filled: Bool = true,
    id: Int = 0, motion: Motion = .still
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.color = color
    self.filled = filled
    self.id = id
    self.motion = motion
  }
}
