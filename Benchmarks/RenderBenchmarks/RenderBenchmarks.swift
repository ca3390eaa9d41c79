import Benchmark
import GameRender

/// Frame build time in the offscreen software renderer (the renderer behind golden images
/// and `replay --frames`): a 1280 × 720 frame cleared, drawn and presented to its surface.
///
/// SDL's software blitter costs about 1.5 µs per sprite plus about 5 ns per covered pixel, so
/// the mix matters: bullets and particles (10 × 10) are cheap, small rocks (32 × 32) cost
/// seven times as much. Target: 4 ms for 2,000 sprites.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .throughput], timeUnits: .microseconds,
    maxDuration: .seconds(5), maxIterations: 1_000)

  func frames(_ benchmark: Benchmark, _ scene: Scene) {
    guard let offscreen = try? OffscreenRenderer() else { fatalError("assets not found") }
    offscreen.draw(scene)  // fills the rotation cache outside the measurement
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { offscreen.draw(scene) }
    benchmark.stopMeasurement()
  }

  Benchmark("2000 sprites: bullets and particles") { frames($0, .crowded(2_000, rockEvery: 0)) }

  Benchmark("2000 sprites: 1 in 4 a turned small rock") { frames($0, .crowded(2_000)) }

  Benchmark("Playing screen (sample scene)") { frames($0, .sample(.playing)) }
}
