import GameCore

/// Why a batch refused a call: every case is the caller's mistake or bad bytes, never a trap.
public enum TrainingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No game with this id can be an environment.
  case unknownGame(String, known: [String])
  /// A configuration value out of range (`players`, `action repeat`, ...).
  case badConfiguration(String)
  /// A buffer's address is missing or its length is not what the batch needs.
  case badBuffer(name: String, reason: String)
  /// An action index outside the agent's choices.
  case badAction(environment: Int, player: Int, value: Int32, count: Int)
  /// A step came before the first reset.
  case notReset
  /// A step reached an environment whose episode ended, with autoreset disabled.
  case episodeEnded(environment: Int)
  /// An axis value outside the axis's range.
  case badAxis(environment: Int, player: Int, axis: String, value: Int32, range: ClosedRange<Int>)
  /// An environment index outside the batch.
  case badIndex(Int, count: Int)
  /// Saving or recording needs the inputs the batch was told not to keep.
  case noHistory
  /// State bytes that cannot be restored here: damaged, another game, other rules or settings.
  case badState(String)
  /// A replay file could not be written.
  case recordFailed(String)

  public var description: String {
    switch self {
    case .unknownGame(let id, let known) where known.isEmpty:
      "unknown game '\(id)': the library serves no games yet (call lockstep_register() first)"
    case .unknownGame(let id, let known):
      "unknown game '\(id)'; environments: \(known.joined(separator: ", "))"
    case .badConfiguration(let reason): "bad configuration: \(reason)"
    case .badBuffer(let name, let reason): "bad \(name) buffer: \(reason)"
    case .badAction(let environment, let player, let value, let count):
      "action \(value) of environment \(environment), player \(player), is out of range: "
        + "expected 0...\(count - 1)"
    case .badAxis(let environment, let player, let axis, let value, let range):
      "axis \(axis) of environment \(environment), player \(player), is \(value): expected "
        + "\(range.lowerBound)...\(range.upperBound)"
    case .notReset: "step before reset: reset the environments first"
    case .episodeEnded(let environment):
      "environment \(environment) was stepped after its episode ended: reset it first"
    case .badIndex(let index, let count):
      "environment index \(index) is out of range: the batch has \(count)"
    case .noHistory:
      "this batch keeps no history (keepsHistory is off): saving and recording need it"
    case .badState(let reason): "cannot restore this state: \(reason)"
    case .recordFailed(let reason): "cannot record the replay: \(reason)"
    }
  }
}

@available(*, deprecated, renamed: "TrainingError")
public typealias EnvironmentError = TrainingError
