import AsteroidsGame
import Benchmark
import GameRender
import GameScene

/// Frame build time in the offscreen software renderer (the renderer behind golden images
/// and `replay --frames`): a 1280 × 720 frame cleared, drawn and presented to its surface.
///
/// Each scene is measured twice: with sprites blended into the surface's pixels in Swift (what
/// the offscreen renderer does) and through SDL's software blitter (what it did before, and
/// what a window's software renderer still does). SDL's blitter costs about 1.5 µs per sprite
/// plus about 5 ns per covered pixel, so the mix matters there: bullets and particles
/// (10 × 10) are cheap, small rocks (32 × 32) cost seven times as much. Target: 4 ms for
/// 2,000 sprites.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .throughput], timeUnits: .microseconds,
    maxDuration: .seconds(5), maxIterations: 1_000,
    thresholds: regressionThresholds)

  func frames(_ benchmark: Benchmark, _ scene: Scene, sdlBlits: Bool) {
    guard let offscreen = try? OffscreenRenderer(Asteroids.self, sdlBlits: sdlBlits) else {
      fatalError("assets not found")
    }
    offscreen.draw(scene)  // fills the rotation cache outside the measurement
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { offscreen.draw(scene) }
    benchmark.stopMeasurement()
  }

  let scenes: [(String, Scene)] = [
    ("2000 sprites: bullets and particles", AsteroidsDrawing.crowded(2_000, rockEvery: 0)),
    ("2000 sprites: 1 in 4 a turned small rock", AsteroidsDrawing.crowded(2_000)),
    ("Playing screen (sample scene)", AsteroidsDrawing.sample(.playing)),
  ]
  for (name, scene) in scenes {
    Benchmark(name) { frames($0, scene, sdlBlits: false) }
    Benchmark("\(name), SDL blitter") { frames($0, scene, sdlBlits: true) }
  }
}
