/// Draws a scene in colour with no SDL: `render()` of a training environment (a Python wheel
/// carries no SDL).
///
/// Three ``GrayscaleRaster``s, one a channel, each the window's frame box-filtered to this
/// size in its channel; blending "over" works channel by channel, so the three planes
/// interleaved are the colour frame, with the grey raster's coverage anti-aliasing rather than
/// SDL's whole-pixel edges. At the frame's own size (1,280 × 720) it is the window's picture
/// without the renderer's own emitter particles (see ``GrayscaleRaster``).
public struct ColorRaster: Sendable {
  /// Pixels across.
  public var width: Int { red.width }
  /// Pixels down.
  public var height: Int { red.height }
  private let red: GrayscaleRaster
  private let green: GrayscaleRaster
  private let blue: GrayscaleRaster

  /// A raster of `width` × `height` pixels drawing images and text from `assets`.
  public init(
    width: Int = Scene.frameWidth, height: Int = Scene.frameHeight,
    assets: RasterAssets = RasterAssets()
  ) {
    red = GrayscaleRaster(width: width, height: height, assets: assets, channel: .red)
    green = GrayscaleRaster(width: width, height: height, assets: assets, channel: .green)
    blue = GrayscaleRaster(width: width, height: height, assets: assets, channel: .blue)
  }

  /// Draws `scene` into `rgb` (`width × height × 3` bytes: rows of red, green, blue pixels).
  /// Allocates one channel's plane for the call, so rasters can draw on any thread at once.
  public func draw(_ scene: Scene, into rgb: UnsafeMutablePointer<UInt8>) {
    let count = width * height
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { plane in
      guard let plane = plane.baseAddress else { return }
      for (index, raster) in [red, green, blue].enumerated() {
        raster.draw(scene, into: plane)
        for pixel in 0..<count { rgb[pixel * 3 + index] = plane[pixel] }
      }
    }
  }
}
