import ArgumentParser
import Foundation
import GameCore
import GameRender
import GameScene
import GameFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `GameApp simulate`: plays a game headless with a bot, optionally recording a replay.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Run a game headless with a bot, as fast as the CPU allows.",
    discussion: """
      The game starts straight in play (its headless settings, changed with --set). Ticks run \
      through the window loop's fixed-step clock, fed the frames of a virtual --fps display \
      instead of a wall clock (no sleeping); a display slower than hz/8 fps makes the clock \
      drop time, reported as dropped ticks, but never changes the game. With --record the run \
      is written as a replay (to FILE.part, renamed to FILE when done); \
      `\(GameLauncher.commandName) replay FILE --verify` checks it.
      """)

  @OptionGroup var game: GameOption

  @Option(parsing: .unconditional, help: ArgumentHelp("The gameplay RNG seed.", valueName: "s"))
  var seed: UInt64

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Ticks to run (64 a second at the default rate).", valueName: "n"))
  var ticks: Int

  @Option(help: ArgumentHelp("The bot that plays (default: the game's first).", valueName: "name"))
  var bot: String?

  @Option(help: ArgumentHelp("Write a replay of the run to this file.", valueName: "file"))
  var record: String?

  @Option(
    help: ArgumentHelp("Ticks per second of game time (stored in the replay).", valueName: "n"))
  var hz: UInt16 = 64

  @Option(
    help: ArgumentHelp(
      "Frames per second of the virtual display that feeds the tick clock.", valueName: "n"))
  var fps = 60

  @Flag(help: "Print one JSON object instead of text.")
  var json = false

  func validate() throws {
    guard (0...ReplayFormat.maxTotalTicks).contains(ticks) else {
      throw ValidationError("--ticks must be between 0 and \(ReplayFormat.maxTotalTicks)")
    }
    guard ReplayFormat.tickRates.contains(Int(hz)) else {
      throw ValidationError("--hz must be between 1 and \(ReplayFormat.tickRates.upperBound)")
    }
    try refuseFolder(record)
    guard HeadlessLoop.frameRates.contains(fps) else {
      throw ValidationError("--fps must be between 1 and \(HeadlessLoop.frameRates.upperBound)")
    }
    try check(try game.game())
  }

  private func check<G: PlayableGame>(_ game: G.Type) throws {
    _ = try self.game.settings(for: G.self, base: .headless)
    _ = try self.game.bot(bot, for: G.self, seed: seed)
  }

  func run() throws { try run(try game.game()) }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    let settings = try self.game.settings(for: G.self, base: .headless)
    let simulation = Simulation<G>(seed: seed, settings: settings)
    let recorder = try record.map { path in
      // Folders are made as needed: `--record runs/today/1.replay` just works.
      try createFolder(holding: path)
      // SIGINT or SIGTERM mid-run removes the unfinished recording, as a failure does.
      Leftovers.removeOnSignals()
      // Even a header that cannot be written (a full disk) leaves no empty file: the
      // recorder discards its sink.
      return try ReplayRecorder(
        header: ReplayHeader(game: G.self, seed: seed, settings: settings, tickRate: hz),
        sink: try ReplayFileSink(path: path))
    }
    do {
      try run(simulation, recorder: recorder, settings: settings)
    } catch {
      recorder?.discard()
      throw error
    }
  }

  private func run<G: PlayableGame>(
    _ simulation: Simulation<G>, recorder: ReplayRecorder?, settings: G.Settings
  ) throws {
    var player = try self.game.bot(bot, for: G.self, seed: seed)
    let botName = bot ?? G.botNames.first ?? ""
    let progress = ProgressBar(label: "simulate")
    let clock = ContinuousClock()
    let started = clock.now
    var loop = HeadlessLoop(hz: Int(hz), framesPerSecond: fps)
    // Every tick: the recorder, and the games that end (their first figure, the score).
    var finished: [Int] = []
    var wasOver = G.isGameOver(simulation.state)
    let observe: (TickInput, G.State) throws -> Void = { input, state in
      try recorder?.record(input, after: state)
      let over = G.isGameOver(state)
      if over && !wasOver, case .number(let score)? = G.metrics(of: state).first?.value {
        finished.append(score)
      }
      wasOver = over
    }
    try G.runHeadless(
      simulation, ticks: ticks, bot: &player, loop: &loop, record: observe,
      progress: { progress.update(done: $0, total: ticks) })
    if let recorder { try recorder.finish(state: simulation.state) }
    progress.finish()
    let elapsed = clock.now - started
    let metrics = G.metrics(of: simulation.state)

    if json {
      var object = JSONObject()
      object.set("game", G.id)
      object.set("seed", seed)
      object.set("ticks", ticks)
      object.set("hash", ReplayFormat.hex(simulation.hash))
      object.set(metrics)
      object.set("bot", botName)
      object.set("settings", self.game.settings.joined(separator: ","))
      object.set("hz", Int(hz))
      object.set("games_finished", finished.count)
      if let scoreName = metrics.first?.name, !finished.isEmpty {
        object.set("best_finished_\(scoreName)", finished.max()!)
        object.set("mean_finished_\(scoreName)", Mean(of: finished))
      }
      // Virtual time, so deterministic; only present when the clock dropped any.
      if loop.droppedTicks > 0 { object.set("dropped_ticks", Int(loop.droppedTicks)) }
      if let record, let recorder {
        object.set("record", record)
        object.set("bytes", recorder.bytesWritten)
      }
      print(object)
      return
    }
    let setting = self.game.settings.isEmpty ? "" : ", " + self.game.settings.joined(separator: ", ")
    print(
      "simulated \(ticks) ticks (\(playTime(ticks: ticks, hz: hz)) at \(hz) Hz) of \(G.id) "
        + "seed \(seed) with bot \(botName)\(setting)")
    if !metrics.isEmpty { print(describe(metrics)) }
    if let scoreName = metrics.first?.name, !finished.isEmpty {
      print(
        "\(finished.count) game\(finished.count == 1 ? "" : "s") finished: best \(scoreName) "
          + "\(finished.max()!), mean \(Mean(of: finished))")
    }
    print("hash \(ReplayFormat.hex(simulation.hash))")
    if loop.droppedTicks > 0 {
      print(
        "the clock dropped \(loop.droppedTicks) ticks in \(loop.frames) frames at \(fps) fps "
          + "(game time fell behind the virtual display; the game itself is unchanged)")
    }
    if let record, let recorder {
      print(
        "recorded \(record): \(recorder.bytesWritten) bytes, "
          + "\(perTick(bytes: recorder.bytesWritten, ticks: ticks)) bytes/tick")
    }
    print("ran in \(milliseconds(elapsed)) ms (\(ticksPerSecond(ticks, elapsed)) ticks/s)")
  }
}

/// "score 3140, wave 2, lives 0, phase gameOver".
func describe(_ metrics: [Metric]) -> String {
  metrics.map { metric in
    switch metric.value {
    case .number(let value): "\(metric.name) \(value)"
    case .text(let value): "\(metric.name) \(value)"
    }
  }.joined(separator: ", ")
}

/// "3:00" for 11,520 ticks at 64 Hz.
func playTime(ticks: Int, hz: UInt16) -> String {
  let seconds = ticks / max(1, Int(hz))
  let rest = seconds % 60
  return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
}

/// Bytes per tick with three decimals, in integer arithmetic.
func perTick(bytes: Int, ticks: Int) -> String {
  guard ticks > 0 else { return "0" }
  let thousandths = (bytes * 1000 + ticks / 2) / ticks
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

func milliseconds(_ duration: Duration) -> Int {
  let (seconds, attoseconds) = duration.components
  return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}

func ticksPerSecond(_ ticks: Int, _ duration: Duration) -> Int {
  let (seconds, attoseconds) = duration.components
  let micros = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
  return micros > 0 ? ticks * 1_000_000 / micros : 0
}
