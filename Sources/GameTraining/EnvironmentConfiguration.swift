import GameCore

/// How a batch of environments runs: agents, action repeat, time limit, autoreset.
public struct EnvironmentConfiguration: Equatable, Sendable {
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
  /// ``TrainableGame/environmentSettings(players:)``.
  public var settings: [EnvironmentSetting]

  /// A configuration; the defaults are a single agent, no frame skip, the game's time limit,
  /// autoreset at the next step, history kept.
  public init(
    players: Int = 1, actionRepeat: Int = 1, timeLimit: Int? = nil,
    autoreset: AutoresetMode = .nextStep, keepsHistory: Bool = true,
    settings: [EnvironmentSetting] = []
  ) {
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

/// One of a game's options for a batch: `mode` = `sprint`.
public struct EnvironmentSetting: Equatable, Sendable {
  public var name: String
  public var value: String

  /// The option `name` set to `value`, as ``GameSettings/set(_:to:)`` takes it.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// What a batch does with an environment whose episode has ended (Gymnasium's
/// `AutoresetMode`).
public enum AutoresetMode: Int32, Sendable, CaseIterable {
  /// The step after the last one resets it, ignores its action and reports its first
  /// observation with a reward of 0: Gymnasium's default.
  case nextStep = 0
  /// The last step resets it at once: the buffers hold the new episode's first observation,
  /// and the final observation goes to ``EnvironmentBuffers/finalObservations``.
  case sameStep = 1
  /// Never: stepping an ended environment is an error until the batch is reset.
  case disabled = 2
}

/// The caller's buffers a reset or a step writes into: nothing is allocated per step.
///
/// Layout for a batch of `n` environments with `p` agents and `f` features: observations
/// `[n][p][f]` floats, rewards `[n][p]` floats, terminated and truncated `[n]` bytes (0 or 1),
/// final observations `[n][p][f]` (written only for environments that ended, under
/// ``AutoresetMode/sameStep``).
public struct EnvironmentBuffers: @unchecked Sendable {
  public var observations: UnsafeMutablePointer<Float>
  public var rewards: UnsafeMutablePointer<Float>
  public var terminated: UnsafeMutablePointer<UInt8>
  public var truncated: UnsafeMutablePointer<UInt8>
  public var finalObservations: UnsafeMutablePointer<Float>?
  /// Each agent's axis values, `[count][players][axisSlots]` (``EnvironmentBatch/axisSlots``),
  /// read by every step: they set the agent's axes, whatever its choice sets. Nil: the choices
  /// alone make the input.
  public var axes: UnsafePointer<Int32>?

  /// Buffers at these addresses; the batch checks nothing but their presence, so each must
  /// hold at least its layout's count.
  public init(
    observations: UnsafeMutablePointer<Float>, rewards: UnsafeMutablePointer<Float>,
    terminated: UnsafeMutablePointer<UInt8>, truncated: UnsafeMutablePointer<UInt8>,
    finalObservations: UnsafeMutablePointer<Float>? = nil, axes: UnsafePointer<Int32>? = nil
  ) {
    self.axes = axes
    self.observations = observations
    self.rewards = rewards
    self.terminated = terminated
    self.truncated = truncated
    self.finalObservations = finalObservations
  }
}
