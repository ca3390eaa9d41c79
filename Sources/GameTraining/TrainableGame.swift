import GameCore

/// A game that is also a training environment: what an agent sees, the choices it has, what
/// it is rewarded for and when its episode ends, described once in the game's own module.
///
/// The engine does the rest: batches of environments stepped in one call across a worker
/// pool (``TrainingBatch``), autoreset, time limits, action repeat, states saved as bytes
/// and replays `GameApp replay --verify` checks; the C library and the Python package
/// (Gymnasium, PettingZoo) serve every conforming game with no code of their own.
///
/// ```swift
/// extension Counter: TrainableGame {
///   static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
///     features.unit("count", min(state.count, 100), over: 100, "presses / 100")
///   }
///   static func actions(forPlayer player: Int) -> [TrainingAction] {
///     [TrainingAction("noop", []), TrainingAction("add", TickInput(bit: 0))]
///   }
///   static func score(of state: State, player: Int) -> Int { state.count }
///   static func isTerminated(_ state: State) -> Bool { state.count >= 100 }
/// }
/// ```
///
/// Each feature is named where it is written, once: the engine derives
/// ``observationFeatures`` (names, bounds, meanings) from those calls. A game that writes no
/// `observe` at all shows every number of its state (docs/TRAINING-A-GAME.md has the rules: a state
/// of numbers, flags and structs of these; no arrays).
///
/// > Important: ``observe(_:player:into:)`` must write the same features (count and names)
/// > for every state and player, each value within its feature's bounds, and read nothing
/// > but the state. The environment calls the reducer directly and runs no effects: a
/// > trainable game keeps its timers in its state, as every game here does.
public protocol TrainableGame: Game {
  /// The features of one agent's observation, in order; the same for every player (a game
  /// shows player 2 the field from its own side). Derived from the names `observe` writes:
  /// declare it only for an `observe` that writes unnamed values.
  static var observationFeatures: [ObservationFeature] { get }
  /// Writes what `player` (0 or 1) sees of `state`: one value per feature, each with its
  /// name. By default, every number of the state.
  static func observe(_ state: State, player: Int, into features: inout ObservationWriter)
  /// The choices of `player` (0 or 1), the first one doing nothing.
  static func actions(forPlayer player: Int) -> [TrainingAction]
  /// A running total of `player`'s reward: each step's reward is how much it changed (a
  /// score, or points won minus points lost).
  static func score(of state: State, player: Int) -> Int
  /// Writes `player`'s counters, each a running total with its name (`score`, `lines`):
  /// every reset and step reports them (Python's `info`), and the reward is the step's
  /// change of one of them. By default one counter, `score`, ``score(of:player:)``.
  static func counters(of state: State, player: Int, into counters: inout CounterWriter)
  /// The counter whose change rewards each of `players` agents unless the caller chooses
  /// another (`reward=` in Python): `score` by default.
  static func defaultReward(players: Int) -> String
  /// True when the episode is over: the game has ended (``Game/isGameOver(_:)`` by default).
  static func isTerminated(_ state: State) -> Bool
  /// Steps after which an episode is cut short (truncated) unless the caller sets another.
  static var timeLimit: Int { get }
  /// How many agents the game can be played by: `[1]` by default, `[1, 2]` with a versus.
  static var trainingPlayers: [Int] { get }
  /// The settings of an episode with `players` agents (``GameSettings/headless`` by default).
  static func trainingSettings(players: Int) -> Settings
  /// Ticks an episode starts with, before the agents' first step: a serve, a start press.
  static func startInputs(players: Int) -> [TickInput]

  // Engine entry points, specialised for each game in its own module: leave the defaults.

  /// Resets `range` of `batch` from `seeds` and writes their first observations.
  static func resetEnvironments(
    _ batch: TrainingBatch<Self>, _ range: Range<Int>, seeds: UnsafePointer<UInt64>,
    buffers: TrainingBuffers)
  /// Steps `range` of `batch` with `actions` (one per agent) and writes the results.
  static func stepEnvironments(
    _ batch: TrainingBatch<Self>, _ range: Range<Int>, actions: UnsafePointer<Int32>,
    buffers: TrainingBuffers)
  /// Measures the game's ticks alone as a batch of `count` environments would run them
  /// (`GameApp bench --batch`).
  static func benchmarkBatchTicks(
    count: Int, steps: Int, seed: UInt64, timer: (() -> Void) -> Int
  ) -> BatchTickResult

  // The names before issue 29 ("environment" is a reducer's dependencies), kept so that a game
  // written against them compiles and trains as before: see TrainableGame+OldNames.swift.

  @available(*, deprecated, renamed: "trainingPlayers")
  static var environmentPlayers: [Int] { get }
  @available(*, deprecated, renamed: "trainingSettings(players:)")
  static func environmentSettings(players: Int) -> Settings
}

extension TrainableGame {
  public static func isTerminated(_ state: State) -> Bool { isGameOver(state) }
  public static var timeLimit: Int { 27_000 }
  public static var trainingPlayers: [Int] { oldTrainingNames.players(of: Self.self) }
  public static func trainingSettings(players: Int) -> Settings {
    oldTrainingNames.settings(of: Self.self, players: players)
  }
  public static func startInputs(players: Int) -> [TickInput] { [] }

  /// The length of one agent's observation.
  public static var featureCount: Int { observationFeatures.count }
}
