import GameCore
import GameFiles
import GameScene

/// The picture formats frames are written in.
package enum ImageFormat: String, CaseIterable, Sendable {
  /// PNG, the default: a 1280 × 720 game frame is tens of kilobytes.
  case png
  /// Uncompressed BMP (3.7 MB a frame): what golden-image tests compare.
  case bmp
}

/// Plays a replay of `game` headless and draws it offscreen: `draw` is called with the tick
/// and the renderer, the frame drawn, for every `every`-th tick in `ticks` (all by default),
/// until it returns false.
///
/// The file is first checked as `replay --verify` checks it (``ReplayPlayer/check(_:allowPartial:limits:)``:
/// CRCs, checksum, this game, and its ticks times their work within `limits`), so a small
/// hostile file cannot keep the drawing busy for longer than `--max-ticks` allows. The replay
/// is read with the format's hostile-input reader and played through a store whose
/// renderer subscription is the same ``SceneFeed`` the window uses, so the frames are what the
/// player saw (minus interpolation: each frame is a whole tick); the renderer observes every
/// tick, so flames and fades build up as they did in play.
package func drawReplay<G: PlayableGame>(
  _ game: G.Type, replay bytes: [UInt8], every: Int = 1, ticks: ClosedRange<Int>? = nil,
  limits: ReplayLimits = .default,
  draw: (_ tick: Int, _ renderer: OffscreenRenderer) throws -> Bool
) throws {
  precondition(every >= 1, "every must be at least 1")
  _ = try ReplayPlayer<Simulation<G>>.check(bytes, allowPartial: true, limits: limits)
  var reader = try ReplayReader(bytes: bytes, allowPartial: true)
  let header = reader.header
  let settings = try G.Settings(encoded: header.settings)
  let store = Store(
    initialState: G.initialState(seed: header.seed, settings: settings), reducer: G(),
    environment: ())
  let feed = SceneFeed(G.self, store: store)
  let offscreen = try OffscreenRenderer(G.self)
  offscreen.scenes.observe(tick: feed.scene)
  var tick = 0
  while let chunk = try reader.nextChunk() {
    for run in chunk.runs {
      for _ in 0..<run.length {
        store.step(.tick(run.input))
        tick += 1
        offscreen.scenes.observe(tick: feed.scene)
        if let ticks, tick > ticks.upperBound { return }
        guard tick % every == 0, ticks?.contains(tick) ?? true else { continue }
        offscreen.draw(feed.scene)
        if try !draw(tick, offscreen) { return }
      }
    }
  }
}

/// Draws a replay headless, one picture every `every` ticks: the offscreen half of
/// `GameApp replay FILE --frames DIR --every N`.
///
/// Each frame is an ``OutputFile``: written to an exclusive temporary and renamed into place,
/// so a link planted as `frame-000064.png.part` is never followed and a frame is never half
/// written under its name.
///
/// - Returns: The number of frames written (`DIR/frame-000064.png`, named by tick).
@discardableResult
package func renderFrames<G: PlayableGame>(
  _ game: G.Type, replay bytes: [UInt8], into folder: String, every: Int,
  format: ImageFormat = .png, maxFrames: Int = .max, limits: ReplayLimits = .default,
  progress: ((_ tick: Int) -> Void)? = nil
) throws -> Int {
  var written = 0
  try drawReplay(G.self, replay: bytes, every: every, limits: limits) { tick, offscreen in
    progress?(tick)
    let path = folder + "/frame-" + pad(tick) + "." + format.rawValue
    // Through an exclusive temporary renamed into place (or a device written in place): SDL
    // writes to the temporary's open descriptor, never to a name it would reopen.
    let file = try OutputFile(path: path)
    let through = "/dev/fd/\(file.descriptor)"
    do {
      switch format {
      case .png: try offscreen.save(png: through)
      case .bmp: try offscreen.save(bmp: through)
      }
      try file.commit()
    } catch let error as SDLError {
      file.discard()
      throw SDLError("write \(path)", message: error.message)
    } catch {
      file.discard()
      throw error
    }
    written += 1
    return written < maxFrames
  }
  return written
}

private func pad(_ tick: Int) -> String {
  let digits = String(tick)
  return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}
