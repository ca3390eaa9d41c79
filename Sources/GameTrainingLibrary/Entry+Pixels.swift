import GameAssets
import GameCore
import GameScene
import GameTraining
import Synchronization

// Pixel observations: every environment drawn small and grey after each reset and step.

/// The side of a pixel observation: 84 × 84 bytes an agent.
let pixelSide = 84

/// Hands the batch a buffer for pixel observations, `[count][84][84]` bytes (`length` of
/// them); every later reset and step draws each environment into it (`GrayscaleRaster`: the
/// offscreen frame in miniature, its sprites and text from the game's assets, loaded on the
/// first call for a game). A null buffer stops the drawing. Same-step autoreset is refused:
/// its final frames would be lost.
@c public func lockstep_set_pixels(
  _ handle: Int64, _ pixels: UnsafeMutablePointer<UInt8>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    if pixels != nil {
      try expect(
        "pixels", count: length, of: "bytes", needed: Int64(h.batch.count * pixelSide * pixelSide))
      guard h.batch.configuration.autoreset != .sameStep else {
        throw Refusal(
          .badArgument,
          "pixel observations need next-step autoreset (same step would lose the final frames)")
      }
      guard let game = h.game as? any PlayableGame.Type else {
        throw Refusal(.badArgument, "\(h.game.id) cannot be drawn")
      }
      do {
        _ = try raster(for: game)
      } catch {
        throw Refusal(.ioFailure, "cannot draw \(game.id)'s pixels: \(error)")
      }
    }
    h.pixels = pixels
  }
}

/// Draws every environment of the handle into its pixel buffer, if it has one, across its
/// workers.
func drawPixels(_ handle: Handle) {
  guard let pixels = handle.pixels, let game = handle.game as? any PlayableGame.Type else { return }
  drawPixels(game, handle, pixels)
}

private func drawPixels<P: PlayableGame>(
  _ game: P.Type, _ handle: Handle, _ pixels: UnsafeMutablePointer<UInt8>
) {
  guard let batch = handle.batch as? any StateReading<P.State>,
    let raster = rasters.withLock({ $0[P.id] })
  else { return }
  let target = PixelTarget(base: pixels)
  handle.workers.run(over: handle.batch.count) { range in
    for index in range {
      raster.draw(
        P.scene(of: batch.stateNow(index)), into: target.base + index * pixelSide * pixelSide)
    }
  }
}

/// The pixel buffer, shared by the workers (each writes its own environments' bytes).
private struct PixelTarget: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>
}

/// Each game's raster, made once per process with the game's assets: loading reads and
/// filters the sheet and the fonts (milliseconds), drawing then reads them from any worker.
private let rasters = Mutex<[String: GrayscaleRaster]>([:])

/// `game`'s raster, loading its assets on first use.
func raster<P: PlayableGame>(for game: P.Type) throws -> GrayscaleRaster {
  if let raster = rasters.withLock({ $0[P.id] }) { return raster }
  let raster = GrayscaleRaster(
    width: pixelSide, height: pixelSide, assets: try RasterAssets(loading: P.self))
  rasters.withLock { $0[P.id] = raster }
  return raster
}
