import CSDL2
import Foundation
import GameCore
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
@Suite struct OffscreenRendererTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/golden").path

  /// Most a channel may differ before its pixel counts as different.
  static let channelTolerance: UInt32 = 4
  /// Most pixels that may differ from the reference.
  static let pixelBudget = 8

  static func path(_ name: String) -> String { "\(fixtures)/\(name).bmp" }

  /// The last of `scenes` drawn offscreen, after the renderer observed each of them as a tick
  /// (the exhaust flame builds up over ticks).
  func render(_ scenes: [Scene]) throws -> [UInt32] {
    let offscreen = try OffscreenRenderer()
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
    var copy = pixels
    try copy.withUnsafeMutableBytes { bytes in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          bytes.baseAddress, SceneRenderer.frameWidth, SceneRenderer.frameHeight, 32,
          SceneRenderer.frameWidth * 4, SDL_PIXELFORMAT_ARGB8888.rawValue),
        let rgb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24.rawValue, 0)
      else { throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom") }
      defer {
        SDL_FreeSurface(rgb)
        SDL_FreeSurface(surface)
      }
      if CSDL2_SaveBMP(rgb, path) != 0 { throw SDLError("SDL_SaveBMP") }
    }
  }

  func loadPixels(_ path: String) -> [UInt32]? {
    guard let loaded = CSDL2_LoadBMP(path) else { return nil }
    defer { SDL_FreeSurface(loaded) }
    guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    return opaquePixels(of: surface)
  }

  @Test func theTitleScreenMatchesItsGoldenImage() throws { try check("title", [.sample(.title)]) }

  @Test func thePlayingScreenMatchesItsGoldenImage() throws {
    try check("playing", [.sample(.playing)])
  }

  @Test func thePausedScreenMatchesItsGoldenImage() throws {
    try check("paused", [.sample(.paused)])
  }

  @Test func theGameOverScreenMatchesItsGoldenImage() throws {
    try check("game-over", [.sample(.gameOver)])
  }

  @Test func anExplosionAndTheThrustFlameMatchTheirGoldenImage() throws {
    try check("explosion", (0...12).map { Scene.explosion(tick: $0) })
    // The flame and the debris are really there: without them, far more pixels differ.
    let reference = try #require(loadPixels(Self.path("explosion")), "missing golden explosion")
    #expect(Self.differingPixels(reference, try render([.sample(.playing)])) > 500)
  }

  @Test func anAlteredSceneFailsTheComparison() throws {
    let reference = try #require(loadPixels(Self.path("playing")), "missing golden playing")
    func altered(_ change: (inout Scene) -> Void) -> Scene {
      var scene = Scene.sample(.playing)
      change(&scene)
      return scene
    }
    func removeFirst(_ kind: @escaping (Scene.Kind) -> Bool) -> (inout Scene) -> Void {
      { scene in
        if let index = scene.sprites.firstIndex(where: { kind($0.kind) }) {
          scene.sprites.remove(at: index)
        }
      }
    }
    let scenes: [(String, Scene)] = [
      ("no ship", altered(removeFirst { if case .ship = $0 { true } else { false } })),
      ("no bullet", altered(removeFirst { $0 == .bullet })),
      ("no saucer bullet", altered(removeFirst { $0 == .saucerBullet })),
      ("no small rock", altered(removeFirst { if case .rock(2, _) = $0 { true } else { false } })),
      ("score 12,350", altered { $0.score = 12_350 }),
      ("one life fewer", altered { $0.lives -= 1 }),
    ]
    for (what, scene) in scenes {
      let over = Self.differingPixels(reference, try render([scene]))
      #expect(over > Self.pixelBudget, "\(what): only \(over) pixels differ, and it passes")
    }
  }

  @Test func aRealGameFrameShowsItsRocks() throws {
    let offscreen = try OffscreenRenderer()
    offscreen.draw(Scene(state: Game.State(seed: 1)))
    let lit = offscreen.pixels().filter { $0 & 0x00FF_FFFF > 0x0020_2020 }.count
    #expect(lit > 2_000)
  }
}
