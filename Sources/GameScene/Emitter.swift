/// A stream of cosmetic particles that the renderer runs on its own seeded generator: the
/// game says where it is this tick; nothing of it is in the game's state.
///
/// Each tick it emits ``perTick`` particles at (``x``, ``y``), each flying along
/// `direction + (u - 0.5) × spread` (radians, clockwise, 0 = up) at
/// `speed + u × speedRange` world units per tick, living `lifetime + ⌊u × lifetimeRange⌋`
/// ticks and slowing by ``drag`` every tick (`u` a fresh uniform draw in 0..<1 each time).
public struct Emitter: Equatable, Sendable {
  public var image: String
  public var x: Float
  public var y: Float
  public var direction: Float
  public var spread: Float
  public var speed: Float
  public var speedRange: Float
  public var lifetime: Int
  public var lifetimeRange: Float
  public var perTick: Int
  public var drag: Float

  /// An emitter.
  public init(
    image: String, x: Float, y: Float, direction: Float, spread: Float, speed: Float,
    speedRange: Float, lifetime: Int, lifetimeRange: Float, perTick: Int = 2,
    drag: Float = 0.97
  ) {
    self.image = image
    self.x = x
    self.y = y
    self.direction = direction
    self.spread = spread
    self.speed = speed
    self.speedRange = speedRange
    self.lifetime = lifetime
    self.lifetimeRange = lifetimeRange
    self.perTick = perTick
    self.drag = drag
  }
}
