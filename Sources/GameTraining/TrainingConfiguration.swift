import GameCore

/// How a batch of environments runs: agents, action repeat, time limit, autoreset.
public struct TrainingConfiguration: Equatable, Sendable {
  /// Agents per environment: 1, or 2 for a game's versus.
  public var players: Int
  /// Ticks each action is held for (frame skip); 1 by default, as feature observations want.
  public var actionRepeat: Int
  /// Steps after which an episode is truncated; the game's ``TrainableGame/timeLimit`` when nil.
  public var timeLimit: Int?
  /// What happens to an environment whose episode ended.
  public var autoreset: AutoresetMode
  /// Keeps each episode's inputs, which saving a state and recording a replay need (4 bytes
  /// a step, reused from one episode to the next).
  public var keepsHistory: Bool
  /// The game's own options (`--set NAME=VALUE` on the command line), applied in order over
  /// ``TrainableGame/trainingSettings(players:)``.
  public var settings: [TrainingSetting]
  /// The counter whose change is each step's reward
  /// (``TrainableGame/counters(of:player:into:)``); the game's
  /// ``TrainableGame/defaultReward(players:)`` when nil.
  public var reward: String?

  /// A configuration; the defaults are a single agent, no frame skip, the game's time limit,
  /// autoreset at the next step, history kept, the game's default reward.
  public init(
    players: Int = 1, actionRepeat: Int = 1, timeLimit: Int? = nil,
    autoreset: AutoresetMode = .nextStep, keepsHistory: Bool = true,
    settings: [TrainingSetting] = [], reward: String? = nil
  ) {
    self.reward = reward
    self.players = players
    self.actionRepeat = actionRepeat
    self.timeLimit = timeLimit
    self.autoreset = autoreset
    self.keepsHistory = keepsHistory
    self.settings = settings
  }

  /// Most ticks an action may be repeated.
  public static let maxActionRepeat = 1_000
  /// Most environments in one batch.
  public static let maxCount = 1 << 20
}

@available(*, deprecated, renamed: "TrainingConfiguration")
public typealias EnvironmentConfiguration = TrainingConfiguration
