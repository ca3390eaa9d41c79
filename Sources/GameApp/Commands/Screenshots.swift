import GameRender
import ArgumentParser

/// `GameApp screenshots DIR`: draws the sample scene of every screen offscreen as BMPs.
///
/// The committed docs/screenshots and the golden images come from this; no display needed.
struct Screenshots: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw the title, playing, paused and game-over screens offscreen (BMP files).")

  @Argument(help: "Folder to write title.bmp, playing.bmp, paused.bmp, game-over.bmp into.")
  var folder: String

  func run() throws {
    let offscreen = try OffscreenRenderer()
    for (name, phase) in [("title", Scene.Phase.title), ("playing", .playing),
                          ("paused", .paused), ("game-over", .gameOver)] {
      offscreen.draw(.sample(phase))
      try offscreen.save(bmp: "\(folder)/\(name).bmp")
    }
    print("wrote 4 screens to \(folder)")
  }
}
