/// An image from the sheet centred on a point of the world.
public struct Sprite: Equatable, Sendable {
  /// Stable across ticks for the same thing: tracked interpolation pairs sprites by it.
  public var id: Int
  /// The image's name in the sheet's atlas.
  public var image: String
  /// Centre, in world units.
  public var x: Float
  public var y: Float
  /// Radians, clockwise; 0 draws the image as it is in the sheet.
  public var angle: Float
  /// Drawn size over the image's size in the sheet, at a view scale of 1.
  public var scale: Float
  /// How it moved since the tick before.
  public var motion: Motion

  /// A sprite.
  public init(
    id: Int, image: String, x: Float, y: Float, angle: Float = 0, scale: Float = 1,
    motion: Motion = .still
  ) {
    self.id = id
    self.image = image
    self.x = x
    self.y = y
    self.angle = angle
    self.scale = scale
    self.motion = motion
  }
}
