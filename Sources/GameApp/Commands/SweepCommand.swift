import ArgumentParser
import Dispatch
import GameCore
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
      summary. Results do not depend on --jobs or --shard: each game is a pure function of its \
      seed, settings and bot.
      """)

  @Option(help: ArgumentHelp("Seeds to run: a range A...B (inclusive) or one seed.", valueName: "A...B"))
  var seeds: String

  @Option(help: ArgumentHelp("Ticks per game (64 a second).", valueName: "n"))
  var ticks: Int

  @Option(help: ArgumentHelp("The bot that plays: \(Bot.names.joined(separator: ", ")).", valueName: "name"))
  var bot = "ace"

  @Option(help: ArgumentHelp("Stress setting: fill every wave with this many rocks.", valueName: "n"))
  var rocks: Int?

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
    if let rocks, !(0...GameSettings.maxRocks).contains(rocks) {
      throw ValidationError("--rocks must be between 0 and \(GameSettings.maxRocks)")
    }
    guard Bot.names.contains(bot) else {
      throw ValidationError("unknown bot '\(bot)'; known bots: \(Bot.names.joined(separator: ", "))")
    }
  }

  func run() throws {
    let all = try seedRange()
    let (index, count) = try shardSlice()
    let size = all.count
    let lower = all.lowerBound + UInt64(size * index / count)
    let upper = all.lowerBound + UInt64(size * (index + 1) / count)
    let seeds = Array(lower..<upper)
    let settings = GameSettings(rocks: rocks, startsAtTitle: false)

    let clock = ContinuousClock()
    let started = clock.now
    let results = SweepRunner(seeds: seeds, ticks: ticks, bot: bot, settings: settings)
      .run(jobs: jobs)
    let elapsed = clock.now - started

    for result in results { print(json ? result.json : result.line) }
    let totalTicks = ticks * results.count
    let meanScore = results.isEmpty ? 0 : results.map(\.score).reduce(0, +) / results.count
    if json {
      var object = JSONObject()
      object.set("games", results.count)
      object.set("ticks", totalTicks)
      object.set("mean_score", meanScore)
      object.set("best_score", results.map(\.score).max() ?? 0)
      object.set("jobs", jobs)
      object.set("ticks_per_second", ticksPerSecond(totalTicks, elapsed))
      print(object)
    } else {
      print(
        "\(results.count) games of \(ticks) ticks, mean score \(meanScore), "
          + "\(ticksPerSecond(totalTicks, elapsed)) ticks/s on \(jobs) jobs")
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
  var score: Int
  var wave: Int
  var hash: UInt64

  var line: String { "seed \(seed): score \(score), wave \(wave), hash \(ReplayFormat.hex(hash))" }

  var json: String {
    var object = JSONObject()
    object.set("seed", seed)
    object.set("score", score)
    object.set("wave", wave)
    object.set("hash", ReplayFormat.hex(hash))
    return object.description
  }
}

/// Runs the games of a sweep on worker threads, each taking the next seed when it is free.
struct SweepRunner: Sendable {
  let seeds: [UInt64]
  let ticks: Int
  let bot: String
  let settings: GameSettings

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
    let simulation = Simulation(seed: seed, settings: settings)
    // Validated by the command before any thread starts.
    var player = try! Bot(name: bot, seed: seed)
    simulation.run(ticks: ticks, bot: &player)
    let state = simulation.state
    return SweepResult(
      seed: seed, score: state.score.score, wave: state.score.wave, hash: simulation.hash)
  }
}
