import LockstepGames
import Testing

@testable import GameTrainingLibrary

/// The snapshot entry points called as C would call them. Serialized: one test counts the
/// snapshots alive in the process.
@Suite(.serialized) struct SnapshotEntryPointTests {
  init() { lockstep_register() }

  /// A batch opened through the C functions, with buffers of its own.
  final class Opened {
    let handle: Int64
    let count: Int
    let players: Int
    let features: Int
    let observations: UnsafeMutablePointer<Float>
    let rewards: UnsafeMutablePointer<Float>
    let flags: UnsafeMutablePointer<UInt8>

    init(
      _ game: String, count: Int, players: Int = 1, actionRepeat: Int32 = 1,
      keepsHistory: Int32 = 1, timeLimit: Int64 = 0
    ) throws {
      var handle: Int64 = 0
      try #require(
        lockstep_create(
          game, Int64(count), Int32(players), actionRepeat, timeLimit, 0, keepsHistory, 1, nil,
          nil, &handle, nil, 0) == 0)
      self.handle = handle
      self.count = count
      self.players = players
      features = try #require(TrainingLibrary.games.first { $0.id == game }).featureCount
      observations = .allocate(capacity: count * players * features)
      rewards = .allocate(capacity: count * players)
      flags = .allocate(capacity: 2 * count)
      let agents = Int64(count * players)
      try #require(
        lockstep_set_buffers(
          handle, observations, agents * Int64(features), rewards, agents, flags, Int64(count),
          flags + count, Int64(count), nil, 0, nil, 0) == 0)
    }

    deinit {
      _ = lockstep_close(handle, nil, 0)
      observations.deallocate()
      rewards.deallocate()
      flags.deallocate()
    }

    func reset(_ seeds: [UInt64]) throws {
      var seeds = seeds
      try #require(lockstep_reset(handle, &seeds, Int64(count), nil, 0) == 0)
    }

    /// Steps with `actions` and returns what environment `index` got, as bits: observations,
    /// rewards, flags, state hash.
    func step(_ actions: [Int32], tracing index: Int) throws -> [UInt64] {
      var actions = actions
      try #require(lockstep_step(handle, &actions, Int64(actions.count), nil, 0) == 0)
      let length = players * features
      var out = (0..<length).map { UInt64(observations[index * length + $0].bitPattern) }
      out += (0..<players).map { UInt64(rewards[index * players + $0].bitPattern) }
      out += [UInt64(flags[index]), UInt64(flags[count + index])]
      var hash: UInt64 = 0
      try #require(lockstep_state_hash(handle, Int64(index), &hash, nil, 0) == 0)
      return out + [hash]
    }

    func snapshot(_ index: Int) throws -> Int64 {
      var id: Int64 = 0
      try #require(lockstep_snapshot(handle, Int64(index), &id, nil, 0) == 0)
      return id
    }

    func saved(_ index: Int) throws -> [UInt8] {
      var length: Int64 = 0
      try #require(lockstep_save_state(handle, Int64(index), &length, nil, 0) == 0)
      var bytes = [UInt8](repeating: 0, count: Int(length))
      try #require(lockstep_take_saved(handle, &bytes, length, nil, 0) == 0)
      return bytes
    }
  }

  /// The status and message of a call.
  func message(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (Int32, String) {
    var buffer = [CChar](repeating: 0, count: 256)
    let status = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    let text = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (status, text)
  }

  /// A snapshot's bytes through `lockstep_snapshot_save`: the length first, then the bytes.
  func snapshotBytes(_ id: Int64) throws -> [UInt8] {
    var length: Int64 = 0
    try #require(
      lockstep_snapshot_save(id, nil, 0, &length, nil, 0) == Status.bufferTooSmall.rawValue)
    var bytes = [UInt8](repeating: 0, count: Int(length))
    try #require(lockstep_snapshot_save(id, &bytes, length, &length, nil, 0) == 0)
    return bytes
  }

  @Test(arguments: ["pong", "asteroids", "blocks"])
  func aRestoredEnvironmentGoesOnBitForBitAsTheOriginalDid(game: String) throws {
    let batch = try Opened(game, count: 2, players: 1, actionRepeat: 2)
    try batch.reset([7, 8])
    let choices = try #require(TrainingLibrary.games.first { $0.id == game })
      .actions(forPlayer: 0).count
    var random = UInt64(3)
    func actions() -> [Int32] {
      (0..<2).map { _ in
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int32((random >> 33) % UInt64(choices))
      }
    }
    for _ in 0..<150 { _ = try batch.step(actions(), tracing: 1) }
    let snapshot = try batch.snapshot(1)
    defer { _ = lockstep_snapshot_free(snapshot, nil, 0) }
    #expect(try snapshotBytes(snapshot) == batch.saved(1))
    var played: [([Int32], [UInt64])] = []
    for _ in 0..<150 {
      let step = actions()
      played.append((step, try batch.step(step, tracing: 1)))
    }
    try #require(lockstep_restore(batch.handle, 1, snapshot, nil, 0) == 0)
    for (step, trace) in played { #expect(try batch.step(step, tracing: 1) == trace) }
    let single = try Opened(game, count: 1, players: 1, actionRepeat: 2)
    try #require(lockstep_restore(single.handle, 0, snapshot, nil, 0) == 0)
    for (step, trace) in played { #expect(try single.step([step[1]], tracing: 0) == trace) }
    #expect(try single.saved(0) == batch.saved(1))
  }

  @Test func aRestoreOrALoadWritesTheEnvironmentIntoTheCallersBuffersAsAResetWould() throws {
    let batch = try Opened("pong", count: 2, timeLimit: 5)
    try batch.reset([1, 2])
    let features = batch.features
    func observation(_ index: Int) -> [Float] {
      (0..<features).map { batch.observations[index * features + $0] }
    }
    // The caller's buffers as a step left them, made unmistakable for env 1.
    func scribble() {
      for offset in 0..<features { batch.observations[features + offset] = -7 }
      batch.rewards[1] = 5
      batch.flags[1] = 1
      batch.flags[batch.count + 1] = 1
    }
    _ = try batch.step([1, 1], tracing: 1)
    let middle = try batch.snapshot(1)
    defer { _ = lockstep_snapshot_free(middle, nil, 0) }
    let middleBytes = try batch.saved(1)
    let middleObservation = observation(1)
    for _ in 0..<4 { _ = try batch.step([2, 2], tracing: 1) }
    #expect(batch.flags[batch.count + 1] == 1)  // the time limit cut both episodes
    let ended = try batch.snapshot(1)
    defer { _ = lockstep_snapshot_free(ended, nil, 0) }
    let untouched = observation(0)

    scribble()
    try #require(lockstep_restore(batch.handle, 1, middle, nil, 0) == 0)
    #expect(observation(1) == middleObservation)
    #expect(batch.rewards[1] == 0 && batch.flags[1] == 0 && batch.flags[batch.count + 1] == 0)
    #expect(observation(0) == untouched && batch.flags[batch.count] == 1)

    scribble()
    let length = Int64(middleBytes.count)
    try #require(lockstep_load_state(batch.handle, 1, middleBytes, length, nil, 0) == 0)
    #expect(observation(1) == middleObservation)
    #expect(batch.rewards[1] == 0 && batch.flags[1] == 0 && batch.flags[batch.count + 1] == 0)

    try #require(lockstep_restore(batch.handle, 1, ended, nil, 0) == 0)
    #expect(batch.flags[1] == 0 && batch.flags[batch.count + 1] == 1)
  }

  @Test func unknownFreedAndForeignSnapshotsAreStatusCodesWithMessages() throws {
    let pong = try Opened("pong", count: 2)
    let (early, why) = message { lockstep_snapshot(pong.handle, 0, nil, $0, $1) }
    #expect(early == Status.badArgument.rawValue && why == "the snapshot pointer must not be null")
    var id: Int64 = 0
    let (notReset, order) = message { lockstep_snapshot(pong.handle, 0, &id, $0, $1) }
    #expect(notReset == Status.badOrder.rawValue && order.hasPrefix("snapshot before reset"))
    try pong.reset([1, 2])
    let (badIndex, range) = message { lockstep_snapshot(pong.handle, 2, &id, $0, $1) }
    #expect(badIndex == Status.badArgument.rawValue && range.contains("index 2 is out of range"))
    #expect(lockstep_snapshot(-3, 0, &id, nil, 0) == Status.badHandle.rawValue)
    let snapshot = try pong.snapshot(0)
    for unknown in [0, 7, pong.handle, snapshot + 1_000_000, -1] {
      let (status, text) = message { lockstep_restore(pong.handle, 0, unknown, $0, $1) }
      #expect(status == Status.badHandle.rawValue)
      #expect(text == "snapshot \(unknown) is not one this library gave out")
      #expect(lockstep_snapshot_free(unknown, nil, 0) == Status.badHandle.rawValue)
    }
    let blocks = try Opened("blocks", count: 1)
    let (foreign, which) = message { lockstep_restore(blocks.handle, 0, snapshot, $0, $1) }
    #expect(foreign == Status.badState.rawValue)
    #expect(which == "cannot restore this state: the snapshot is of pong; this batch plays blocks")
    let repeated = try Opened("pong", count: 1, actionRepeat: 4)
    let (shape, how) = message { lockstep_restore(repeated.handle, 0, snapshot, $0, $1) }
    #expect(shape == Status.badState.rawValue && how.contains("action repeat 1; this batch has 4"))
    #expect(lockstep_restore(pong.handle, 5, snapshot, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_restore(-3, 0, snapshot, nil, 0) == Status.badHandle.rawValue)
    var length: Int64 = 0
    #expect(lockstep_snapshot_save(snapshot, nil, 0, nil, nil, 0) == Status.badArgument.rawValue)
    #expect(
      lockstep_snapshot_save(snapshot, nil, 0, &length, nil, 0) == Status.bufferTooSmall.rawValue)
    #expect(lockstep_snapshot_free(snapshot, nil, 0) == 0)
    #expect(lockstep_snapshot_free(snapshot, nil, 0) == 0)
    let (freed, gone) = message { lockstep_restore(pong.handle, 0, snapshot, $0, $1) }
    #expect(freed == Status.badHandle.rawValue)
    #expect(gone == "snapshot \(snapshot) was freed (lockstep_snapshot_free)")
    #expect(lockstep_snapshot_save(snapshot, nil, 0, &length, nil, 0) == Status.badHandle.rawValue)
    #expect(lockstep_snapshot_count(nil, nil, 0) == Status.badArgument.rawValue)
  }

  @Test func aSnapshotWithoutHistoryRestoresButHasNoBytes() throws {
    let batch = try Opened("pong", count: 1, keepsHistory: 0)
    try batch.reset([5])
    let id = try batch.snapshot(0)
    defer { _ = lockstep_snapshot_free(id, nil, 0) }
    var length: Int64 = 0
    let (status, text) = message { lockstep_snapshot_save(id, nil, 0, &length, $0, $1) }
    #expect(status == Status.badOrder.rawValue && text.contains("keeps no history"))
    let hash = try batch.step([1], tracing: 0).last
    #expect(lockstep_restore(batch.handle, 0, id, nil, 0) == 0)
    #expect(try batch.step([1], tracing: 0).last == hash)
  }

  @Test func aThousandSnapshotsFreedLeaveNothingBehind() throws {
    var before: Int64 = 0
    try #require(lockstep_snapshot_count(&before, nil, 0) == 0)
    let batch = try Opened("blocks", count: 1)
    try batch.reset([9])
    var ids: [Int64] = []
    for step in 0..<1_000 {
      if step % 10 == 0 { _ = try batch.step([Int32(step / 10 % 3)], tracing: 0) }
      ids.append(try batch.snapshot(0))
    }
    var alive: Int64 = 0
    try #require(lockstep_snapshot_count(&alive, nil, 0) == 0)
    #expect(alive == before + 1_000)
    // Numbers are never given twice, and start far from the handles'.
    #expect(ids == ids.sorted() && Set(ids).count == 1_000)
    #expect(ids[0] >= SnapshotTable.firstID)
    for id in ids { #expect(lockstep_snapshot_free(id, nil, 0) == 0) }
    try #require(lockstep_snapshot_count(&alive, nil, 0) == 0)
    #expect(alive == before)
    #expect(lockstep_restore(batch.handle, 0, ids[500], nil, 0) == Status.badHandle.rawValue)
    let fresh = try batch.snapshot(0)
    #expect(fresh > ids[999])
    #expect(lockstep_snapshot_free(fresh, nil, 0) == 0)
  }
}
