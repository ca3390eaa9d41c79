import GameCore

/// GGRS's sync test: a game run with every tick rolled back and run again, as a rollback
/// match would, to show that a snapshot of its state is the whole of it and that running the
/// same inputs again gives the same state, bit for bit.
///
/// Each tick runs once on its inputs; then, once `window` ticks have run, the game goes back
/// `window` ticks (restoring the snapshot kept there) and runs them again, and every tick's
/// hash must equal the first run's. A game that keeps something outside its state (a global,
/// a class instance it mutates, a timer of the store's) or reads something that is not in its
/// inputs fails here long before two players see their games part.
public struct SyncTest<G: Game> {
  /// What a run found.
  public struct Report: Equatable, Sendable {
    public var ticks = 0
    public var rollbacks = 0
    public var resimulatedTicks = 0
    /// The first tick whose state, run again, differed from the first run's; and the two
    /// hashes.
    public var mismatch: (tick: Int, first: UInt64, again: UInt64)?
    /// The state's hash after the last tick.
    public var hash: UInt64 = 0

    public static func == (a: Report, b: Report) -> Bool {
      (a.ticks, a.rollbacks, a.resimulatedTicks, a.hash)
        == (b.ticks, b.rollbacks, b.resimulatedTicks, b.hash)
        && a.mismatch?.tick == b.mismatch?.tick
    }
  }

  /// Runs `ticks` ticks of the game from `seed` and `settings`, rolling back `window`
  /// (1...32) ticks every tick; `input` gives each tick's input from the state before it.
  public static func run(
    seed: UInt64, settings: G.Settings, window: Int, ticks: Int,
    input: (G.State) -> TickInput
  ) -> Report {
    precondition((1...32).contains(window), "a sync test window is 1 to 32 ticks")
    // A snapshot of every tick, `window + 1` kept: going back is the timeline's seek.
    let ring = window + 1
    let timeline = TickTimeline<G>(
      start: G.initialState(seed: seed, settings: settings), interval: 1, capacity: ring)
    let simulation = timeline.simulation
    var hashes = [UInt64](repeating: 0, count: ring)
    var inputs = [TickInput](repeating: TickInput(), count: ring)
    var report = Report()
    for tick in 0..<ticks {
      inputs[tick % ring] = input(simulation.state)
      timeline.step(inputs[tick % ring])
      hashes[(tick + 1) % ring] = simulation.hash
      let from = tick + 1 - window
      guard from >= 0 else { continue }
      timeline.seek(to: from)
      for again in from...tick {
        timeline.step(inputs[again % ring])
        let hash = simulation.hash
        if hash != hashes[(again + 1) % ring], report.mismatch == nil {
          report.mismatch = (again + 1, hashes[(again + 1) % ring], hash)
        }
      }
      report.rollbacks += 1
      report.resimulatedTicks += window
    }
    report.ticks = ticks
    report.hash = simulation.hash
    return report
  }

  /// The game's first bot in every seat (its input for player 1 moved to each seat's
  /// buttons), so the state moves as a match's would.
  public static func run(
    seed: UInt64, settings: G.Settings, window: Int, ticks: Int, seats: Int? = nil
  ) -> Report {
    let seats = Seats(G.buttons, count: seats ?? G.seats(for: settings))
    var bots = (0..<seats.count).map { seat in
      G.botNames.first.flatMap { G.bot(named: $0, seed: seed &+ UInt64(seat)) }
    }
    return run(seed: seed, settings: settings, window: window, ticks: ticks) { state in
      var each: [TickInput] = []
      for seat in 0..<seats.count {
        var own = TickInput()
        if bots[seat] != nil { own = G.input(of: &bots[seat]!, for: state, seat: seat) }
        each.append(own)
      }
      return seats.merged(each)
    }
  }
}
