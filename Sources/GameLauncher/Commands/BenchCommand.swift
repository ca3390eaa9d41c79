import ArgumentParser
import GameCore
import GameScene
import GameTraining

/// `GameApp bench`: how fast the game's reducer runs, called raw and through the store.
///
/// The inputs are recorded from the bot first, so the timed loops run the reducer alone; both
/// loops must end on the same state hash, which doubles as a determinism check.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure reducer throughput: the game's reducer called raw and through the store.",
    discussion: """
      Prints ticks per second and nanoseconds per tick for a typical game (the game's first \
      bot playing, headless settings) and for each of the game's stress workloads, once \
      calling the game's reducer on a local state and once through `Simulation.step` (the \
      store), each the median of five rounds run interleaved. Stress workloads run --ticks or \
      50,000,000 / size ticks, whichever is fewer. Then the engine's own paths on the store \
      benchmarks' counter (--ticks × 10 actions): a send, a send with one subscriber, with \
      1,000, and a scoped send and read, as ratios (--json: one object, `"workload":"engine"`). \
      For statistics across runs use `swift package benchmark`.
      """)

  @OptionGroup var game: GameOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Ticks per measurement.", valueName: "n"))
  var ticks = 100_000

  @Option(parsing: .unconditional, help: ArgumentHelp("The gameplay RNG seed.", valueName: "s"))
  var seed: UInt64 = 1

  @Flag(help: "Measure the typical game only, not the game's stress workloads.")
  var typicalOnly = false

  @Flag(help: "Print one JSON object per workload instead of a table.")
  var json = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Also tick n environments in turn with random actions, as a training batch does, "
        + "without observations (training environments only).", valueName: "n"))
  var batch: Int?

  func validate() throws {
    guard (1...10_000_000).contains(ticks) else {
      throw ValidationError("--ticks must be between 1 and 10000000")
    }
    if let batch, !(1...TrainingConfiguration.maxCount).contains(batch) {
      throw ValidationError("--batch must be between 1 and \(TrainingConfiguration.maxCount)")
    }
    let game = try game.game()
    if batch != nil, !(game is any TrainableGame.Type) {
      throw ValidationError("--batch: \(game.id) is not a training environment")
    }
  }

  func run() throws { try run(try game.game()) }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    guard let botName = G.botNames.first else {
      throw ValidationError("\(G.id) has no bot to bench with")
    }
    var rows: [BenchRow] = []
    let typical = try self.game.settings(for: G.self, base: .headless)
    rows.append(
      G.benchmark(
        name: "typical", settings: typical, bot: botName, seed: seed, ticks: ticks, timer: time))
    if !typicalOnly {
      for workload in G.workloads {
        // Stress workloads are named "<thing> <count>": their ticks shrink as they grow.
        let size = workload.name.split(separator: " ").last.flatMap { Int($0) } ?? 1
        let ticks = max(1, min(self.ticks, 50_000_000 / max(1, size)))
        rows.append(
          G.benchmark(
            name: workload.name, settings: workload.settings, bot: botName, seed: seed,
            ticks: ticks, timer: time))
      }
    }
    let engine = typicalOnly ? nil : EngineBench.run(actions: ticks * 10, rounds: 5, timer: time)
    let batchRow = batch.flatMap { count in
      (G.self as? any TrainableGame.Type).map { batchTicks($0, count: count) }
    }
    if json {
      for row in rows { print(row.json) }
      if let batchRow { print(batchRow.json) }
      if let engine { print(engine.json) }
    } else {
      print("workload        ticks   raw ns/tick  store ns/tick  store/raw  store ticks/s")
      for row in rows { print(row.line) }
      if let batchRow { print(batchRow.line) }
      if let engine {
        print("")
        print(engine.table)
      }
    }
  }
}

extension BenchCommand {
  /// The median of five rounds of `count` environments ticked in turn, about `ticks` ticks
  /// each; every round must end on the same hash.
  private func batchTicks<T: TrainableGame>(_ game: T.Type, count: Int) -> BatchTickResult {
    let steps = max(1, ticks / count)
    let rounds = (0..<5).map { _ in
      T.benchmarkBatchTicks(count: count, steps: steps, seed: seed, timer: time)
    }
    precondition(
      Set(rounds.map(\.hash)).count == 1,
      "the batch's rounds diverged: \(T.id) is not deterministic")
    return rounds.sorted { $0.nanoseconds < $1.nanoseconds }[2]
  }
}

extension BatchTickResult {
  var name: String { "batch \(count)" }
  var nanosecondsPerTick: Double { Double(nanoseconds) / Double(max(1, ticks)) }

  var line: String {
    let perTick = JSONObject.decimal(nanosecondsPerTick, places: 1)
    return name + String(repeating: " ", count: max(0, 12 - name.count))
      + String(repeating: " ", count: max(0, 9 - String(ticks).count)) + String(ticks)
      + String(repeating: " ", count: max(0, 14 - perTick.count)) + perTick
      + "   (random actions, no observation: the tick a training batch runs)"
  }

  var json: String {
    var object = JSONObject()
    object.set("workload", name)
    object.set("ticks", ticks)
    object.set("raw_ns_per_tick", nanosecondsPerTick)
    object.set("raw_ticks_per_second", ticksPerSecond)
    object.set("episodes", episodes)
    object.set("hash", ReplayFormat.hex(hash))
    return object.description
  }
}

extension EngineBench.Result {
  /// The engine's paths as ratios, the keys a tracker follows.
  var json: String {
    var object = JSONObject()
    object.set("workload", "engine")
    object.set("raw_ns", raw)
    object.set("send_ns", send)
    object.set("send_one_subscriber_ns", oneSubscriber)
    object.set("send_1000_subscribers_ns", thousandSubscribers)
    object.set("parent_send_ns", parentSend)
    object.set("scoped_send_ns", scopedSend)
    object.set("scoped_read_ns", scopedRead)
    object.set("typed_scope_send_ns", typedScopeSend)
    object.set("send_over_raw", send / raw)
    object.set("one_subscriber_over_raw", oneSubscriber / raw)
    object.set("scoped_send_over_send", scopedSend / parentSend)
    object.set("typed_scope_send_over_send", typedScopeSend / parentSend)
    return object.description
  }

  var table: String {
    func row(_ name: String, _ value: Double, _ ratio: String) -> String {
      name + String(repeating: " ", count: max(0, 46 - name.count))
        + String(repeating: " ", count: max(0, 9 - JSONObject.decimal(value, places: 1).count))
        + JSONObject.decimal(value, places: 1) + "   " + ratio
    }
    func times(_ value: Double, _ base: Double, _ what: String) -> String {
      JSONObject.decimal(value / base, places: 2) + "x " + what
    }
    return [
      "engine path (median of 5 interleaved rounds)  ns/action",
      row("reducer called raw (the floor)", raw, ""),
      row("store.send, no subscriber", send, times(send, raw, "raw")),
      row(
        "store.send, 1 key-path subscriber, unchanged", oneSubscriber,
        times(oneSubscriber, raw, "raw")),
      row("store.send, 1000 subscribers on 1000 paths", thousandSubscribers, ""),
      row("store.send of the parent's action", parentSend, ""),
      row(
        "scoped.send of the child's action", scopedSend,
        times(scopedSend, parentSend, "the parent's send")),
      row("scoped.state read", scopedRead, ""),
      row(
        "typed scope (struct case path): send", typedScopeSend,
        times(typedScopeSend, parentSend, "the parent's send")),
    ].joined(separator: "\n")
  }
}

/// Nanoseconds `body` takes, by the monotonic clock.
func time(_ body: () -> Void) -> Int {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  let (seconds, attoseconds) = (clock.now - start).components
  return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}

/// One measured workload.
typealias BenchRow = BenchmarkResult

extension BenchmarkResult {
  var rawPerTick: Int { rawNanoseconds / max(1, ticks) }
  var storePerTick: Int { storeNanoseconds / max(1, ticks) }
  /// Store time over raw time, in hundredths.
  var ratioPercent: Int { storeNanoseconds * 100 / max(1, rawNanoseconds) }
  var storeTicksPerSecond: Int {
    Int(Int64(ticks) * 1_000_000_000 / Int64(max(1, storeNanoseconds)))
  }

  var line: String {
    func pad(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    let ratio = "\(ratioPercent / 100).\(ratioPercent % 100 < 10 ? "0" : "")\(ratioPercent % 100)x"
    return name + String(repeating: " ", count: max(0, 12 - name.count)) + pad(String(ticks), 9)
      + pad(String(rawPerTick), 14) + pad(String(storePerTick), 15) + pad(ratio, 11)
      + pad(String(storeTicksPerSecond), 15)
  }

  var json: String {
    var object = JSONObject()
    object.set("workload", name)
    object.set("ticks", ticks)
    object.set("raw_ns_per_tick", rawPerTick)
    object.set("raw_ticks_per_second", Double(ticks) * 1e9 / Double(max(1, rawNanoseconds)))
    object.set("store_ns_per_tick", storePerTick)
    object.set("store_ticks_per_second", storeTicksPerSecond)
    object.set("store_over_raw", Double(storeNanoseconds) / Double(max(1, rawNanoseconds)))
    object.set("hash", ReplayFormat.hex(hash))
    return object.description
  }
}
