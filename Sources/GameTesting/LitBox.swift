/// The smallest rectangle holding every lit pixel of a region of a frame: where something was
/// drawn, for tests that check layout rather than exact pixels (`OffscreenRenderer.pixels()`).
public struct LitBox: Equatable, CustomStringConvertible {
  /// Inclusive bounds, in pixels.
  public var minX: Int
  public var minY: Int
  public var maxX: Int
  public var maxY: Int

  public var width: Int { maxX - minX + 1 }
  public var height: Int { maxY - minY + 1 }
  public var description: String { "x \(minX)...\(maxX), y \(minY)...\(maxY)" }

  public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
  }

  /// The lit pixels of `pixels` (0xAARRGGBB, `width` to a row) inside `xs` × `ys`; nil when
  /// none is. A pixel is lit when a channel is above `threshold`: the glow's faint edge is not.
  public init?(
    _ pixels: [UInt32], width: Int, xs: Range<Int>? = nil, ys: Range<Int>? = nil,
    threshold: UInt32 = 40
  ) {
    let height = pixels.count / width
    let xs = xs ?? 0..<width
    let ys = ys ?? 0..<height
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in ys.clamped(to: 0..<height) {
      for x in xs.clamped(to: 0..<width) {
        let pixel = pixels[y * width + x]
        let lit = [16, 8, 0].contains { (pixel >> UInt32($0)) & 0xFF > threshold }
        guard lit else { continue }
        if let old = box {
          box = (min(old.minX, x), min(old.minY, y), max(old.maxX, x), max(old.maxY, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    guard let box else { return nil }
    (minX, minY, maxX, maxY) = box
  }
}
