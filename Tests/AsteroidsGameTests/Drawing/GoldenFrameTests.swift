import AsteroidsGame
import Foundation
import GameCore
import GameScene
import Testing

@testable import GameRender

/// Golden images: each screen drawn offscreen (software renderer, no display, no SDL_Init) and
/// compared with a committed reference at full resolution. Run with `UPDATE_GOLDENS=1` to
/// rewrite the references after an intended change, then look at them before committing.
///
/// The comparison is strict enough to catch any one thing drawn: a pixel differs when one of
/// its channels is more than ``channelTolerance`` apart (rounding, not content), and at most
/// ``pixelBudget`` pixels may differ, fewer than the smallest bullet or score digit lights.
/// `anAlteredSceneFailsTheComparison` proves it with scenes missing a ship, a bullet, a rock,
/// or showing another score.
@Suite struct GoldenFrameTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/golden").path

  /// Most a channel may differ before its pixel counts as different.
  static let channelTolerance: UInt32 = 4
  /// Most pixels that may differ from the reference.
  static let pixelBudget = 8

  static func path(_ name: String) -> String { "\(fixtures)/\(name).png" }

  /// The last of `scenes` drawn offscreen, after the renderer observed each of them as a tick
  /// (the exhaust flame builds up over ticks).
  func render(_ scenes: [Scene]) throws -> [UInt32] {
    let offscreen = try OffscreenRenderer(Asteroids.self)
    for scene in scenes { offscreen.scenes.observe(tick: scene) }
    offscreen.draw(try #require(scenes.last))
    return offscreen.pixels()
  }

  func check(_ name: String, _ scenes: [Scene]) throws {
    let actual = try render(scenes)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
      try Self.save(actual, to: Self.path(name))
    }
    let reference = try #require(loadPixels(Self.path(name)), "missing golden \(Self.path(name))")
    let over = Self.differingPixels(reference, actual)
    #expect(over <= Self.pixelBudget, "\(name): \(over) pixels differ from \(Self.path(name))")
  }

  /// Pixels whose red, green or blue differ by more than ``channelTolerance``; every pixel
  /// counts as differing when the sizes differ.
  static func differingPixels(_ reference: [UInt32], _ actual: [UInt32]) -> Int {
    guard reference.count == actual.count else { return max(reference.count, actual.count) }
    var over = 0
    for (a, b) in zip(reference, actual) where a != b {
      for shift: UInt32 in [0, 8, 16] {
        let x = (a >> shift) & 0xFF
        let y = (b >> shift) & 0xFF
        if (x > y ? x - y : y - x) > channelTolerance {
          over += 1
          break
        }
      }
    }
    return over
  }

  static func save(_ pixels: [UInt32], to path: String) throws {
    try GoldenImage.save(pixels, width: Scene.frameWidth, to: path)
  }

  func loadPixels(_ path: String) -> [UInt32]? { GoldenImage.load(path)?.pixels }

  @Test func theTitleScreenMatchesItsGoldenImage() throws {
    try check("title", [AsteroidsDrawing.sample(.title)])
  }

  @Test func thePlayingScreenMatchesItsGoldenImage() throws {
    try check("playing", [AsteroidsDrawing.sample(.playing)])
  }

  @Test func thePausedScreenMatchesItsGoldenImage() throws {
    try check("paused", [AsteroidsDrawing.sample(.paused)])
  }

  @Test func theGameOverScreenMatchesItsGoldenImage() throws {
    try check("game-over", [AsteroidsDrawing.sample(.gameOver)])
  }

  @Test func anExplosionAndTheThrustFlameMatchTheirGoldenImage() throws {
    try check("explosion", (0...12).map { AsteroidsDrawing.explosion(tick: $0) })
    // The flame and the debris are really there: without them, far more pixels differ.
    let reference = try #require(loadPixels(Self.path("explosion")), "missing golden explosion")
    #expect(
      Self.differingPixels(reference, try render([AsteroidsDrawing.sample(.playing)])) > 500)
  }

  /// The goldens are the very pixels the renderer drew before games were moved onto the
  /// engine: byte for byte, not merely within the comparison's tolerance. (The paused and
  /// game-over goldens were redrawn once since, on purpose: the HUD's best-score line became
  /// the engine's high-score board, drawn over the dimmed screen instead of under it.)
  @Test func theScreensAreTheSamePixelsAsBeforeTheEngineWasGeneric() throws {
    let scenes: [(String, [Scene])] = [
      ("title", [AsteroidsDrawing.sample(.title)]),
      ("playing", [AsteroidsDrawing.sample(.playing)]),
      ("explosion", (0...12).map { AsteroidsDrawing.explosion(tick: $0) }),
    ]
    for (name, list) in scenes {
      let reference = try #require(loadPixels(Self.path(name)), "missing golden \(name)")
      #expect(try render(list) == reference, "\(name) is not byte-identical to its golden")
    }
  }

  @Test func anAlteredSceneFailsTheComparison() throws {
    let reference = try #require(loadPixels(Self.path("playing")), "missing golden playing")
    func without(_ image: String) -> Scene {
      var scene = AsteroidsDrawing.sample(.playing)
      if let index = scene.world.firstIndex(where: {
        if case .sprite(let sprite) = $0 { sprite.image == image } else { false }
      }) {
        scene.world.remove(at: index)
      }
      return scene
    }
    let scenes: [(String, Scene)] = [
      ("no ship", without("ship-thrust")),
      ("no bullet", without("bullet")),
      ("no saucer bullet", without("saucer-bullet")),
      ("no small rock", without("rock2-2")),
      ("score 12,350", AsteroidsDrawing.sample(.playing, score: 12_350)),
      ("one life fewer", AsteroidsDrawing.sample(.playing, lives: 2)),
    ]
    for (what, scene) in scenes {
      let over = Self.differingPixels(reference, try render([scene]))
      #expect(over > Self.pixelBudget, "\(what): only \(over) pixels differ, and it passes")
    }
  }

  @Test func aRealGameFrameShowsItsRocks() throws {
    let offscreen = try OffscreenRenderer(Asteroids.self)
    offscreen.draw(Asteroids.scene(of: Asteroids.State(seed: 1)))
    let lit = offscreen.pixels().filter { $0 & 0x00FF_FFFF > 0x0020_2020 }.count
    #expect(lit > 2_000)
  }
}
