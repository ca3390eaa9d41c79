/// A closed polygon through its points, in order: a rock, a ship's hull, a panel.
///
/// Polygons in ``Scene/world`` are smoothed between ticks as sprites are, by their ``motion``:
///
/// ```swift
/// // A rock drifting and turning: drawn back along its velocity and spin between ticks.
/// let corners = (0..<7).map { i -> SIMD2<Float> in
///   let angle = Float(i) * 2 * .pi / 7
///   return SIMD2(x + 6 * cos(angle), y + 6 * sin(angle))
/// }
/// .polygon(Polygon(points: corners, color: .white, motion: .linear(vx: 0.5, vy: 0.2, spin: 0.03)))
/// // A steered ship: blended with the polygon of the same id a tick before.
/// .polygon(Polygon(points: hull, color: .white, id: 1, motion: .tracked))
/// ```
public struct Polygon: Equatable, Sendable {
  /// The corners as (x, y).
  public var points: [SIMD2<Float>]
  public var color: Color
  /// True fills it (convex polygons; others as a fan from the first point).
  public var filled: Bool
  /// Stable across ticks for the same thing: ``Motion/tracked`` pairs polygons by it.
  public var id: Int
  /// How it moved since the tick before: ``Motion/linear(vx:vy:spin:)`` draws it back along
  /// its velocity and turns it back about its centre (the mean of its points);
  /// ``Motion/tracked`` blends each corner with the tracked polygon of the same ``id`` (and
  /// as many corners) in the tick before; ``Motion/still`` draws it as it is.
  public var motion: Motion

  /// A polygon; `id` matters only to ``Motion/tracked`` motion.
  public init(
    points: [SIMD2<Float>], color: Color, filled: Bool = false, id: Int = 0,
    motion: Motion = .still
  ) {
    self.points = points
    self.color = color
    self.filled = filled
    self.id = id
    self.motion = motion
  }
}
