/// A headless game: a store of ``Game`` stepped one tick at a time, with no window and no
/// wall clock, for bots, replays, tests and benchmarks.
///
/// It runs exactly what the windowed game runs (the same store, the same tick action), only
/// as fast as the CPU allows; ``run(ticks:bot:)`` drives it through a ``HeadlessLoop``, the
/// window loop's fixed-step clock fed virtual frame time.
///
/// ```swift
/// let simulation = Simulation(seed: 42, settings: GameSettings(startsAtTitle: false))
/// var bot = try Bot(name: "ace", seed: 42)
/// for _ in 0..<19_200 { simulation.step(bot.input(for: simulation.state)) }
/// print(simulation.state.score.score, simulation.hash)
/// ```
public final class Simulation {
  /// The store; subscribe to it to watch the game (renderers, recorders).
  public private(set) var store: StoreOf<Game>

  /// A new game from `seed` and `settings`.
  public init(seed: UInt64, settings: GameSettings = GameSettings()) {
    self.store = StoreOf(
      initialState: Game.State(seed: seed, settings: settings), reducer: Game(), environment: ())
  }

  /// A game continuing from a saved state (a snapshot taken with ``state``).
  public init(state: Game.State) {
    self.store = StoreOf(initialState: state, reducer: Game(), environment: ())
  }

  /// The game now. A copy: cheap (its arrays are shared until the next step changes them).
  public var state: Game.State { store.state }

  /// Ticks run since the game started (``Game/State/tick``).
  public var tick: Int { store.state.tick }

  /// The stable hash of the state now.
  public var hash: UInt64 { store.state.stableHash }

  /// Runs one tick with `input` held.
  ///
  /// Not inlinable on purpose: compiled here, the store is specialised for ``Game``; inlined
  /// into another module it would call the store's unspecialised generic code.
  public func step(_ input: TickInput) {
    store.step(.tick(input))
  }

  /// Runs `ticks` ticks with inputs from `bot`, through a ``HeadlessLoop`` at 64 Hz on a
  /// virtual 60 fps display: the window loop's clock, with no window and no sleeping.
  public func run(ticks: Int, bot: inout Bot) {
    var loop = HeadlessLoop()
    run(ticks: ticks, bot: &bot, on: &loop)
  }

  /// Runs `ticks` ticks with inputs from `bot` through `loop`, whose clock and counters
  /// (frames, dropped ticks) carry on from one call to the next.
  public func run(ticks: Int, bot: inout Bot, on loop: inout HeadlessLoop) {
    loop.run(ticks: ticks) { _ in store.step(.tick(bot.input(for: store.state))) }
  }

  /// Goes back (or forward) to a saved state: the next step continues from it exactly.
  ///
  /// > Important: The store is replaced, so subscriptions and middleware on the old store
  /// > stop; the game keeps no store timers, so nothing else is lost.
  public func restore(_ state: Game.State) {
    store = StoreOf(initialState: state, reducer: Game(), environment: ())
  }
}
