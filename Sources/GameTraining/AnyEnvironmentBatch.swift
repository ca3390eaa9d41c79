import GameCore

/// A batch of environments of a game known by its id: what the C library holds.
///
/// ``EnvironmentBatch`` conforms; its hot loops stay specialised for its game (they are
/// ``TrainableGame`` requirements), so calling through this protocol costs one dynamic call
/// per batch call, not per environment.
public protocol AnyEnvironmentBatch: AnyObject, Sendable {
  /// Environments in the batch.
  var count: Int { get }
  /// Agents, action repeat, time limit, autoreset.
  var configuration: EnvironmentConfiguration { get }
  /// Agents per environment.
  var agentCount: Int { get }
  /// Floats in one agent's observation.
  var observationLength: Int { get }
  /// Each agent's number of choices.
  var actionCounts: [Int] { get }
  /// Axis values an agent has in an axes buffer (``EnvironmentBatch/axisSlots``).
  var axisSlots: Int { get }
  /// Steps after which an episode is truncated.
  var timeLimit: Int { get }
  /// Whether the batch has been reset.
  var isReset: Bool { get }

  /// ``EnvironmentBatch/reset(seeds:buffers:workers:)``.
  func reset(
    seeds: UnsafePointer<UInt64>, buffers: EnvironmentBuffers, workers: EnvironmentWorkers?)
  /// ``EnvironmentBatch/step(actions:buffers:workers:)``.
  func step(
    actions: UnsafePointer<Int32>, buffers: EnvironmentBuffers, workers: EnvironmentWorkers?)
    throws(EnvironmentError)
  /// ``EnvironmentBatch/observation(_:into:)``.
  func observation(_ index: Int, into buffer: UnsafeMutablePointer<Float>) throws(EnvironmentError)
  /// ``EnvironmentBatch/stateHash(_:)``.
  func stateHash(_ index: Int) throws(EnvironmentError) -> UInt64
  /// ``EnvironmentBatch/saveState(_:)``.
  func saveState(_ index: Int) throws(EnvironmentError) -> [UInt8]
  /// ``EnvironmentBatch/loadState(_:from:)``.
  func loadState(_ index: Int, from bytes: [UInt8]) throws(EnvironmentError)
  /// ``EnvironmentBatch/erasedSnapshot(_:)``.
  func erasedSnapshot(_ index: Int) throws(EnvironmentError) -> any AnyEnvironmentSnapshot
  /// ``EnvironmentBatch/restore(_:from:)``.
  func restore(_ index: Int, from snapshot: any AnyEnvironmentSnapshot) throws(EnvironmentError)
  /// ``EnvironmentBatch/record(_:path:)``.
  @discardableResult
  func record(_ index: Int, path: String) throws(EnvironmentError) -> UInt64
}

extension EnvironmentBatch: AnyEnvironmentBatch {}

extension TrainableGame {
  /// A batch of `count` environments of this game, behind ``AnyEnvironmentBatch``.
  public static func makeEnvironmentBatch(
    count: Int, configuration: EnvironmentConfiguration
  ) throws(EnvironmentError) -> any AnyEnvironmentBatch {
    try EnvironmentBatch<Self>(count: count, configuration: configuration)
  }
}
