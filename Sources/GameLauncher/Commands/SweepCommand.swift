import ArgumentParser
import Dispatch
import Foundation
import GameCore
import GameScene

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
      Prints one line per game in seed order as the games finish (with --json, one JSON \
      object per line) and a summary: the mean and best of each of the game's numbers; memory \
      stays flat however many seeds (they are made as they are played). The --json summary \
      says what was run (seed range, shard, game, settings, bot, ticks) with a checksum of \
      the lines above it, so merge-sweeps can refuse shards that do not make one sweep. Results do not depend on --jobs or --shard: each game \
      is a pure function of its seed, settings and bot, and the --json output holds nothing \
      else, so two runs can be compared with diff. A progress bar shows on a terminal.
      """)

  @OptionGroup var game: GameOption

  @Option(help: ArgumentHelp("Seeds to run: a range A...B (inclusive) or one seed.", valueName: "A...B"))
  var seeds: String

  @Option(parsing: .unconditional, help: ArgumentHelp("Ticks per game (64 a second).", valueName: "n"))
  var ticks: Int

  @Option(help: ArgumentHelp("The bot that plays (default: the game's first).", valueName: "name"))
  var bot: String?

  @Option(
    name: .customLong("jobs"), parsing: .unconditional,
    help: ArgumentHelp("Games run at once (default: one per core).", valueName: "n"))
  var jobsOption: Int?

  /// `--jobs`, or one per core.
  var jobs: Int { jobsOption ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  @Option(help: ArgumentHelp("Run only slice i of n of the seed range (0-based).", valueName: "i/n"))
  var shard: String?

  @Flag(help: "Print JSON lines instead of text.")
  var json = false

  func validate() throws {
    let seeds = try seedSlice()
    guard (0...ReplayFormat.maxTotalTicks).contains(ticks) else {
      throw ValidationError("--ticks must be between 0 and \(ReplayFormat.maxTotalTicks)")
    }
    if ticks.multipliedReportingOverflow(by: Int(seeds.count)).overflow {
      throw ValidationError("--ticks times the number of seeds must be below 2^63")
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
    let seeds = try seedSlice()
    let slice = seeds.slice
    let settings = try self.game.settings(for: G.self, base: .headless)
    let botName = bot ?? G.botNames.first ?? ""
    let identity = SweepIdentity(
      game: G.id, seeds: seeds, bot: botName, settings: SweepIdentity.hex(settings.encoded),
      ticksEach: ticks)

    let clock = ContinuousClock()
    let started = clock.now
    let progress = ProgressBar(label: "sweep")
    var summary = SweepSummary()
    var checksum = LineChecksum()
    let count = Int(slice.upperBound - slice.lowerBound)
    // Results stream out in seed order as they finish; seeds are made as the workers take
    // them, so memory stays flat however many there are (see `SweepRunner.stream`).
    SweepRunner<G>(
      first: seeds.seed(at: slice.lowerBound), count: count, ticks: ticks, bot: botName,
      settings: settings
    )
    .stream(jobs: jobs) { result in
      progress.finish()
      let line = json ? result.json : result.line
      print(line)
      checksum.add(line: line)
      summary.add(result.metrics)
      progress.update(done: summary.games, total: count)
    }
    progress.finish()
    let elapsed = clock.now - started
    // Validated: ticks × seeds fits an Int.
    let totalTicks = ticks * summary.games
    if json {
      // Only what the games decide: two runs of the same sweep print the same bytes.
      print(identity.summaryLine(summary, checksum: checksum) ?? "")
    } else {
      let figures = summary.numbers.map { "mean \($0.name) \($0.mean), best \($0.best)" }
      print(
        (["\(summary.games) games of \(G.id), \(ticks) ticks each"] + figures).joined(separator: ", ")
          + ", \(ticksPerSecond(totalTicks, elapsed)) ticks/s on \(jobs) jobs")
    }
  }

  private func seedSlice() throws -> SweepSeeds {
    guard SweepSeeds.range(seeds) != nil else {
      throw ValidationError("--seeds must be a seed or a range A...B with A <= B (digits only)")
    }
    guard let slice = SweepSeeds(seeds: seeds, shard: nil) else {
      throw ValidationError("--seeds may hold at most \(SweepSeeds.maxCount) seeds")
    }
    guard let shard else { return slice }
    guard let sharded = SweepSeeds(seeds: seeds, shard: shard) else {
      throw ValidationError("--shard must be i/n with 0 <= i < n (digits only)")
    }
    return sharded
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

/// What a sweep's workers and its printer share, guarded by `condition`.
final class SweepQueue: @unchecked Sendable {
  let condition = NSCondition()
  /// The next seed's index to play, and how many results have been emitted.
  var next = 0
  var emitted = 0
  /// Finished results not yet emitted, by seed index (at most a window of them).
  var ready: [Int: SweepResult] = [:]
}

/// Runs the games of a sweep on worker threads, each taking the next seed when it is free.
struct SweepRunner<G: Game>: Sendable {
  /// The first seed and how many follow it: seeds are made as workers take them, never held.
  let first: UInt64
  let count: Int
  let ticks: Int
  let bot: String
  let settings: G.Settings

  /// Plays every seed on `jobs` worker threads and hands each result to `emit`, on the calling
  /// thread, in seed order, as soon as it and all before it are done.
  ///
  /// Workers take the next seed when they are free, but never more than a window of
  /// `64 × jobs` seeds ahead of the last one emitted, so however many seeds there are, at most
  /// a window of results waits in memory.
  func stream(jobs: Int, emit: (SweepResult) -> Void) {
    let window = 64 * max(1, jobs)
    let shared = SweepQueue()
    let workers = min(jobs, max(1, count))
    let group = DispatchGroup()
    for _ in 0..<workers {
      DispatchQueue.global().async(group: group) {
        while true {
          shared.condition.lock()
          while shared.next < count && shared.next >= shared.emitted + window {
            shared.condition.wait()
          }
          guard shared.next < count else {
            shared.condition.unlock()
            return
          }
          let index = shared.next
          shared.next += 1
          shared.condition.unlock()
          let result = play(seed: first + UInt64(index))
          shared.condition.lock()
          shared.ready[index] = result
          shared.condition.broadcast()
          shared.condition.unlock()
        }
      }
    }
    for index in 0..<count {
      shared.condition.lock()
      while shared.ready[index] == nil { shared.condition.wait() }
      let result = shared.ready.removeValue(forKey: index)!
      shared.emitted = index + 1
      shared.condition.broadcast()
      shared.condition.unlock()
      emit(result)
    }
    group.wait()
  }

  /// Every result, in seed order (tests).
  func run(jobs: Int) -> [SweepResult] {
    var results: [SweepResult] = []
    stream(jobs: jobs) { results.append($0) }
    return results
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
