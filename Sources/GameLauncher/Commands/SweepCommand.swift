import ArgumentParser
import Dispatch
import GameCore
import GameScene
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `GameApp sweep`: many headless games at once, one per core, over a range of seeds.
///
/// One simulation is a fold and runs on one thread; throughput comes from running independent
/// games side by side. Past one machine, `--shard i/n` takes the i-th of n equal slices of the
/// seed range, so a scheduler's job array splits a sweep with no coordination (SLURM:
/// `--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT`).
struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run many games headless in parallel over a seed range, one per core.",
    discussion: """
      Prints one line per game in seed order (with --json, one JSON object per line) and a \
      summary: the mean and best of each of the game's numbers. Results do not depend on \
      --jobs or --shard: each game is a pure function of its seed, settings and bot.
      """)

  @OptionGroup var game: GameOption

  @Option(help: ArgumentHelp("Seeds to run: a range A...B (inclusive) or one seed.", valueName: "A...B"))
  var seeds: String

  @Option(help: ArgumentHelp("Ticks per game (64 a second).", valueName: "n"))
  var ticks: Int

  @Option(help: ArgumentHelp("The bot that plays (default: the game's first).", valueName: "name"))
  var bot: String?

  @Option(help: ArgumentHelp("Games run at once (default: one per core).", valueName: "n"))
  var jobs: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  @Option(help: ArgumentHelp("Run only slice i of n of the seed range (0-based).", valueName: "i/n"))
  var shard: String?

  @Flag(help: "Print JSON lines instead of text.")
  var json = false

  func validate() throws {
    _ = try seedRange()
    _ = try shardSlice()
    guard (0...ReplayFormat.maxTotalTicks).contains(ticks) else {
      throw ValidationError("--ticks must be between 0 and \(ReplayFormat.maxTotalTicks)")
    }
    guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 1024") }
    try check(try game.game())
  }

  private func check<G: PlayableGame>(_ game: G.Type) throws {
    _ = try self.game.settings(for: G.self, base: .headless)
    _ = try self.game.bot(bot, for: G.self, seed: 0)
  }

  func run() throws { try run(try game.game()) }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    let all = try seedRange()
    let (index, count) = try shardSlice()
    let size = all.count
    let lower = all.lowerBound + UInt64(size * index / count)
    let upper = all.lowerBound + UInt64(size * (index + 1) / count)
    let seeds = Array(lower..<upper)
    let settings = try self.game.settings(for: G.self, base: .headless)
    let botName = bot ?? G.botNames.first ?? ""

    let clock = ContinuousClock()
    let started = clock.now
    let results = SweepRunner<G>(seeds: seeds, ticks: ticks, bot: botName, settings: settings)
      .run(jobs: jobs)
    let elapsed = clock.now - started

    for result in results { print(json ? result.json : result.line) }
    let totalTicks = ticks * results.count
    let summary = SweepSummary(results.map(\.metrics))
    if json {
      var object = JSONObject()
      object.set("game", G.id)
      object.set("games", results.count)
      object.set("ticks", totalTicks)
      for (name, mean, best) in summary.numbers {
        object.set("mean_\(name)", mean)
        object.set("best_\(name)", best)
      }
      object.set("jobs", jobs)
      object.set("ticks_per_second", ticksPerSecond(totalTicks, elapsed))
      print(object)
    } else {
      let figures = summary.numbers.map { "mean \($0.name) \($0.mean), best \($0.best)" }
      print(
        (["\(results.count) games of \(G.id), \(ticks) ticks each"] + figures).joined(separator: ", ")
          + ", \(ticksPerSecond(totalTicks, elapsed)) ticks/s on \(jobs) jobs")
    }
  }

  private func seedRange() throws -> ClosedRange<UInt64> {
    let parts = seeds.split(separator: ".", omittingEmptySubsequences: true)
    if parts.count == 1, let seed = UInt64(parts[0]), !seeds.contains(".") { return seed...seed }
    guard seeds.contains("..."), parts.count == 2, let low = UInt64(parts[0]),
      let high = UInt64(parts[1]), low <= high, high - low < 100_000_000
    else {
      throw ValidationError("--seeds must be a seed or a range A...B with A <= B, at most 10^8 seeds")
    }
    return low...high
  }

  private func shardSlice() throws -> (Int, Int) {
    guard let shard else { return (0, 1) }
    let parts = shard.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
      (0..<count).contains(index)
    else { throw ValidationError("--shard must be i/n with 0 <= i < n") }
    return (index, count)
  }
}

/// The outcome of one game of a sweep.
struct SweepResult: Sendable {
  var seed: UInt64
  var metrics: [Metric]
  var hash: UInt64

  var line: String {
    let figures = metrics.isEmpty ? "" : describe(metrics) + ", "
    return "seed \(seed): \(figures)hash \(ReplayFormat.hex(hash))"
  }

  var json: String {
    var object = JSONObject()
    object.set("seed", seed)
    object.set(metrics)
    object.set("hash", ReplayFormat.hex(hash))
    return object.description
  }
}

/// The mean (rounded down) and best of every numeric metric over a sweep, in the game's order.
struct SweepSummary {
  var numbers: [(name: String, mean: Int, best: Int)] = []

  init(_ games: [[Metric]]) {
    guard let first = games.first else { return }
    for (column, metric) in first.enumerated() {
      guard case .number = metric.value else { continue }
      var total = 0
      var best = Int.min
      for game in games where column < game.count {
        if case .number(let value) = game[column].value {
          total += value
          best = max(best, value)
        }
      }
      numbers.append((metric.name, total / games.count, best))
    }
  }
}

/// Runs the games of a sweep on worker threads, each taking the next seed when it is free.
struct SweepRunner<G: Game>: Sendable {
  let seeds: [UInt64]
  let ticks: Int
  let bot: String
  let settings: G.Settings

  func run(jobs: Int) -> [SweepResult] {
    let next = Mutex(0)
    let results = Mutex([SweepResult?](repeating: nil, count: seeds.count))
    DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, seeds.count))) { _ in
      while true {
        let index: Int = next.withLock { value in
          defer { value += 1 }
          return value
        }
        guard index < seeds.count else { return }
        let result = play(seed: seeds[index])
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  private func play(seed: UInt64) -> SweepResult {
    let simulation = Simulation<G>(seed: seed, settings: settings)
    // Validated by the command before any thread starts.
    guard var player = G.bot(named: bot, seed: seed) else {
      preconditionFailure("bot \(bot) was validated")
    }
    var loop = HeadlessLoop()
    // Cannot throw: no recording.
    try? G.runHeadless(simulation, ticks: ticks, bot: &player, loop: &loop, record: nil, progress: nil)
    return SweepResult(
      seed: seed, metrics: G.metrics(of: simulation.state), hash: simulation.hash)
  }
}
