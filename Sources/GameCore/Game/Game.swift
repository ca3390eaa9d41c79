/// A game the engine can run: its rules as a reducer, and everything else the engine asks of
/// it (identity, buttons, settings, bots, figures to report).
///
/// A game is a few types. The conforming type is the root reducer of the game's state, whose
/// action has a `tick` case carrying the held buttons; the engine's store, loop, replays,
/// sweeps and benchmarks need nothing more. Drawing and sound are the SDL-free `GameScene`
/// module's `PlayableGame` refinement, so headless code never pulls them in.
///
/// ```swift
/// struct Counter: Game {
///   struct State: GameState { var tick = 0; var count = 0 }
///   enum Action: TickAction { case tick(TickInput) }
///   static let id = "counter"
///   static let version: UInt16 = 1
///   static let buttons = ButtonLayout([Button("add", symbol: "A", keys: ["Space"])])
///   static func initialState(seed: UInt64, settings: NoSettings) -> State { State() }
///   func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
///     guard case .tick(let input) = action else { return .none }
///     state.tick += 1
///     if input.contains(TickInput(bit: 0)) { state.count += 1 }
///     return .none
///   }
/// }
/// ```
///
/// The requirements are of two kinds, kept apart in their own files:
/// - **A game author's hooks**: everything down to `init()`: identity, buttons, the initial
///   state, bots, metrics, rankings, workloads, legacy hashing. The ones a game may leave out
///   have defaults in `Game+Defaults.swift`.
/// - **The engine's specialisation hooks**: ``runHeadless(_:ticks:bot:loop:record:progress:)``,
///   ``playReplay(_:verify:allowPartial:limits:progress:)`` and
///   ``benchmark(name:settings:bot:seed:ticks:timer:)``, implemented once in
///   `Game+Engine.swift`. They are requirements only so that each game's module compiles
///   the engine's hot loops for its own concrete type; a game never writes them. (They
///   cannot be a protocol of their own: their signatures name `Simulation<Self>`, which
///   needs `Self: Game`.)
///
/// > Important: The rules are replayed bit for bit: no wall clock, no system random
/// > generator, no `Hasher`, no iteration of a `Dictionary` or `Set`, no `Float` or `Double`
/// > in ``ReducerProtocol/State``. Change ``version`` whenever a rule changes, so old replays
/// > are refused with a clear message instead of failing to verify.
public protocol Game: ReducerProtocol, Sendable
where Environment == Void, Action: TickAction, State: GameState {
  /// Options fixed at the start of a game, recorded in every replay header.
  associatedtype Settings: GameSettings = NoSettings
  /// The game's computer players.
  associatedtype Bot: GameBot = NoBot<State> where Bot.State == State

  /// The short name on the command line (`--game pong`) and in replay headers: 1 to 16
  /// characters from `a`-`z`, `0`-`9` and `-`.
  static var id: String { get }
  /// The name players see ("Asteroids"); the id by default.
  static var title: String { get }
  /// The version of the rules: replays recorded under another version are refused.
  static var version: UInt16 { get }
  /// The buttons, in bit order.
  static var buttons: ButtonLayout { get }

  /// The state at tick 0 for a seed and settings.
  static func initialState(seed: UInt64, settings: Settings) -> State

  /// The names ``bot(named:seed:)`` accepts, best first; the first is the default.
  static var botNames: [String] { get }
  /// The bot called `name`, its own choices seeded by `seed`; nil for an unknown name.
  static func bot(named name: String, seed: UInt64) -> Bot?

  /// Figures of a state worth reporting (`simulate`, `sweep`): score first. Text values
  /// (a phase) are shown but not summed.
  static func metrics(of state: State) -> [Metric]

  /// True on a state that shows a finished game (a game-over or results screen): `simulate`
  /// counts the games a run finished and reports their best and mean score. False by default.
  static func isGameOver(_ state: State) -> Bool

  /// Where `state` ranks on the player's high-score tables when it shows a finished game the
  /// game keeps scores for; nil otherwise (not over, or not ranked: a two-player match). The
  /// window asks on the tick a game ends and offers a place on the table. Nil by default.
  static func ranking(of state: State) -> Ranking?

  /// The high-score tables ``ranking(of:)`` uses, the one shown first first. `[""]` (one
  /// table) by default.
  static var rankingTables: [String] { get }

  /// Which way `table` (one of ``rankingTables``) sorts: the ``Ranking/order`` its rankings
  /// carry. The high-score book refuses a file that says otherwise. Higher first by default.
  static func rankingOrder(of table: String) -> Ranking.Order

  /// A ranked value as players read it on a table (`12340`, `0:41.68`). The number by
  /// default.
  static func rankingText(_ value: Int, table: String) -> String

  /// Named stress settings `GameApp bench` measures besides the typical game (headless
  /// settings, the first bot): `("rocks 1000", settings)`. None by default.
  static var workloads: [(name: String, settings: Settings)] { get }

  /// The work of one tick under `settings`, relative to normal play (1): what a replay's
  /// ticks are multiplied by before ``ReplayLimits/maxTicks`` bounds them. A game whose
  /// settings can make ticks much dearer (a thousand times the rocks) says so here. 1 by
  /// default.
  static func replayWork(of settings: Settings) -> Int

  /// How many players a match under `settings` seats (1 to 4), each on a machine of its own
  /// in netplay. By default, the most players ``buttons`` names (Pong's two paddles); a game
  /// whose settings seat fewer says so (Blocks: two in versus, one otherwise).
  static func seats(for settings: Settings) -> Int

  /// What `bot` presses when it plays seat `seat` (0 is player 1) of a networked match, in
  /// that seat's player's buttons. By default, what it presses for player 1, moved to the
  /// seat's player (``ButtonLayout/moved(_:toPlayer:)``); a game whose bot reads the state
  /// as player 1 sees it says how it plays another side (Pong: the right paddle follows the
  /// ball as the left does; Blocks: the bot already plays both fields).
  static func input(of bot: inout Bot, for state: State, seat: Int) -> TickInput

  /// How older rules versions hashed the state, so that their replays still verify: see
  /// ``LegacyHashing``. None by default.
  static var legacyHashing: [LegacyHashing<State>] { get }

  /// The rules.
  init()

  // MARK: The engine's specialisation hooks
  //
  // Not for game authors: the engine's hot loops, written once in Game+Engine.swift and
  // compiled there for each game's concrete type. A game leaves them alone.

  /// Runs a simulation headless with a bot (`simulate`, `sweep`).
  static func runHeadless(
    _ simulation: Simulation<Self>, ticks: Int, bot: inout Bot, loop: inout HeadlessLoop,
    record: ((TickInput, State) throws -> Void)?, progress: ((Int) -> Void)?
  ) throws
  /// Replays a file of this game (`replay`), within `limits`.
  static func playReplay(
    _ bytes: [UInt8], verify: Bool, allowPartial: Bool, limits: ReplayLimits,
    progress: ((_ bytesRead: Int, _ byteCount: Int) -> Void)?
  ) throws(ReplayError) -> ReplayPlayer<Simulation<Self>>.Outcome
  /// Measures the reducer raw and through the store (`bench`).
  static func benchmark(
    name: String, settings: Settings, bot: String, seed: UInt64, ticks: Int,
    timer: (() -> Void) -> Int
  ) -> BenchmarkResult
}

extension Game {
  /// Checks ``id``: the characters a replay header and a command line accept.
  public static var hasValidID: Bool { ReplayFormat.isValidGameID(id) }
}
