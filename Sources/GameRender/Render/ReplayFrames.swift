import GameCore
import GameScene

/// Draws a replay of `game` headless, one BMP every `every` ticks: the offscreen half of
/// `GameApp replay FILE --frames DIR --every N`.
///
/// The replay is read with the format's hostile-input reader and played through a store whose
/// renderer subscription is the same ``SceneFeed`` the window uses, so exported frames are
/// what the player saw (minus interpolation: each frame is a whole tick).
///
/// - Returns: The number of frames written (`DIR/frame-000064.bmp`, named by tick).
@discardableResult
package func renderFrames<G: PlayableGame>(
  _ game: G.Type, replay bytes: [UInt8], into folder: String, every: Int,
  maxFrames: Int = .max
) throws -> Int {
  precondition(every >= 1, "every must be at least 1")
  var reader = try ReplayReader(bytes: bytes, allowPartial: true)
  let header = reader.header
  guard header.gameID.isEmpty || header.gameID == G.id else {
    throw ReplayError.gameMismatch(found: header.gameID, expected: G.id)
  }
  let settings = try G.Settings(encoded: header.settings)
  let store = StoreOf(
    initialState: G.initialState(seed: header.seed, settings: settings), reducer: G(),
    environment: ())
  let feed = SceneFeed(G.self, store: store)
  let offscreen = try OffscreenRenderer(G.self)
  offscreen.scenes.observe(tick: feed.scene)
  var written = 0
  var tick = 0
  while let chunk = try reader.nextChunk() {
    for run in chunk.runs {
      for _ in 0..<run.length {
        store.step(.tick(run.input))
        tick += 1
        offscreen.scenes.observe(tick: feed.scene)
        guard tick % every == 0 else { continue }
        offscreen.draw(feed.scene)
        try offscreen.save(bmp: folder + "/frame-" + pad(tick) + ".bmp")
        written += 1
        if written >= maxFrames { return written }
      }
    }
  }
  return written
}

private func pad(_ tick: Int) -> String {
  let digits = String(tick)
  return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}
