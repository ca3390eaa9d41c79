import Foundation
import GameRender

@testable import GameScene
@testable import GameTrainingLibrary

/// Frames for comparing the raster with the renderer: the real frame box-filtered to the
/// raster's size, what is in it, and pictures of both for a person to look at.
enum PixelFrames {
  /// The grey of a 0xAARRGGBB pixel, 0...255 (ITU-R BT.601, as the raster).
  static func grey(_ pixel: UInt32) -> Float {
    0.299 * Float((pixel >> 16) & 0xFF) + 0.587 * Float((pixel >> 8) & 0xFF)
      + 0.114 * Float(pixel & 0xFF)
  }

  /// A 1,280 × 720 frame box-filtered to `side` × `side` grey: each pixel the mean of the
  /// frame's pixels under its box, those cut by its edges by the share inside.
  static func downscaled(
    _ frame: [UInt32], width: Int = Scene.frameWidth, height: Int = Scene.frameHeight,
    side: Int
  ) -> [Float] {
    func weights(_ source: Int, _ target: Int) -> [[(Int, Float)]] {
      let step = Float(source) / Float(target)
      return (0..<target).map { index in
        let start = Float(index) * step
        let end = start + step
        return (Int(start)..<min(source, Int(end.rounded(.up)))).map { pixel in
          (pixel, (min(end, Float(pixel + 1)) - max(start, Float(pixel))) / step)
        }
      }
    }
    let across = weights(width, side)
    let down = weights(height, side)
    var rows = [Float](repeating: 0, count: height * side)
    for y in 0..<height {
      for x in 0..<side {
        var sum: Float = 0
        for (pixel, weight) in across[x] { sum += grey(frame[y * width + pixel]) * weight }
        rows[y * side + x] = sum
      }
    }
    var out = [Float](repeating: 0, count: side * side)
    for y in 0..<side {
      for x in 0..<side {
        var sum: Float = 0
        for (row, weight) in down[y] { sum += rows[row * side + x] * weight }
        out[y * side + x] = sum
      }
    }
    return out
  }

  /// `scene` drawn by `raster`.
  static func drawn(_ scene: Scene, _ raster: GrayscaleRaster) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: raster.width * raster.height)
    pixels.withUnsafeMutableBufferPointer { raster.draw(scene, into: $0.baseAddress!) }
    return pixels
  }

  /// The mean absolute difference of two greys, 0...255.
  static func meanDifference(_ real: [Float], _ drawn: [UInt8]) -> Float {
    var total: Float = 0
    for (a, b) in zip(real, drawn) { total += abs(a - Float(b)) }
    return total / Float(real.count)
  }

  /// Something large in the scene and its box in frame pixels: every sprite of 20 pixels or
  /// more and every line of text.
  struct Object {
    var name: String
    var box: (x0: Float, y0: Float, x1: Float, y1: Float)
  }

  static func objects(of scene: Scene, _ raster: GrayscaleRaster) -> [Object] {
    var objects: [Object] = []
    let world = FrameMapping(scene: scene)
    for shape in scene.world {
      guard case .sprite(let sprite) = shape, let atlas = raster.assets.sprites,
        let number = atlas.number(sprite.image)
      else { continue }
      let size = atlas.size(number)
      let reach = Float(max(size.width, size.height)) * sprite.scale * world.scale * 0.75
      guard reach >= 15 else { continue }
      let x = world.x(sprite.x)
      let y = world.y(sprite.y)
      objects.append(Object(name: sprite.image, box: (x - reach, y - reach, x + reach, y + reach)))
    }
    var texts: [Text] = []
    for shape in scene.overlay { if case .text(let text) = shape { texts.append(text) } }
    if let best = scene.highScores?.best { texts.append(best) }
    for text in texts where text.string.contains(where: { $0 != " " }) {
      let width = Text.width(of: text.string, scale: text.scale)
      let left =
        text.alignment == .left
        ? text.x : text.alignment == .center ? text.x - width / 2 : text.x - width
      objects.append(
        Object(
          name: "text '\(text.string)'", box: (left, text.y, left + width, text.y + 24 * text.scale)
        ))
    }
    return objects
  }

  /// The summed grey above the background inside `box` (frame pixels), in the real frame and
  /// in the raster.
  static func brightness(
    _ box: (x0: Float, y0: Float, x1: Float, y1: Float), _ real: [Float], _ drawn: [UInt8],
    _ scene: Scene, side: Int = pixelSide
  ) -> (Float, Float) {
    let background = Float(GrayscaleRaster().luminance(scene.background))
    let pw = Float(Scene.frameWidth) / Float(side)
    let ph = Float(Scene.frameHeight) / Float(side)
    var inFrame: Float = 0
    var inRaster: Float = 0
    for y in max(0, Int(box.y0 / ph))..<min(side, Int(box.y1 / ph) + 1) {
      for x in max(0, Int(box.x0 / pw))..<min(side, Int(box.x1 / pw) + 1) {
        inFrame += abs(real[y * side + x] - background)
        inRaster += abs(Float(drawn[y * side + x]) - background)
      }
    }
    return (inFrame, inRaster)
  }

  /// With `PIXEL_FRAMES` set to a folder, writes `<name>.png` there: the real frame halved,
  /// its box-filtered 84 × 84 grey and the raster, both scaled up by 4 (nearest neighbour);
  /// and the frame and the raster alone, `<name>-frame.png` and `<name>-raster.png` (what
  /// docs/pixel-observations.png is made of, scripts/pixel-figure).
  static func saveIfAsked(_ name: String, real: [UInt32], small: [Float], drawn: [UInt8]) {
    guard let folder = ProcessInfo.processInfo.environment["PIXEL_FRAMES"] else { return }
    let side = pixelSide
    let width = 640 + 16 + side * 4 * 2 + 16
    let height = max(360, side * 4)
    var image = [UInt32](repeating: 0xFF40_4040, count: width * height)
    for y in 0..<360 {
      for x in 0..<640 { image[y * width + x] = real[y * 2 * 1280 + x * 2] }
    }
    func grey(_ value: Float) -> UInt32 {
      let v = UInt32(max(0, min(255, value.rounded())))
      return 0xFF00_0000 | v << 16 | v << 8 | v
    }
    for y in 0..<side * 4 {
      for x in 0..<side * 4 {
        image[y * width + 656 + x] = grey(small[y / 4 * side + x / 4])
        image[y * width + 656 + side * 4 + 16 + x] = grey(Float(drawn[y / 4 * side + x / 4]))
      }
    }
    write(image, width: width, height: height, to: "\(folder)/\(name).png")
    write(
      real, width: Scene.frameWidth, height: Scene.frameHeight, to: "\(folder)/\(name)-frame.png")
    write(
      drawn.map { grey(Float($0)) }, width: side, height: side, to: "\(folder)/\(name)-raster.png")
  }

  static func write(_ pixels: [UInt32], width: Int, height: Int, to path: String) {
    let png = PNGEncoder.encode(argb: pixels, width: width, height: height)
    _ = FileManager.default.createFile(atPath: path, contents: Data(png))
  }
}
