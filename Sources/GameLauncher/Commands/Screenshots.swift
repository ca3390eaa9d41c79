import ArgumentParser
import GameCore
import GameRender

/// `GameApp screenshots DIR`: real game screens drawn offscreen as BMPs, no display needed.
///
/// A seeded game is played headless by the "ace" bot (and left alone by "idle" for the
/// game-over screen), so the pictures are the same on every run; `--samples` draws the
/// hand-built scenes the golden-image tests use instead.
struct Screenshots: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw the title, playing, paused and game-over screens offscreen (BMP files).")

  @Argument(help: "Folder to write title.bmp, playing.bmp, paused.bmp, game-over.bmp into.")
  var folder: String

  @Option(help: "Seed of the game to photograph.")
  var seed: UInt64 = 2026

  @Flag(help: "Draw the golden-test sample scenes instead of a real game.")
  var samples = false

  func run() throws {
    let offscreen = try OffscreenRenderer()
    if samples {
      for (name, phase) in [
        ("title", Scene.Phase.title), ("playing", .playing), ("paused", .paused),
        ("game-over", .gameOver),
      ] {
        offscreen.draw(.sample(phase))
        try offscreen.save(bmp: "\(folder)/\(name).bmp")
      }
    } else {
      try photographGame(offscreen)
    }
    print("wrote 4 screens to \(folder)")
  }

  private func photographGame(_ offscreen: OffscreenRenderer) throws {
    let store = StoreOf(
      initialState: Game.State(seed: seed), reducer: Game(), environment: ())
    let feed = SceneFeed(store: store)
    func run(_ ticks: Int, _ input: (Game.State) -> TickInput) {
      for _ in 0..<ticks {
        store.step(.tick(input(store.state)))
        offscreen.scenes.observe(tick: feed.scene)
      }
    }
    run(128) { _ in [] }
    offscreen.draw(feed.scene)
    try offscreen.save(bmp: "\(folder)/title.bmp")
    var ace = try Bot(name: "ace", seed: seed)
    run(1) { _ in [.fire] }
    // The moment just after the first hit: debris in the air, the wave still full.
    var waited = 0
    while waited < 2_000 && store.state.score.score == 0 {
      run(1) { ace.input(for: $0) }
      waited += 1
    }
    run(10) { ace.input(for: $0) }
    offscreen.draw(feed.scene)
    try offscreen.save(bmp: "\(folder)/playing.bmp")
    run(1) { _ in [.pause] }
    run(1) { _ in [] }
    offscreen.draw(feed.scene)
    try offscreen.save(bmp: "\(folder)/paused.bmp")
    run(1) { _ in [.pause] }
    var idle = try Bot(name: "idle", seed: seed)
    var ticks = 0
    while store.state.session.phase != .gameOver && ticks < 200_000 {
      run(1) { idle.input(for: $0) }
      ticks += 1
    }
    run(60) { _ in [] }
    // Blinking text is on in the first half of every 64 ticks.
    while store.state.tick % 64 >= 32 { run(1) { _ in [] } }
    offscreen.draw(feed.scene)
    try offscreen.save(bmp: "\(folder)/game-over.bmp")
  }
}
