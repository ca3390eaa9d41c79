/// One thing drawn.
public enum Shape: Equatable, Sendable {
  /// An image from the game's sprite sheet, centred on a point, turned and scaled.
  case sprite(Sprite)
  /// An image from the sheet in a rectangle (top-left corner and size), not turned.
  case image(Image)
  /// One line of text in the engine's bitmap font.
  case text(Text)
  /// A rectangle, filled or outlined.
  case rect(Rect)
  /// A straight line.
  case line(Line)
  /// A closed polygon, filled or outlined.
  case polygon(Polygon)
}
