import GameCore
import GameRender
import GameScene
import GameTraining

// Frames: what an environment looks like, drawn by the engine's offscreen renderer.

/// The size of a frame `sgenv_render` writes: 720 rows of 1,280 RGB pixels.
@c public func sgenv_frame_size(
  _ heightOut: UnsafeMutablePointer<Int32>?, _ widthOut: UnsafeMutablePointer<Int32>?
) -> Int32 {
  heightOut?.pointee = Int32(frameHeight)
  widthOut?.pointee = Int32(frameWidth)
  return Status.ok.rawValue
}

/// Draws environment `index` as the window would show it and writes it at `rgb` as
/// `[720][1280][3]` bytes (`length` of them).
@c public func sgenv_render(
  _ handle: Int64, _ index: Int64, _ rgb: UnsafeMutablePointer<UInt8>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.with(handle, errorOut, errorCapacity) { h in
    guard let rgb, length == Int64(frameHeight * frameWidth * 3) else {
      return fail(.badArgument, "a frame needs a buffer of \(frameHeight * frameWidth * 3) bytes", errorOut, errorCapacity)
    }
    return render(h.game, h, index: Int(clamping: index), into: rgb, errorOut, errorCapacity)
  }
}

let frameWidth = 1_280
let frameHeight = 720

/// Draws with the handle's renderer (made on first use) for game `G`.
func render<G: TrainableGame>(
  _ game: G.Type, _ handle: Handle, index: Int, into rgb: UnsafeMutablePointer<UInt8>,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  guard let playable = G.self as? any PlayableGame.Type else {
    return fail(.badArgument, "\(G.id) cannot be drawn", errorOut, errorCapacity)
  }
  return draw(playable, handle, index: index, into: rgb, errorOut, errorCapacity)
}

func draw<P: PlayableGame>(
  _ game: P.Type, _ handle: Handle, index: Int, into rgb: UnsafeMutablePointer<UInt8>,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  guard let batch = handle.batch as? any StateReading<P.State> else {
    return fail(.badArgument, "\(P.id)'s batch cannot be drawn", errorOut, errorCapacity)
  }
  let state: P.State
  do throws(EnvironmentError) {
    state = try batch.readState(index)
  } catch {
    return fail(error, call: "render", errorOut, errorCapacity)
  }
  do {
    if handle.renderer == nil { handle.renderer = try OffscreenRenderer(P.self) }
    guard let renderer = handle.renderer else { return Status.ioFailure.rawValue }
    renderer.draw(P.scene(of: state))
    let pixels = renderer.pixels()
    for (offset, pixel) in pixels.enumerated() {
      rgb[offset * 3] = UInt8(truncatingIfNeeded: pixel >> 16)
      rgb[offset * 3 + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
      rgb[offset * 3 + 2] = UInt8(truncatingIfNeeded: pixel)
    }
    return Status.ok.rawValue
  } catch {
    return fail(.ioFailure, "cannot draw \(P.id): \(error)", errorOut, errorCapacity)
  }
}

/// A batch whose environments' states can be read, whatever its game type.
protocol StateReading<State> {
  associatedtype State
  func readState(_ index: Int) throws(EnvironmentError) -> State
  /// Environment `index`'s state, unchecked: for loops over the batch's own indices.
  func stateNow(_ index: Int) -> State
}

extension EnvironmentBatch: StateReading {
  func readState(_ index: Int) throws(EnvironmentError) -> G.State {
    _ = try stateHash(index)  // checks the index and that the batch was reset
    return state(index)
  }

  func stateNow(_ index: Int) -> G.State { state(index) }
}
