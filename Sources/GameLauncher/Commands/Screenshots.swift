import ArgumentParser
import Foundation
import GameCore
import GameRender
import GameScene

/// `GameApp screenshots DIR`: real game screens drawn offscreen as PNGs (or BMPs), no display
/// needed.
///
/// The game says which moments to draw (`PlayableGame.screenshots`: by default the title,
/// its first bot playing, and paused); a seeded game played by bots gives the same pictures on
/// every run.
struct Screenshots: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a game's title, playing, paused (and more) screens offscreen (PNG files).")

  @OptionGroup var game: GameOption

  @Argument(help: "Folder to write the pictures into (created if need be).")
  var folder: String

  @Option(help: "Seed of the game to photograph.")
  var seed: UInt64 = 2026

  @Option(help: "png, or bmp (uncompressed).")
  var format: String = "png"

  func validate() throws {
    if ImageFormat(rawValue: format) == nil { throw ValidationError("--format must be png or bmp") }
  }

  func run() throws { try run(game.game()) }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    try createFolder(folder)
    let offscreen = try OffscreenRenderer(G.self)
    let store = Store(
      initialState: G.initialState(seed: seed, settings: G.Settings()), reducer: G(),
      environment: ())
    let feed = SceneFeed(G.self, store: store)
    offscreen.scenes.observe(tick: feed.scene)
    var names: [String] = []
    var failure: (any Error)?
    var shoot = PhotoShoot(
      store: store, ticked: { offscreen.scenes.observe(tick: feed.scene) },
      shot: { name in
        guard failure == nil else { return }
        offscreen.draw(feed.scene)
        do {
          if format == "bmp" {
            try offscreen.save(bmp: "\(folder)/\(name).bmp")
          } else {
            try offscreen.save(png: "\(folder)/\(name).png")
          }
          names.append(name)
        } catch {
          failure = error
        }
      })
    G.screenshots(&shoot, seed: seed)
    if let failure { throw failure }
    print("wrote \(names.count) screens of \(G.id) to \(folder): \(names.joined(separator: ", "))")
  }
}
