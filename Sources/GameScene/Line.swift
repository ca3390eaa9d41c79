/// A straight line from (``x1``, ``y1``) to (``x2``, ``y2``): a laser, a ship drawn in
/// strokes, a court's net.
///
/// Lines in ``Scene/world`` are smoothed between ticks as sprites are, by their ``motion``:
///
/// ```swift
/// // A shot flying right at 3 units a tick: drawn back along its velocity between ticks.
/// .line(Line(x1: x, y1: y, x2: x + 4, y2: y, color: .white, motion: .linear(vx: 3, vy: 0, spin: 0)))
/// // One stroke of a steered ship: blended with the stroke of the same id a tick before.
/// .line(Line(x1: nose.x, y1: nose.y, x2: tail.x, y2: tail.y, color: .white, id: 1, motion: .tracked))
/// ```
public struct Line: Equatable, Sendable {
  public var x1: Float
  public var y1: Float
  public var x2: Float
  public var y2: Float
  public var color: Color
  /// Stable across ticks for the same stroke: ``Motion/tracked`` pairs lines by it.
  public var id: Int
  /// How it moved since the tick before: ``Motion/linear(vx:vy:spin:)`` draws it back along
  /// its velocity and turns it back about its midpoint; ``Motion/tracked`` blends it with the
  /// tracked line of the same ``id`` in the tick before; ``Motion/still`` draws it as it is.
  public var motion: Motion

  /// A line; `id` matters only to ``Motion/tracked`` motion.
  public init(
    x1: Float, y1: Float, x2: Float, y2: Float, color: Color, id: Int = 0,
    motion: Motion = .still
  ) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    self.color = color
    self.id = id
    self.motion = motion
  }

  /// The two ends, first to second.
  var points: [SIMD2<Float>] {
    get { [SIMD2(x1, y1), SIMD2(x2, y2)] }
    set { (x1, y1, x2, y2) = (newValue[0].x, newValue[0].y, newValue[1].x, newValue[1].y) }
  }
}
