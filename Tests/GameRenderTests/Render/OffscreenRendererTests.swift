import CSDL2
import Foundation
import GameCore
import Testing

@testable import GameRender

/// Golden images: each screen drawn offscreen (software renderer, no display, no SDL_Init) and
/// compared with a committed reference. Run with `UPDATE_GOLDENS=1` to rewrite the references
/// after an intended change, then look at them before committing.
///
/// References are the frame averaged over 4 × 4 blocks (320 × 180, 170 KB as a BMP instead of
/// 3.7 MB): still enough to catch a sprite, a glyph or a screen out of place.
@Suite struct OffscreenRendererTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/golden").path

  /// Most a channel may differ (filtering differences between SDL builds), and how many
  /// pixels may exceed it.
  static let channelTolerance: UInt32 = 6
  static let pixelBudget = 320 * 180 / 200
  static let block = 4

  func check(_ name: String, _ scene: Scene) throws {
    let offscreen = try OffscreenRenderer()
    offscreen.draw(scene)
    let path = "\(Self.fixtures)/\(name).bmp"
    let actual = Self.thumbnail(offscreen.pixels())
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
      try Self.save(actual, to: path)
    }
    let reference = try #require(loadPixels(path), "missing golden \(path)")
    #expect(reference.count == actual.count)
    var over = 0
    for (a, b) in zip(reference, actual) where a != b {
      for shift: UInt32 in [0, 8, 16] {
        let x = (a >> shift) & 0xFF
        let y = (b >> shift) & 0xFF
        if (x > y ? x - y : y - x) > Self.channelTolerance {
          over += 1
          break
        }
      }
    }
    #expect(over <= Self.pixelBudget, "\(name): \(over) pixels differ from \(path)")
  }

  /// The 1280 × 720 frame averaged over blocks.
  static func thumbnail(_ pixels: [UInt32]) -> [UInt32] {
    let width = 1_280 / block
    let height = 720 / block
    var out = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var sums: [UInt32] = [0, 0, 0]
        for dy in 0..<block {
          for dx in 0..<block {
            let pixel = pixels[(y * block + dy) * 1_280 + x * block + dx]
            sums[0] += (pixel >> 16) & 0xFF
            sums[1] += (pixel >> 8) & 0xFF
            sums[2] += pixel & 0xFF
          }
        }
        let n = UInt32(block * block)
        out[y * width + x] = 0xFF00_0000 | (sums[0] / n) << 16 | (sums[1] / n) << 8 | sums[2] / n
      }
    }
    return out
  }

  static func save(_ pixels: [UInt32], to path: String) throws {
    var copy = pixels
    try copy.withUnsafeMutableBytes { bytes in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          bytes.baseAddress, 320, 180, 32, 320 * 4, SDL_PIXELFORMAT_ARGB8888.rawValue),
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

  @Test func theTitleScreenMatchesItsGoldenImage() throws { try check("title", .sample(.title)) }

  @Test func thePlayingScreenMatchesItsGoldenImage() throws {
    try check("playing", .sample(.playing))
  }

  @Test func thePausedScreenMatchesItsGoldenImage() throws { try check("paused", .sample(.paused)) }

  @Test func theGameOverScreenMatchesItsGoldenImage() throws {
    try check("game-over", .sample(.gameOver))
  }

  @Test func aRealGameFrameShowsItsRocks() throws {
    let offscreen = try OffscreenRenderer()
    offscreen.draw(Scene(state: Game.State(seed: 1)))
    let lit = offscreen.pixels().filter { $0 & 0x00FF_FFFF > 0x0020_2020 }.count
    #expect(lit > 2_000)
  }
}
