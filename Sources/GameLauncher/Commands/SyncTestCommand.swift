import ArgumentParser
import GameCore
import GameNetplay
import GameScene

/// `GameApp synctest`: GGRS's sync test, every tick rolled back and run again.
struct SyncTestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synctest",
    abstract: "Roll a game back every tick and run it again, comparing hashes (netplay's test).",
    discussion: """
      Runs the game headless with its first bot in every seat (its input for player 1 moved \
      to each player's buttons), and after every tick goes back --window ticks to the \
      snapshot kept there and runs them again, as a rollback match would: every tick's state \
      hash must equal the first run's. A game that keeps anything outside its state, or reads \
      anything but its inputs, fails here before two players see their games part. Exit \
      status 0 when every hash matched, 1 at the first that did not (the tick is named).
      """)

  @OptionGroup var game: GameOption

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Ticks to go back every tick (1-32).", valueName: "w"))
  var window = 8

  @Option(parsing: .unconditional, help: ArgumentHelp("Ticks to run.", valueName: "n"))
  var ticks = 3_840

  @Option(parsing: .unconditional, help: ArgumentHelp("The gameplay RNG seed.", valueName: "s"))
  var seed: UInt64 = 1

  @Flag(help: "Print one JSON object instead of text.")
  var json = false

  func validate() throws {
    guard (1...32).contains(window) else {
      throw ValidationError("--window must be between 1 and 32")
    }
    guard (1...10_000_000).contains(ticks) else {
      throw ValidationError("--ticks must be between 1 and 10000000")
    }
    _ = try game.game()
  }

  func run() throws { try run(try game.game()) }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    let settings = try self.game.settings(for: G.self, base: .headless)
    let seats = G.seats(for: settings)
    let report = SyncTest<G>.run(
      seed: seed, settings: settings, window: window, ticks: ticks, seats: seats)
    if json {
      var object = JSONObject()
      object.set("game", G.id)
      object.set("ticks", report.ticks)
      object.set("window", window)
      object.set("seats", seats)
      object.set("rollbacks", report.rollbacks)
      object.set("resimulated_ticks", report.resimulatedTicks)
      object.set("mismatch_tick", report.mismatch?.tick)
      object.set("hash", ReplayFormat.hex(report.hash))
      print(object)
    } else if let mismatch = report.mismatch {
      print(
        "\(G.id): tick \(mismatch.tick) ran again to hash \(ReplayFormat.hex(mismatch.again)), not \(ReplayFormat.hex(mismatch.first)): "
          + "the game keeps something outside its state, or reads something besides its inputs")
    } else {
      print(
        "\(G.id): \(report.ticks) ticks, \(seats) seat\(seats == 1 ? "" : "s"), each rolled back \(window) ticks and run "
          + "again (\(report.resimulatedTicks) ticks): every hash matched; hash \(ReplayFormat.hex(report.hash))"
      )
    }
    if report.mismatch != nil { throw ExitCode(1) }
  }

}
