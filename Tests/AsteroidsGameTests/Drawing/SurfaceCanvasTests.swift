import AsteroidsGame
import GameCore
import GameScene
import Testing

@testable import GameRender

/// The surface path (sprites blended into the pixels in Swift) against SDL's own software
/// blitter: the same picture, full resolution, up to rounding.
@Suite struct SurfaceCanvasTests {
  /// Pixels whose largest channel difference exceeds `tolerance`, and the largest difference.
  func difference(_ scene: Scene, tolerance: UInt32) throws -> (over: Int, largest: UInt32) {
    let swift = try OffscreenRenderer(Asteroids.self)
    let sdl = try OffscreenRenderer(Asteroids.self, sdlBlits: true)
    swift.draw(scene)
    sdl.draw(scene)
    var over = 0
    var largest: UInt32 = 0
    for (a, b) in zip(swift.pixels(), sdl.pixels()) where a != b {
      var worst: UInt32 = 0
      for shift: UInt32 in [0, 8, 16] {
        let x = (a >> shift) & 0xFF
        let y = (b >> shift) & 0xFF
        worst = max(worst, x > y ? x - y : y - x)
      }
      largest = max(largest, worst)
      if worst > tolerance { over += 1 }
    }
    return (over, largest)
  }

  @Test func aTransparentPixelKeepsTheDestinationAndAnOpaqueOneReplacesIt() {
    let destination: UInt32 = 0xFF12_3456
    #expect(SurfaceCanvas.over(0, destination, alpha: 0) == destination)
    #expect(SurfaceCanvas.over(0xFFAB_CDEF, destination, alpha: 255) == 0xFFAB_CDEF)
  }

  @Test func premultiplyingScalesColourByAlpha() {
    #expect(SpriteFrame.premultiplied(0x80FF_8000) == 0x8080_4000)
    #expect(SpriteFrame.premultiplied(0x00FF_FFFF) == 0)
  }

  @Test func aFrameIsCroppedToItsLitPixels() {
    var straight = [UInt32](repeating: 0, count: 16)
    straight[1 * 4 + 2] = 0xFFFF_FFFF
    let frame = SpriteFrame(straight: straight, width: 4, height: 4)
    #expect(frame.offsetX == 2 && frame.offsetY == 1 && frame.width == 1 && frame.height == 1)
  }

  @Test func theSampleScreenMatchesSDLsBlitter() throws {
    let result = try difference(AsteroidsDrawing.sample(.playing), tolerance: 2)
    #expect(result.over == 0, "\(result.over) pixels differ by more than 2")
  }

  /// SDL's blitter divides by 256 where the surface path divides by 255 (exactly), so each
  /// blended layer may be a step or two apart; where dozens of glows overlap that adds up.
  @Test func aCrowdedFrameMatchesSDLsBlitterUpToRounding() throws {
    let result = try difference(AsteroidsDrawing.crowded(2_000), tolerance: 6)
    #expect(result.over <= 1_280 * 720 / 1_000, "\(result.over) pixels differ by more than 6")
  }

  @Test func fadingParticlesMatchSDLsBlitterUpToRounding() throws {
    var scene = AsteroidsDrawing.sample(.playing)
    for n in 0..<200 {
      scene.particles.append(
        Particle(
          image: n % 3 == 0 ? "ember" : "spark", x: Float(n % 20) * 60 + 30,
          y: Float(n / 20) * 60 + 40, vx: 0, vy: 0, life: Float(n) / 200))
    }
    // Fading adds one more rounding step (alpha × fade) on each side.
    let result = try difference(scene, tolerance: 3)
    #expect(result.over == 0, "\(result.over) pixels differ by more than 3")
  }

  @Test func spritesOverAnEdgeWrapAsWithSDLsBlitter() throws {
    var scene = AsteroidsDrawing.sample(.playing)
    let edges: [(Float, Float)] = [
      (5, 300), (1_275, 200), (600, 4), (700, 716), (3, 2), (1_278, 718),
    ]
    for (n, edge) in edges.enumerated() {
      AsteroidsDrawing.addRock(
        to: &scene, id: 100 + n, size: n % 3, shape: n & 3, x: edge.0, y: edge.1,
        angle: Float(n) * 0.9, radius: [44, 23, 11.5][n % 3])
    }
    // In the corners copies of two rocks overlap: SDL's rounding down, once a layer, adds up.
    let result = try difference(scene, tolerance: 6)
    #expect(result.over == 0, "\(result.over) pixels differ by more than 6")
  }

  @Test func aRealGameFrameMatchesSDLsBlitter() throws {
    let result = try difference(Asteroids.scene(of: Asteroids.State(seed: 1)), tolerance: 2)
    #expect(result.over == 0, "\(result.over) pixels differ by more than 2")
  }
}
