import GameCore

/// A batch of environments of a game known by its id: what the C library holds.
///
/// ``TrainingBatch`` conforms; its hot loops stay specialised for its game (they are
/// ``TrainableGame`` requirements), so calling through this protocol costs one dynamic call
/// per batch call, not per environment.
public protocol AnyTrainingBatch: AnyObject, Sendable {
  /// Environments in the batch.
  var count: Int { get }
  /// Agents, action repeat, time limit, autoreset.
  var configuration: TrainingConfiguration { get }
  /// Agents per environment.
  var agentCount: Int { get }
  /// Floats in one agent's observation.
  var observationLength: Int { get }
  /// Each agent's number of choices.
  var actionCounts: [Int] { get }
  /// Axis values an agent has in an axes buffer (``TrainingBatch/axisSlots``).
  var axisSlots: Int { get }
  /// Steps after which an episode is truncated.
  var timeLimit: Int { get }
  /// Whether the batch has been reset.
  var isReset: Bool { get }
  /// Counters each agent reports (``TrainingBatch/counterCount``).
  var counterCount: Int { get }

  /// ``TrainingBatch/reset(seeds:buffers:workers:)``.
  func reset(
    seeds: UnsafePointer<UInt64>, buffers: TrainingBuffers, workers: TrainingWorkers?)
  /// ``TrainingBatch/step(actions:buffers:workers:)``.
  func step(
    actions: UnsafePointer<Int32>, buffers: TrainingBuffers, workers: TrainingWorkers?)
    throws(TrainingError)
  /// ``TrainingBatch/observation(_:into:)``.
  func observation(_ index: Int, into buffer: UnsafeMutablePointer<Float>) throws(TrainingError)
  /// ``TrainingBatch/counters(_:into:)``.
  func counters(_ index: Int, into buffer: UnsafeMutablePointer<Int64>) throws(TrainingError)
  /// ``TrainingBatch/nextSeed(_:)``.
  func nextSeed(_ index: Int) throws(TrainingError) -> UInt64
  /// ``TrainingBatch/stateHash(_:)``.
  func stateHash(_ index: Int) throws(TrainingError) -> UInt64
  /// ``TrainingBatch/saveState(_:)``.
  func saveState(_ index: Int) throws(TrainingError) -> [UInt8]
  /// ``TrainingBatch/loadState(_:from:)``.
  func loadState(_ index: Int, from bytes: [UInt8]) throws(TrainingError)
  /// ``TrainingBatch/erasedSnapshot(_:)``.
  func erasedSnapshot(_ index: Int) throws(TrainingError) -> any AnyTrainingSnapshot
  /// ``TrainingBatch/restore(_:from:)``.
  func restore(_ index: Int, from snapshot: any AnyTrainingSnapshot) throws(TrainingError)
  /// ``TrainingBatch/record(_:path:)``.
  @discardableResult
  func record(_ index: Int, path: String) throws(TrainingError) -> UInt64
}

extension TrainingBatch: AnyTrainingBatch {}

extension TrainableGame {
  /// A batch of `count` environments of this game, behind ``AnyTrainingBatch``.
  public static func makeTrainingBatch(
    count: Int, configuration: TrainingConfiguration
  ) throws(TrainingError) -> any AnyTrainingBatch {
    try TrainingBatch<Self>(count: count, configuration: configuration)
  }
}

@available(*, deprecated, renamed: "AnyTrainingBatch")
public typealias AnyEnvironmentBatch = AnyTrainingBatch

extension TrainableGame {
  @available(*, deprecated, renamed: "makeTrainingBatch(count:configuration:)")
  public static func makeEnvironmentBatch(
    count: Int, configuration: TrainingConfiguration
  ) throws(TrainingError) -> any AnyTrainingBatch {
    try makeTrainingBatch(count: count, configuration: configuration)
  }
}
