/// The engine's hot loops, as requirements of ``Game`` with default implementations.
///
/// Why requirements: the command line serves games it learns of at run time (`--game pong`),
/// so it calls them through an opened existential, where generic code runs unspecialised (a
/// store step through witness tables costs several times the reducer). A defaulted
/// requirement's witness is compiled in the game's own module, where `Self` is concrete, so
/// each game gets these loops specialised for it: the generic path costs what the game's
/// reducer costs. Games leave them alone.
extension Game {
  /// Runs `ticks` ticks of `simulation` with inputs from `bot` through `loop`; `record`
  /// (when given) sees every input with the state it produced, and `progress` the ticks done
  /// every 1,024 ticks.
  @inlinable
  public static func runHeadless(
    _ simulation: Simulation<Self>, ticks: Int, bot: inout Bot, loop: inout HeadlessLoop,
    record: ((TickInput, State) throws -> Void)?, progress: ((Int) -> Void)?
  ) throws {
    let store = simulation.store
    if let record {
      try loop.run(ticks: ticks) { tick in
        let input = bot.input(for: store.state)
        store.step(.tick(input))
        try record(input, store.state)
        if tick & 1023 == 0 { progress?(tick) }
      }
    } else {
      loop.run(ticks: ticks) { tick in
        store.step(.tick(bot.input(for: store.state)))
        if tick & 1023 == 0 { progress?(tick) }
      }
    }
  }

  /// Replays (and with `verify`, checks) a replay file of this game: ``ReplayPlayer/play``.
  @inlinable
  public static func playReplay(
    _ bytes: [UInt8], verify: Bool, allowPartial: Bool, limits: ReplayLimits = .default,
    progress: ((_ bytesRead: Int, _ byteCount: Int) -> Void)?
  ) throws(ReplayError) -> ReplayPlayer<Simulation<Self>>.Outcome {
    try ReplayPlayer<Simulation<Self>>.play(
      bytes, verify: verify, allowPartial: allowPartial, limits: limits, progress: progress)
  }

  /// Measures the reducer on `ticks` inputs recorded from `bot` (so neither timed loop pays
  /// for the bot): once called raw on a local state, once through ``Simulation/step(_:)``.
  /// `timer` runs its body once and returns the nanoseconds it took (GameCore reads no
  /// clock). Both loops must end on the same hash: a determinism check.
  @inlinable
  public static func benchmark(
    name: String, settings: Settings, bot botName: String, seed: UInt64, ticks: Int,
    timer: (() -> Void) -> Int
  ) -> BenchmarkResult {
    let recording = Simulation<Self>(seed: seed, settings: settings)
    var inputs: [TickInput] = []
    inputs.reserveCapacity(ticks)
    if var bot = Self.bot(named: botName, seed: seed) {
      for _ in 0..<ticks {
        let input = bot.input(for: recording.state)
        inputs.append(input)
        recording.step(input)
      }
    }
    // Five rounds, raw and store interleaved, and the median of each: the ratio compares runs
    // made side by side, not one warm run with one cold.
    let game = Self()
    var raws: [Int] = []
    var storeds: [Int] = []
    var state = initialState(seed: seed, settings: settings)
    var simulation = Simulation<Self>(seed: seed, settings: settings)
    for _ in 0..<5 {
      state = initialState(seed: seed, settings: settings)
      raws.append(
        timer {
          for input in inputs {
            _ = game.reduce(into: &state, action: .tick(input), environment: ())
          }
        })
      simulation = Simulation<Self>(seed: seed, settings: settings)
      // A constant inside the loop: a captured `var` would be reloaded and retained per tick.
      storeds.append(
        timer { [simulation] in for input in inputs { simulation.step(input) } })
    }
    let raw = raws.sorted()[2]
    let stored = storeds.sorted()[2]
    precondition(
      state.stableHash == simulation.hash && (inputs.isEmpty || simulation.hash == recording.hash),
      "the raw reducer and the store diverged: the game is not deterministic")
    return BenchmarkResult(
      name: name, ticks: ticks, rawNanoseconds: raw, storeNanoseconds: stored,
      hash: simulation.hash)
  }
}

/// One workload measured by ``Game/benchmark(name:settings:bot:seed:ticks:timer:)``.
public struct BenchmarkResult: Sendable {
  public var name: String
  public var ticks: Int
  /// Nanoseconds for all ticks, reducer called raw on a local state.
  public var rawNanoseconds: Int
  /// Nanoseconds for all ticks through the store.
  public var storeNanoseconds: Int
  /// The final state's stable hash.
  public var hash: UInt64

  /// A result.
  public init(name: String, ticks: Int, rawNanoseconds: Int, storeNanoseconds: Int, hash: UInt64) {
    self.name = name
    self.ticks = ticks
    self.rawNanoseconds = rawNanoseconds
    self.storeNanoseconds = storeNanoseconds
    self.hash = hash
  }
}
