import Benchmark
import GameRender

/// Frame build time in the offscreen software renderer: a 1280 × 720 frame with 2,000
/// sprites (one in four a rotated rock, the rest bullets), cleared, drawn and presented to the
/// surface. Target: 4 ms or less.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .throughput], timeUnits: .microseconds,
    maxDuration: .seconds(5), maxIterations: 1_000)

  Benchmark("Offscreen frame, 2000 sprites, 1280x720") { benchmark in
    guard let offscreen = try? OffscreenRenderer() else { fatalError("assets not found") }
    let scene = Scene.crowded(2_000)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { offscreen.draw(scene) }
    benchmark.stopMeasurement()
  }

  Benchmark("Offscreen frame, playing screen sample") { benchmark in
    guard let offscreen = try? OffscreenRenderer() else { fatalError("assets not found") }
    let scene = Scene.sample(.playing)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { offscreen.draw(scene) }
    benchmark.stopMeasurement()
  }
}
