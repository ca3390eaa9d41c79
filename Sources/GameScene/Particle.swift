/// A cosmetic dot that fades: debris, dust, sparks.
public struct Particle: Equatable, Sendable {
  /// The image's name in the sheet (drawn at the sheet's size).
  public var image: String
  public var x: Float
  public var y: Float
  /// World units per tick: frames between ticks draw it back along it.
  public var vx: Float
  public var vy: Float
  /// 1 when new, falling to 0 as it dies: its opacity.
  public var life: Float

  /// A particle.
  public init(image: String, x: Float, y: Float, vx: Float, vy: Float, life: Float) {
    self.image = image
    self.x = x
    self.y = y
    self.vx = vx
    self.vy = vy
    self.life = life
  }
}
