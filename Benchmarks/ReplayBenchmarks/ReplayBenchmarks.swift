import Benchmark
import AsteroidsGame
import GameCore

/// One hour of play at 64 Hz: the replay targets are stated for this length.
let hourTicks = 230_400

/// An hour of the "ace" bot's play, recorded in memory once (the setup, not measured).
let hourReplay: [UInt8] = {
  let settings = AsteroidsSettings(startsAtTitle: false)
  let simulation = Simulation<Asteroids>(seed: 2024, settings: settings)
  var bot = try! Bot(name: "ace", seed: 2024)
  let sink = MemoryReplaySink()
  let recorder = try! ReplayRecorder(
    header: ReplayHeader(game: Asteroids.self, seed: 2024, settings: settings, tickRate: 64), sink: sink)
  for _ in 0..<hourTicks {
    let input = bot.input(for: simulation.state)
    simulation.step(input)
    try! recorder.record(input, after: simulation.state)
  }
  try! recorder.finish(state: simulation.state)
  let milli = sink.bytes.count * 1000 / hourTicks
  let digits = String(milli)
  print(
    "one hour of ace play: \(sink.bytes.count) bytes, "
      + "0.\(String(repeating: "0", count: max(0, 3 - digits.count)) + digits) bytes/tick")
  return sink.bytes
}()

/// The same hour's inputs, one per tick, for the baseline without any replay code.
let hourInputs: [TickInput] = {
  var reader = try! ReplayReader(bytes: hourReplay)
  var inputs: [TickInput] = []
  while let chunk = try! reader.nextChunk() { inputs += chunk.runs.expandedInputs }
  return inputs
}()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .milliseconds,
    warmupIterations: 1,
    maxDuration: .seconds(10),
    maxIterations: 10,
    thresholds: regressionThresholds)

  Benchmark("replay and verify one hour (230,400 ticks)") { benchmark in
    benchmark.startMeasurement()
    let outcome = try ReplayPlayer<Simulation<Asteroids>>.play(hourReplay, verify: true)
    benchmark.stopMeasurement()
    precondition(outcome.verified && outcome.ticks == hourTicks, "the hour must verify")
    blackHole(outcome.finalHash)
  } setup: {
    blackHole(hourReplay.count)
  }

  Benchmark("replay one hour without verifying") { benchmark in
    benchmark.startMeasurement()
    let outcome = try ReplayPlayer<Simulation<Asteroids>>.play(hourReplay, verify: false)
    benchmark.stopMeasurement()
    blackHole(outcome.finalHash)
  } setup: {
    blackHole(hourReplay.count)
  }

  Benchmark("baseline: step the simulation through the hour's inputs, no replay code") {
    benchmark in
    let simulation = Simulation<Asteroids>(seed: 2024, settings: AsteroidsSettings(startsAtTitle: false))
    benchmark.startMeasurement()
    for input in hourInputs { simulation.step(input) }
    benchmark.stopMeasurement()
    blackHole(simulation.hash)
  } setup: {
    blackHole(hourInputs.count)
  }

  Benchmark("decode one hour (format only, no simulation)") { benchmark in
    benchmark.startMeasurement()
    var reader = try ReplayReader(bytes: hourReplay)
    var ticks = 0
    while let chunk = try reader.nextChunk() { ticks += chunk.tickCount }
    benchmark.stopMeasurement()
    precondition(ticks == hourTicks)
  } setup: {
    blackHole(hourReplay.count)
  }
}
