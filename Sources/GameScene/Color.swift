/// An RGBA colour.
public struct Color: Equatable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  /// 255 is opaque; less blends over what is below.
  public var alpha: UInt8

  /// A colour.
  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public static let black = Color(0, 0, 0)
  public static let white = Color(255, 255, 255)
}
