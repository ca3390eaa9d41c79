import AsteroidsGame
import Benchmark
import BlocksGame
import GameCore
import GameNetplay
import PongGame

// What one deepest rollback costs (issue 30's budget: under 10 % of a 15.6 ms frame for every
// game): the snapshot 8 ticks back restored and the 8 ticks run again, as
// `RollbackSession.rollBackIfNeeded` does through its `TickTimeline` (a snapshot every tick,
// window + 2 kept). Each game is first played by its first bot in every seat, so the state is
// a match in progress. Beside each, the same 8 ticks run on the bare `Simulation` (the state
// restored, no timeline): what of a rollback is the timeline's; and Pong's taken apart, the
// restore alone and the 8 ticks alone: what is the store's restore and what the game's.
// `scalingFactor: .kilo`: the figures marked `*` are per rollback (per restore, per 8 ticks).

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 50,
    thresholds: regressionThresholds)

  var blocks = BlocksSettings.headless
  blocks.mode = .versus
  rollback(Pong.self, "pong", settings: .headless, warmup: 1_920)
  rollback(Asteroids.self, "asteroids", settings: .headless, warmup: 7_680)
  rollback(Blocks.self, "blocks versus", settings: blocks, warmup: 1_920)
  pongParts()
}

/// One benchmark: `game` played `warmup` ticks, then rolled back `window` ticks and run again,
/// once an iteration.
func rollback<G: Game>(
  _ game: G.Type, _ name: String, settings: G.Settings, warmup: Int, window: Int = 8
) {
  Benchmark("rollback of \(window) ticks, \(name) (\(warmup) ticks in)") { benchmark in
    let match = RollbackWorkload<G>(settings: settings, warmup: warmup, window: window)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { match.rollBack() }
    benchmark.stopMeasurement()
    blackHole(match.timeline.simulation.hash)
  }
  Benchmark("the same \(window) ticks without the timeline, \(name)") { benchmark in
    let match = RollbackWorkload<G>(settings: settings, warmup: warmup, window: window)
    let start = match.timeline.snapshot(at: match.timeline.end - window)!
    let simulation = Simulation<G>(state: start)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      simulation.restore(start)
      for input in match.inputs { simulation.step(input) }
    }
    benchmark.stopMeasurement()
    blackHole(simulation.hash)
  }
}

/// A match played by bots into a timeline as a rollback session keeps it, with the inputs of
/// its last `window` ticks to run again.
final class RollbackWorkload<G: Game> {
  let timeline: TickTimeline<G>
  let window: Int
  var inputs: [TickInput] = []

  init(settings: G.Settings, warmup: Int, window: Int, seed: UInt64 = 1) {
    self.window = window
    timeline = TickTimeline(
      start: G.initialState(seed: seed, settings: settings), interval: 1, capacity: window + 2)
    let seats = Seats(G.buttons, count: G.seats(for: settings))
    var bots = (0..<seats.count).map { seat in
      G.botNames.first.flatMap { G.bot(named: $0, seed: seed &+ UInt64(seat)) }
    }
    for _ in 0..<warmup {
      var each: [TickInput] = []
      for seat in 0..<seats.count {
        each.append(
          bots[seat] == nil
            ? TickInput() : G.input(of: &bots[seat]!, for: timeline.simulation.state, seat: seat))
      }
      timeline.step(seats.merged(each))
    }
    precondition(!G.isGameOver(timeline.simulation.state), "\(G.id) ended in its warm-up")
    inputs = (timeline.end - window + 1...timeline.end).map { timeline.input(at: $0) }
  }

  /// Back `window` ticks to the snapshot there, and the same ticks run again.
  func rollBack() {
    timeline.seek(to: timeline.end - window)
    for input in inputs { timeline.step(input) }
  }
}

/// A Pong rollback taken apart: the restore alone and the 8 ticks alone.
let pongParts: @Sendable () -> Void = {
  Benchmark("pong: the restore alone") { benchmark in
    let match = RollbackWorkload<Pong>(settings: .headless, warmup: 1_920, window: 8)
    let start = match.timeline.snapshot(at: match.timeline.end - 8)!
    let simulation = Simulation<Pong>(state: start)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { simulation.restore(start) }
    benchmark.stopMeasurement()
    blackHole(simulation.hash)
  }
  Benchmark("pong: 8 ticks stepped on, no restore") { benchmark in
    let match = RollbackWorkload<Pong>(settings: .headless, warmup: 1_920, window: 8)
    let simulation = Simulation<Pong>(state: match.timeline.simulation.state)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for input in match.inputs { simulation.step(input) }
    }
    benchmark.stopMeasurement()
    blackHole(simulation.hash)
  }
}
