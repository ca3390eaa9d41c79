/// A snapshot of an environment of a game known by its id: what the C library holds.
public protocol AnyTrainingSnapshot: Sendable {
  /// The id of the snapshot's game.
  var gameID: String { get }
  /// Agents of the batch it was taken from.
  var agentCount: Int { get }
  /// Action repeat of the batch it was taken from.
  var actionRepeat: Int { get }
  /// Whether that batch kept the episode's inputs (saving and recording need them).
  var keepsHistory: Bool { get }
  /// The stable hash of the snapshot's state.
  var stateHash: UInt64 { get }
  /// ``TrainingSnapshot/saveState()``.
  func saveState() throws(TrainingError) -> [UInt8]
}

@available(*, deprecated, renamed: "AnyTrainingSnapshot")
public typealias AnyEnvironmentSnapshot = AnyTrainingSnapshot
