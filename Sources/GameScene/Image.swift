/// An image from the sheet placed in a rectangle.
public struct Image: Equatable, Sendable {
  /// The image's name in the sheet's atlas.
  public var name: String
  /// Top-left corner.
  public var x: Float
  public var y: Float
  /// Size; nil draws it at the sheet's size.
  public var width: Float?
  public var height: Float?

  /// An image.
  public init(_ name: String, x: Float, y: Float, width: Float? = nil, height: Float? = nil) {
    self.name = name
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
