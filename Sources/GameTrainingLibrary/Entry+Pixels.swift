import GameAssets
import GameCore
import GameScene
import GameTraining
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Pixel observations: every environment drawn small and grey after each reset and step, in
// frames its pipeline (`lockstep_set_pixel_pipeline`) sizes, stacks and max-pools.

/// The side of a pixel observation by default: 84 × 84 bytes an agent.
let pixelSide = 84

/// Hands the batch a buffer for pixel observations, `[count][stack][height][width]` bytes
/// (`length` of them; 84 × 84 and a stack of 1 unless ``lockstep_set_pixel_pipeline`` said
/// otherwise); every later reset and step draws each environment into it (`GrayscaleRaster`:
/// the offscreen frame in miniature, its sprites and text from the game's assets, loaded on
/// the first call for a game). A null buffer stops the drawing. Same-step autoreset is
/// refused: its final frames would be lost.
@c public func lockstep_set_pixels(
  _ handle: Int64, _ pixels: UnsafeMutablePointer<UInt8>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    let pipeline = h.pipeline
    if pixels != nil {
      try expect(
        "pixels", count: length, of: "bytes",
        needed: Int64(h.batch.count * pipeline.frameStack * pipeline.frameBytes))
      guard h.batch.configuration.autoreset != .sameStep else {
        throw Refusal(
          .badArgument,
          "pixel observations need next-step autoreset (same step would lose the final frames)")
      }
      guard let game = h.game as? any PlayableGame.Type else {
        throw Refusal(.badArgument, "\(h.game.id) cannot be drawn")
      }
      do {
        try installPooling(game, h)
      } catch {
        throw Refusal(.ioFailure, "cannot draw \(game.id)'s pixels: \(error)")
      }
    } else {
      uninstallPooling(h)
    }
    h.pixels = pixels
  }
}

/// Sets how the batch's pixel observations are made, before its pixel buffer is handed over
/// and before its first reset: frames `height` × `width` (1...1024 each) showing the region
/// of the 1,280 × 720 frame at (`regionX`, `regionY`) of `regionWidth` × `regionHeight`
/// frame pixels (inside the frame; a width of 0 for the whole frame), the newest
/// `frameStack` frames of each environment (1...64, oldest first; a reset fills the stack
/// with its first frame), each the pixel-wise maximum of a repeated step's last two ticks
/// when `maxPool` is 1; and sticky actions: with probability `stickyActions` (0...1) an
/// agent's previous action is applied instead of its new one, drawn from a generator each
/// environment seeds from its reset's seed (the replay records the actions applied).
@c public func lockstep_set_pixel_pipeline(
  _ handle: Int64, _ height: Int32, _ width: Int32, _ regionX: Int32, _ regionY: Int32,
  _ regionWidth: Int32, _ regionHeight: Int32, _ frameStack: Int32, _ maxPool: Int32,
  _ stickyActions: Double,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    guard h.pixels == nil && !h.batch.isReset else {
      throw Refusal(
        .badOrder,
        "the pixel pipeline is set before the pixel buffer is handed over (lockstep_set_pixels) "
          + "and before the first reset; make a new batch to change it")
    }
    guard (1...1024).contains(height) && (1...1024).contains(width) else {
      throw Refusal(
        .badArgument, "the pixel size must be 1...1024 each way, not \(height) × \(width)")
    }
    let frame = (width: Int32(Scene.frameWidth), height: Int32(Scene.frameHeight))
    let whole = regionX == 0 && regionY == 0 && regionWidth == 0 && regionHeight == 0
    guard
      whole
        || (regionX >= 0 && regionY >= 0 && regionWidth > 0 && regionHeight > 0
          && Int64(regionX) + Int64(regionWidth) <= Int64(frame.width)
          && Int64(regionY) + Int64(regionHeight) <= Int64(frame.height))
    else {
      throw Refusal(
        .badArgument,
        "the pixel region (\(regionX), \(regionY), \(regionWidth) × \(regionHeight)) must lie "
          + "inside the \(frame.width) × \(frame.height) frame, at least one pixel each way")
    }
    guard (1...64).contains(frameStack) else {
      throw Refusal(.badArgument, "the frame stack must be 1...64 frames, not \(frameStack)")
    }
    guard maxPool == 0 || maxPool == 1 else {
      throw Refusal(.badArgument, "max pool must be 0 or 1, not \(maxPool)")
    }
    guard stickyActions >= 0 && stickyActions <= 1 else {
      throw Refusal(
        .badArgument, "the sticky-action probability must be 0...1, not \(stickyActions)")
    }
    h.pipeline = PixelPipeline(
      count: h.batch.count, players: h.batch.agentCount, height: Int(height),
      width: Int(width),
      region: whole
        ? nil : (Int(regionX), Int(regionY), Int(regionWidth), Int(regionHeight)),
      frameStack: Int(frameStack), maxPool: maxPool == 1,
      stickyActions: stickyActions)
  }
}

/// Draws every environment of the handle into its pixel buffer, if it has one, across its
/// workers: after a reset (`refill`: each stack filled with the first frame) or a step (each
/// stack moved one frame on, but filled for environments the step began anew).
func drawPixels(_ handle: Handle, refill: Bool) {
  guard let pixels = handle.pixels, let game = handle.game as? any PlayableGame.Type else { return }
  drawPixels(game, handle, pixels, only: nil, refill: refill)
}

/// Draws environment `index` alone, its stack filled with its frame, as a reset of it would.
func drawPixels(_ handle: Handle, restored index: Int) {
  guard let pixels = handle.pixels, let game = handle.game as? any PlayableGame.Type else { return }
  drawPixels(game, handle, pixels, only: index, refill: true)
}

private func drawPixels<P: PlayableGame>(
  _ game: P.Type, _ handle: Handle, _ pixels: UnsafeMutablePointer<UInt8>, only: Int?,
  refill: Bool
) {
  let pipeline = handle.pipeline
  guard let batch = handle.batch as? any StateReading<P.State>,
    let raster = rasters.withLock({ $0[pipeline.rasterKey(P.id)] })
  else { return }
  let target = PixelTarget(base: pixels)
  let frame = pipeline.frameBytes
  let stack = pipeline.frameStack
  let drawOne = { (index: Int) in
    let base = target.base + index * stack * frame
    let newest = base + (stack - 1) * frame
    let fill = refill || pipeline.fresh[index] != 0
    if stack > 1 && !fill {
      // Oldest first: every frame moves one place down. `memmove`, as the two overlap: a
      // byte loop here cost as much as drawing the frame.
      memmove(base, base + frame, (stack - 1) * frame)
    }
    raster.draw(P.scene(of: batch.stateNow(index)), into: newest)
    if pipeline.poolDrawn[index] != 0 {
      let pooled = pipeline.pooled + index * frame
      for offset in 0..<frame { newest[offset] = max(newest[offset], pooled[offset]) }
      pipeline.poolDrawn[index] = 0
    }
    if fill && stack > 1 {
      for slot in 0..<stack - 1 { (base + slot * frame).update(from: newest, count: frame) }
    }
  }
  if let only { return drawOne(only) }
  handle.workers.run(over: handle.batch.count) { range in
    for index in range { drawOne(index) }
  }
}

/// Loads `game`'s raster for the handle's frame size and, when the pipeline max-pools,
/// has the batch draw each environment before a repeated step's last tick.
private func installPooling<P: PlayableGame>(_ game: P.Type, _ handle: Handle) throws {
  let pipeline = handle.pipeline
  let raster = try raster(
    for: game, width: pipeline.width, height: pipeline.height, region: pipeline.region)
  guard pipeline.maxPool, handle.batch.configuration.actionRepeat > 1,
    let batch = handle.batch as? any LastTickHooking<P.State>
  else { return }
  let frame = pipeline.frameBytes
  let target = PixelTarget(base: pipeline.pooled)
  let drawn = PixelTarget(base: pipeline.poolDrawn)
  batch.setBeforeLastTick { index, state in
    raster.draw(P.scene(of: state), into: target.base + index * frame)
    drawn.base[index] = 1
  }
}

private func uninstallPooling(_ handle: Handle) {
  guard let game = handle.game as? any PlayableGame.Type else { return }
  uninstall(game, handle)
}

private func uninstall<P: PlayableGame>(_ game: P.Type, _ handle: Handle) {
  (handle.batch as? any LastTickHooking<P.State>)?.setBeforeLastTick(nil)
}

/// A batch that draws (or does anything) before a repeated step's last tick.
protocol LastTickHooking<State> {
  associatedtype State
  func setBeforeLastTick(_ hook: (@Sendable (Int, State) -> Void)?)
}

extension TrainingBatch: LastTickHooking {
  func setBeforeLastTick(_ hook: (@Sendable (Int, G.State) -> Void)?) { beforeLastTick = hook }
}

/// A pixel buffer, shared by the workers (each writes its own environments' bytes).
private struct PixelTarget: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>
}

/// Each game's rasters, one a frame size, made once per process with the game's assets:
/// loading reads and filters the sheet and the fonts (milliseconds), drawing then reads them
/// from any worker.
private let rasters = Mutex<[String: GrayscaleRaster]>([:])

/// `game`'s raster of `width` × `height` (84 × 84 by default) showing `region` of the frame
/// (the whole frame when nil), loading its assets on first use.
func raster<P: PlayableGame>(
  for game: P.Type, width: Int = pixelSide, height: Int = pixelSide,
  region: (x: Int, y: Int, width: Int, height: Int)? = nil
) throws -> GrayscaleRaster {
  let key = PixelPipeline.rasterKey(P.id, width: width, height: height, region: region)
  if let raster = rasters.withLock({ $0[key] }) { return raster }
  let raster = GrayscaleRaster(
    width: width, height: height, region: region, assets: try RasterAssets(loading: P.self))
  rasters.withLock { $0[key] = raster }
  return raster
}
