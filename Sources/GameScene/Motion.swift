/// How a sprite, rectangle, line or polygon of the world moved between the tick before and the
/// tick drawn: how frames between the two ticks draw it.
public enum Motion: Equatable, Sendable {
  /// Drawn where it is.
  case still
  /// Moving in a straight line: frames between ticks draw it back along its velocity (world
  /// units per tick) and spin (radians per tick). Needs no pairing between ticks, so a thing
  /// that just appeared (a rock that split) does not slide.
  case linear(vx: Float, vy: Float, spin: Float)
  /// Steered (a ship, a paddle): blended with the shape of the same kind and id
  /// (``Sprite/id``, ``Line/id``, ``Polygon/id``, ``Rect/id``) in the tick before, unless it
  /// jumped (wrapped, or more than half the world away).
  case tracked
}
