import AsteroidsGame
import Benchmark
import BlocksGame
import GameCore

// Each iteration runs `Workload.ticks(for:)` ticks of a recorded game (`scalingFactor: .kilo`
// scales the reported figures to per-tick values where marked `*`): wall clock per tick and
// throughput in ticks per second. Inputs are recorded before measuring, so only the simulation
// is timed, not the bot.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    scalingFactor: .kilo,
    maxDuration: .seconds(5),
    maxIterations: 20,
    thresholds: regressionThresholds)

  for workload in Workload.all {
    Benchmark("ticks, \(workload.name)") { benchmark in
      let recording = Recording.make(workload)
      benchmark.startMeasurement()
      for _ in 0..<(benchmark.scaledIterations.count / 1_000) {
        let simulation = Simulation<Asteroids>(state: recording.start)
        for input in recording.inputs { simulation.step(input) }
        blackHole(simulation.state.tick)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "one hour of play (230,400 ticks) with a hash every 64 ticks",
    configuration: .init(
      metrics: [.wallClock], timeUnits: .milliseconds, scalingFactor: .one, maxIterations: 5)
  ) { benchmark in
    let recording = Recording.make(Workload(name: "hour", rocks: nil, ticks: 230_400))
    benchmark.startMeasurement()
    let simulation = Simulation<Asteroids>(state: recording.start)
    var hash: UInt64 = 0
    for (tick, input) in recording.inputs.enumerated() {
      simulation.step(input)
      if tick & 63 == 63 { hash ^= simulation.hash }
    }
    benchmark.stopMeasurement()
    blackHole(hash)
  }

  // Blocks: a marathon at level 1 gravity for ever, the strong bot choosing and pressing as it
  // plays (target: a million ticks a second on one core, bot included). The first 20,000
  // ticks are played before measuring, so the stack is a typical one.
  Benchmark("blocks: marathon tick with the strong bot playing") { benchmark in
    var settings = BlocksSettings.headless
    settings.levelsUp = false
    let simulation = Simulation<Blocks>(seed: 7, settings: settings)
    var bot = Blocks.bot(named: "strong", seed: 7)!
    simulation.run(ticks: 20_000, bot: &bot)
    benchmark.startMeasurement()
    simulation.run(ticks: benchmark.scaledIterations.count, bot: &bot)
    benchmark.stopMeasurement()
    blackHole(simulation.state.tick)
  }

  // The attacker: a beam search over the piece, hold and the queue once a piece, pressing
  // as it plays (target: 100,000 ticks a second on one core, bot included).
  Benchmark("blocks: marathon tick with the attacker playing") { benchmark in
    var settings = BlocksSettings.headless
    settings.levelsUp = false
    let simulation = Simulation<Blocks>(seed: 7, settings: settings)
    var bot = Blocks.bot(named: "attacker", seed: 7)!
    simulation.run(ticks: 20_000, bot: &bot)
    benchmark.startMeasurement()
    simulation.run(ticks: benchmark.scaledIterations.count, bot: &bot)
    benchmark.stopMeasurement()
    blackHole(simulation.state.tick)
  }

  // Hashing a typical state: the hash every game now derives from its state's description
  // (StateLayout), beside the hand-written hashing it replaced, kept in the games' Legacy
  // files for their old replays. Asteroids two minutes into a game with the ace playing (and
  // a crowded field of 1,000 rocks); Blocks' marathon 20,000 ticks in with the strong bot.
  // One iteration hashes the state once.
  let asteroids = Recording.make(Workload(name: "hash", rocks: nil, ticks: 0)).start
  let crowded = Recording.make(Workload(name: "hash", rocks: 1_000, ticks: 0)).start
  let blocks: Blocks.State = {
    let simulation = Simulation<Blocks>(seed: 7, settings: .headless)
    var bot = Blocks.bot(named: "strong", seed: 7)!
    simulation.run(ticks: 20_000, bot: &bot)
    return simulation.state
  }()
  let hashConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput], timeUnits: .nanoseconds, scalingFactor: .kilo,
    maxDuration: .seconds(3), maxIterations: 50, thresholds: regressionThresholds)
  func hashing<State: GameState>(
    _ name: String, _ state: State, legacy: LegacyHashing<State>
  ) {
    let old = StateHashing(legacy: legacy)
    Benchmark("state hash, \(name), derived", configuration: hashConfiguration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(state.stableHash) }
    }
    Benchmark("state hash, \(name), hand-written (Legacy)", configuration: hashConfiguration) {
      benchmark in
      for _ in benchmark.scaledIterations { blackHole(old.hash(state)) }
    }
  }
  hashing("asteroids typical", asteroids, legacy: Asteroids.legacyHashing[0])
  hashing("asteroids 1000 rocks", crowded, legacy: Asteroids.legacyHashing[0])
  hashing("blocks marathon", blocks, legacy: Blocks.legacyHashing[0])
}
