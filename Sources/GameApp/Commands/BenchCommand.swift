import ArgumentParser
import GameCore

/// `GameApp bench`: how fast the game's reducer runs, called raw and through the store.
///
/// The inputs are recorded from the bot first, so the timed loops run the reducer alone; both
/// loops must end on the same state hash, which doubles as a determinism check.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure reducer throughput: the game's reducer called raw and through the store.",
    discussion: """
      Prints ticks per second and nanoseconds per tick for a typical game (the ace bot \
      playing) and for each --rocks stress setting, once calling Game.reduce on a local \
      state and once through StoreOf<Game>.step. For statistics across runs use \
      `swift package benchmark`.
      """)

  @Option(help: ArgumentHelp("Ticks per measurement.", valueName: "n"))
  var ticks = 100_000

  @Option(help: ArgumentHelp("Stress settings to measure too (repeatable).", valueName: "n"))
  var rocks: [Int] = [1_000, 10_000]

  @Option(help: ArgumentHelp("The gameplay RNG seed.", valueName: "s"))
  var seed: UInt64 = 1

  @Flag(help: "Print one JSON object per workload instead of a table.")
  var json = false

  func validate() throws {
    guard (1...10_000_000).contains(ticks) else {
      throw ValidationError("--ticks must be between 1 and 10000000")
    }
    for count in rocks where !(0...GameSettings.maxRocks).contains(count) {
      throw ValidationError("--rocks must be between 0 and \(GameSettings.maxRocks)")
    }
  }

  func run() throws {
    var rows: [BenchRow] = []
    rows.append(measure(name: "typical", settings: GameSettings(startsAtTitle: false)))
    for count in rocks {
      let ticks = max(1, min(self.ticks, 50_000_000 / max(1, count)))
      rows.append(
        measure(
          name: "rocks \(count)", settings: GameSettings(rocks: count, startsAtTitle: false),
          ticks: ticks))
    }
    if json {
      for row in rows { print(row.json) }
    } else {
      print("workload        ticks   raw ns/tick  store ns/tick  store/raw  store ticks/s")
      for row in rows { print(row.line) }
    }
  }

  private func measure(name: String, settings: GameSettings, ticks: Int? = nil) -> BenchRow {
    let ticks = ticks ?? self.ticks
    // Record the bot's inputs first so that neither timed loop pays for the bot.
    let recording = Simulation(seed: seed, settings: settings)
    var bot = try! Bot(name: "ace", seed: seed)
    var inputs: [TickInput] = []
    inputs.reserveCapacity(ticks)
    for _ in 0..<ticks {
      let input = bot.input(for: recording.state)
      inputs.append(input)
      recording.step(input)
    }

    let clock = ContinuousClock()
    var state = Game.State(seed: seed, settings: settings)
    let game = Game()
    let rawStart = clock.now
    for input in inputs { _ = game.reduce(into: &state, action: .tick(input), environment: ()) }
    let raw = clock.now - rawStart

    let simulation = Simulation(seed: seed, settings: settings)
    let storeStart = clock.now
    for input in inputs { simulation.step(input) }
    let stored = clock.now - storeStart

    precondition(
      state.stableHash == simulation.hash && simulation.hash == recording.hash,
      "the raw reducer and the store diverged: the game is not deterministic")
    return BenchRow(
      name: name, ticks: ticks, rawNanoseconds: nanoseconds(raw),
      storeNanoseconds: nanoseconds(stored), hash: simulation.hash)
  }
}

/// One measured workload.
struct BenchRow {
  var name: String
  var ticks: Int
  var rawNanoseconds: Int
  var storeNanoseconds: Int
  var hash: UInt64

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
    object.set("store_ns_per_tick", storePerTick)
    object.set("store_ticks_per_second", storeTicksPerSecond)
    object.set("hash", ReplayFormat.hex(hash))
    return object.description
  }
}

func nanoseconds(_ duration: Duration) -> Int {
  let (seconds, attoseconds) = duration.components
  return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}
