import TestGames
import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct TrainingBatchSnapshotTests {
  typealias Batch = TrainingBatch<TallyGame>

  /// A batch of three, two agents, action repeat 3, played `steps` seeded random steps.
  func played(
    steps: Int, players: Int = 2, configuration: TrainingConfiguration? = nil
  ) throws -> (Batch, TallyBuffers) {
    let batch = try Batch(
      count: 3, configuration: configuration ?? .init(players: players, actionRepeat: 3))
    let buffers = TallyBuffers(count: 3, players: batch.agentCount)
    batch.reset(seeds: [11, 12, 13], buffers)
    var random = SplitMix64(seed: 1)
    for _ in 0..<steps {
      try batch.step((0..<3 * batch.agentCount).map { _ in Int32(random.next() % 2) }, buffers)
    }
    return (batch, buffers)
  }

  /// What environment `index` of `batch` gives over `steps` seeded random steps (every
  /// environment moving): its observations, rewards, flags and state hash after each.
  func continuation(
    _ batch: Batch, _ index: Int, steps: Int, seed: UInt64 = 5
  ) throws -> [String] {
    let players = batch.agentCount
    let buffers = TallyBuffers(count: batch.count, players: players)
    // Environment `index` takes the same actions whatever its batch and its place in it.
    var random = SplitMix64(seed: seed)
    var others = SplitMix64(seed: seed + 1)
    var trace: [String] = []
    let features = TallyGame.featureCount
    for _ in 0..<steps {
      var actions = (0..<batch.count * players).map { _ in Int32(others.next() % 2) }
      for player in 0..<players { actions[index * players + player] = Int32(random.next() % 2) }
      try batch.step(actions, buffers)
      let agents = (index * players)..<((index + 1) * players)
      let observations = buffers.observations[
        (agents.lowerBound * features)..<(agents.upperBound * features)]
      let rewards = buffers.rewards[agents]
      trace.append(
        "\(observations.map(\.bitPattern)) \(rewards.map(\.bitPattern)) "
          + "\(buffers.terminated[index]) \(buffers.truncated[index]) \(try batch.stateHash(index))"
      )
    }
    return trace
  }

  @Test func aRestoredEnvironmentContinuesBitForBitAsTheOriginalDid() throws {
    let (batch, _) = try played(steps: 9)
    let snapshot = try batch.snapshot(1)
    // 60 steps cross the end of an episode (the tally's time limit is 50): autoreset too.
    let original = try continuation(batch, 1, steps: 60)
    #expect(batch.state(1) != snapshot.state)
    try batch.restore(1, from: snapshot)
    #expect(batch.state(1) == snapshot.state)
    #expect(try continuation(batch, 1, steps: 60) == original)
  }

  @Test func aSnapshotRestoresIntoAnotherEnvironmentOfAnotherBatch() throws {
    let (batch, _) = try played(steps: 12)
    let snapshot = try batch.snapshot(0)
    let hash = try batch.stateHash(0)
    let original = try continuation(batch, 0, steps: 60)
    let other = try Batch(count: 3, configuration: .init(players: 2, actionRepeat: 3))
    other.reset(seeds: [1, 2, 3], TallyBuffers(count: 3, players: 2))
    try other.restore(2, from: snapshot)
    #expect(try other.stateHash(2) == hash && other.episode(2).steps == 12)
    #expect(try continuation(other, 2, steps: 60) == original)
    // A batch of one needs no reset after a restore.
    let single = try Batch(count: 1, configuration: .init(players: 2, actionRepeat: 3))
    #expect(!single.isReset)
    try single.restore(0, from: snapshot)
    #expect(single.isReset)
    #expect(try continuation(single, 0, steps: 60) == original)
  }

  @Test func aSnapshotStaysAsTakenWhileItsEnvironmentMovesOn() throws {
    let (batch, buffers) = try played(steps: 4)
    let snapshot = try batch.snapshot(2)
    let state = batch.state(2)
    for _ in 0..<20 { try batch.step([1, 0, 1, 0, 1, 0], buffers) }
    #expect(snapshot.state == state && snapshot.episode.steps == 4)
    try batch.restore(2, from: snapshot)
    try batch.restore(2, from: snapshot)
    #expect(batch.state(2) == state && batch.episode(2).steps == 4)
  }

  @Test func savingAndRecordingAfterARestoreGiveWhatTheOriginalGave() throws {
    let (batch, buffers) = try played(steps: 10)
    let snapshot = try batch.snapshot(1)
    #expect(try snapshot.saveState() == batch.saveState(1))
    for _ in 0..<7 { try batch.step([1, 1, 0, 1, 1, 0], buffers) }
    let saved = try batch.saveState(1)
    let sink = MemoryReplaySink()
    let hash = try batch.record(1, to: sink)
    let other = try Batch(count: 1, configuration: .init(players: 2, actionRepeat: 3))
    try other.restore(0, from: snapshot)
    let otherBuffers = TallyBuffers(count: 1, players: 2)
    for _ in 0..<7 { try other.step([0, 1], otherBuffers) }
    #expect(try other.saveState(0) == saved)
    let otherSink = MemoryReplaySink()
    #expect(try other.record(0, to: otherSink) == hash)
    let outcome = try ReplayPlayer<Simulation<TallyGame>>.play(otherSink.bytes, verify: true)
    #expect(outcome.verified && outcome.finalHash == hash && otherSink.bytes == sink.bytes)
  }

  @Test func snapshotsTakenFromRestoredSnapshotsKeepTheWholeHistory() throws {
    // A search's path: restore the last snapshot, step, snapshot again, far past the
    // segments' most links; a batch that just stepped must save the same bytes.
    let configuration = TrainingConfiguration(players: 2, actionRepeat: 3, timeLimit: 10_000)
    let straight = try Batch(count: 1, configuration: configuration)
    let path = try Batch(count: 2, configuration: configuration)
    let straightBuffers = TallyBuffers(count: 1, players: 2)
    let pathBuffers = TallyBuffers(count: 2, players: 2)
    straight.reset(seeds: [4], straightBuffers)
    path.reset(seeds: [4, 5], pathBuffers)
    var snapshot = try path.snapshot(0)
    var siblings: [TrainingSnapshot<TallyGame>] = []
    for step in 0..<(3 * InputSegment.maxDepth) {
      let actions: [Int32] = [Int32(step % 2), Int32(step / 2 % 2)]
      try path.restore(1, from: snapshot)
      try path.step([0, 1] + actions, pathBuffers)
      try straight.step(actions, straightBuffers)
      siblings.append(try path.snapshot(1))
      snapshot = siblings[siblings.count - 1]
    }
    #expect(path.inputs(1) == straight.inputs(0))
    // Snapshots of an environment that only steps freeze its inputs; it still saves them all.
    let frozen = try Batch(count: 1, configuration: configuration)
    frozen.reset(seeds: [4], straightBuffers)
    for step in 0..<(3 * InputSegment.maxDepth) {
      try frozen.step([Int32(step % 2), Int32(step / 2 % 2)], straightBuffers)
      _ = try frozen.snapshot(0)
    }
    #expect(try frozen.saveState(0) == straight.saveState(0))
    #expect(try path.saveState(1) == straight.saveState(0))
    #expect(try snapshot.saveState() == straight.saveState(0))
    // Every snapshot on the path still holds its own history.
    let middle = siblings[40]
    try path.restore(0, from: middle)
    #expect(path.inputs(0) == Array(straight.inputs(0)[0...40]))
  }

  @Test func aSnapshotOfAnotherShapeSettingsOrGameIsRefusedAndChangesNothing() throws {
    let (batch, _) = try played(steps: 5)
    let before = batch.state(0)
    let (one, _) = try played(steps: 5, players: 1)
    #expect(
      throws: TrainingError.badState("the snapshot was taken with 1 agents; this batch has 2")
    ) {
      try batch.restore(0, from: try one.snapshot(0))
    }
    let (fast, _) = try played(steps: 5, configuration: .init(players: 2, actionRepeat: 1))
    #expect(
      throws: TrainingError.badState(
        "the snapshot was taken with action repeat 1; this batch has 3")
    ) { try batch.restore(0, from: try fast.snapshot(0)) }
    let (stepped, _) = try played(
      steps: 5,
      configuration: .init(players: 2, actionRepeat: 3, settings: [.init("step", "2")]))
    #expect(throws: TrainingError.badState("the snapshot was taken under other settings of tally"))
    {
      try batch.restore(0, from: try stepped.snapshot(0))
    }
    let (forgetful, _) = try played(
      steps: 5, configuration: .init(players: 2, actionRepeat: 3, keepsHistory: false))
    #expect(
      throws: TrainingError.badState(
        "the snapshot was taken from a batch that keeps no history; this one keeps it")
    ) { try batch.restore(0, from: try forgetful.snapshot(0)) }
    #expect(throws: TrainingError.badState("the snapshot is of chess; this batch plays tally")) {
      try batch.restore(0, from: ForeignSnapshot())
    }
    #expect(throws: TrainingError.badIndex(3, count: 3)) {
      try batch.restore(3, from: try batch.snapshot(1))
    }
    #expect(batch.state(0) == before)
  }

  @Test func snapshotsNeedAResetAndAnIndexButNoHistory() throws {
    let fresh = try Batch(count: 2, configuration: .init())
    #expect(throws: TrainingError.notReset) { try fresh.snapshot(0) }
    let (forgetful, _) = try played(
      steps: 5, configuration: .init(players: 2, actionRepeat: 3, keepsHistory: false))
    #expect(throws: TrainingError.badIndex(-1, count: 3)) { try forgetful.snapshot(-1) }
    let snapshot = try forgetful.snapshot(1)
    #expect(throws: TrainingError.noHistory) { try snapshot.saveState() }
    let original = try continuation(forgetful, 1, steps: 30)
    try forgetful.restore(1, from: snapshot)
    #expect(try continuation(forgetful, 1, steps: 30) == original)
  }

  @Test func theErasedCallsAreTheTypedOnes() throws {
    let (batch, _) = try played(steps: 6)
    let erased: any AnyTrainingBatch = batch
    let snapshot = try erased.erasedSnapshot(0)
    #expect(snapshot.gameID == "tally" && snapshot.agentCount == 2 && snapshot.actionRepeat == 3)
    #expect(snapshot.stateHash == (try batch.stateHash(0)) && snapshot.keepsHistory)
    #expect(try snapshot.saveState() == batch.saveState(0))
    let state = batch.state(0)
    _ = try continuation(batch, 0, steps: 3)
    try erased.restore(0, from: snapshot)
    #expect(batch.state(0) == state)
  }
}

/// A snapshot of a game this batch does not play.
private struct ForeignSnapshot: AnyTrainingSnapshot {
  var gameID: String { "chess" }
  var agentCount: Int { 2 }
  var actionRepeat: Int { 3 }
  var keepsHistory: Bool { true }
  var stateHash: UInt64 { 0 }
  func saveState() throws(TrainingError) -> [UInt8] { [] }
}
