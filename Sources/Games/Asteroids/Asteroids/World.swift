import GameCore

/// The torus the game is played on: positions wrap at the edges, and distances take the short
/// way around.
public enum World {
  /// World width in 16.16 raw units.
  public static let widthRaw: Int32 = Tuning.worldWidth << 16
  /// World height in 16.16 raw units.
  public static let heightRaw: Int32 = Tuning.worldHeight << 16
  /// The centre, where ships spawn.
  public static let center = Vector(Int(Tuning.worldWidth) / 2, Int(Tuning.worldHeight) / 2)

  /// `position` brought back inside the world: what leaves on the right enters on the left.
  @inlinable
  public static func wrap(_ position: Vector) -> Vector {
    Vector(
      x: Fixed(raw: wrap(position.x.raw, widthRaw)), y: Fixed(raw: wrap(position.y.raw, heightRaw)))
  }

  /// A coordinate in `0 ..< size`; objects move less than a world per tick, so one step does.
  @inlinable
  static func wrap(_ value: Int32, _ size: Int32) -> Int32 {
    if value < 0 { return value &+ size }
    if value >= size { return value &- size }
    return value
  }

  /// The shortest offset from `a` to `b` on the torus.
  @inlinable
  public static func offset(from a: Vector, to b: Vector) -> Vector {
    Vector(
      x: Fixed(raw: shortest(b.x.raw &- a.x.raw, widthRaw)),
      y: Fixed(raw: shortest(b.y.raw &- a.y.raw, heightRaw)))
  }

  /// A difference folded into `-size/2 ..< size/2`.
  @inlinable
  static func shortest(_ delta: Int32, _ size: Int32) -> Int32 {
    if delta >= size >> 1 { return delta &- size }
    if delta < -(size >> 1) { return delta &+ size }
    return delta
  }

  /// True when `a` and `b` are closer than `distance` whole units (wrap-aware): the one
  /// collision test of the game, circles with integer math.
  @inlinable
  public static func areWithin(_ a: Vector, _ b: Vector, distance: Int32) -> Bool {
    let dx = shortest(b.x.raw &- a.x.raw, widthRaw)
    let dy = shortest(b.y.raw &- a.y.raw, heightRaw)
    let limit = distance << 16
    // The box test rejects almost every pair with two compares and no multiply.
    if dx >= limit || dx <= -limit || dy >= limit || dy <= -limit { return false }
    let x = Int64(dx)
    let y = Int64(dy)
    let r = Int64(limit)
    return x * x + y * y < r * r
  }
}
