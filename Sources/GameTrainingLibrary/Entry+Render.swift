import GameAssets
import GameCore
import GameScene
import GameTraining

// Frames: what an environment looks like, the window's frame drawn by ``ColorRaster`` (no
// SDL: the wheel carries none).

/// The size of a frame `lockstep_render` writes: 720 rows of 1,280 RGB pixels.
@c public func lockstep_frame_size(
  _ heightOut: UnsafeMutablePointer<Int32>?, _ widthOut: UnsafeMutablePointer<Int32>?
) -> Int32 {
  heightOut?.pointee = Int32(frameHeight)
  widthOut?.pointee = Int32(frameWidth)
  return Status.ok.rawValue
}

/// Draws environment `index` as the window would show it and writes it at `rgb` as
/// `[720][1280][3]` bytes (`length` of them).
@c public func lockstep_render(
  _ handle: Int64, _ index: Int64, _ rgb: UnsafeMutablePointer<UInt8>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "render", errorOut, errorCapacity) { h in
    let bytes = frameHeight * frameWidth * 3
    guard let rgb, length == Int64(bytes) else {
      throw Refusal(.badArgument, "a frame needs a buffer of \(bytes) bytes")
    }
    try render(h.game, h, index: Int(clamping: index), into: rgb)
  }
}

let frameWidth = 1_280
let frameHeight = 720

/// Draws with the handle's colour raster (made on first use) for game `G`.
func render<G: TrainableGame>(
  _ game: G.Type, _ handle: Handle, index: Int, into rgb: UnsafeMutablePointer<UInt8>
) throws {
  guard let playable = G.self as? any PlayableGame.Type else {
    throw Refusal(.badArgument, "\(G.id) cannot be drawn")
  }
  try draw(playable, handle, index: index, into: rgb)
}

func draw<P: PlayableGame>(
  _ game: P.Type, _ handle: Handle, index: Int, into rgb: UnsafeMutablePointer<UInt8>
) throws {
  guard let batch = handle.batch as? any StateReading<P.State> else {
    throw Refusal(.badArgument, "\(P.id)'s batch cannot be drawn")
  }
  let state = try batch.readState(index)
  let raster: ColorRaster
  do {
    raster = try handle.colorRaster ?? ColorRaster(assets: RasterAssets(loading: P.self))
  } catch {
    throw Refusal(.ioFailure, "cannot draw \(P.id): \(error)")
  }
  handle.colorRaster = raster
  raster.draw(P.scene(of: state), into: rgb)
}

/// A batch whose environments' states can be read, whatever its game type.
protocol StateReading<State> {
  associatedtype State
  func readState(_ index: Int) throws(TrainingError) -> State
  /// Environment `index`'s state, unchecked: for loops over the batch's own indices.
  func stateNow(_ index: Int) -> State
}

extension TrainingBatch: StateReading {
  func readState(_ index: Int) throws(TrainingError) -> G.State {
    _ = try stateHash(index)  // checks the index and that the batch was reset
    return state(index)
  }

  func stateNow(_ index: Int) -> G.State { state(index) }
}
