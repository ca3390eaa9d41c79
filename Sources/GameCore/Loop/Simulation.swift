/// A headless game: a store of a ``Game`` stepped one tick at a time, with no window and no
/// wall clock, for bots, replays, tests and benchmarks.
///
/// It runs exactly what the window runs (the same store, the same tick action), only as fast
/// as the CPU allows; ``run(ticks:bot:)`` drives it through a ``HeadlessLoop``, the window
/// loop's fixed-step clock fed virtual frame time.
///
/// ```swift
/// let simulation = Simulation<Pong>(seed: 42, settings: .headless)
/// var bot = Pong.bot(named: "coach", seed: 42)!
/// for _ in 0..<19_200 { simulation.step(bot.input(for: simulation.state)) }
/// print(simulation.hash)
/// ```
///
/// Everything is inlinable: the caller's module specialises the store for its game, so a
/// step costs what the game's reducer costs.
public final class Simulation<G: Game> {
  /// The store; subscribe to it to watch the game (renderers, recorders).
  @inlinable public var store: Store<G> { _store }
  /// A constant, so a step needs no retain of it: a reference that could be replaced
  /// mid-call would be retained around every call.
  @usableFromInline let _store: Store<G>

  /// A new game from `seed` and `settings`; without settings, the game as a headless run
  /// starts it (``GameSettings/headless``: straight into play, no title screen), which is
  /// what a test, a bot or a sweep wants. The window passes the player's settings itself.
  @inlinable
  public init(seed: UInt64, settings: G.Settings = .headless) {
    self._store = Store(
      initialState: G.initialState(seed: seed, settings: settings), reducer: G(), environment: ())
  }

  /// A game continuing from a saved state (a snapshot taken with ``state``).
  @inlinable
  public init(state: G.State) {
    self._store = Store(initialState: state, reducer: G(), environment: ())
  }

  /// The game now. A copy: cheap when the state's arrays are shared until the next step.
  @inlinable public var state: G.State { store.state }

  /// Ticks run since the game started (``GameState/tick``).
  @inlinable public var tick: Int { store.state.tick }

  /// The stable hash of the state now.
  @inlinable public var hash: UInt64 { store.state.stableHash }

  /// Runs one tick with `input` held.
  @inlinable
  public func step(_ input: TickInput) {
    store.step(.tick(input))
  }

  /// Runs `ticks` ticks with inputs from `bot`, through a ``HeadlessLoop`` at 64 Hz on a
  /// virtual 60 fps display: the window loop's clock, with no window and no sleeping.
  @inlinable
  public func run(ticks: Int, bot: inout G.Bot) {
    var loop = HeadlessLoop()
    run(ticks: ticks, bot: &bot, on: &loop)
  }

  /// Runs `ticks` ticks with inputs from `bot` through `loop`, whose clock and counters
  /// (frames, dropped ticks) carry on from one call to the next.
  @inlinable
  public func run(ticks: Int, bot: inout G.Bot, on loop: inout HeadlessLoop) {
    let store = self.store
    loop.run(ticks: ticks) { _ in store.step(.tick(bot.input(for: store.state))) }
  }

  /// Goes back (or forward) to a saved state: the next step continues from it exactly.
  ///
  /// The store stays (subscribers and middleware hear the restored state at the next step);
  /// its pending timers, async work and queued actions belong to the abandoned future and are
  /// dropped. A game that keeps its timers in its state loses nothing.
  @inlinable
  public func restore(_ state: G.State) {
    _store.reset(to: state)
  }

  /// Restores a saved state and runs one tick with each of `inputs` from it: subscribers hear
  /// once, at the end, not once per tick (``Store/resimulate(from:ticks:)``). What a
  /// ``TickTimeline`` seeks with.
  @inlinable
  public func resimulate(from state: G.State, inputs: some Sequence<TickInput>) {
    _store.resimulate(from: state, ticks: inputs.lazy.map { G.Action.tick($0) })
  }
}
