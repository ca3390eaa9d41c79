import TestGames
import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct TrainingStateTests {
  typealias Batch = TrainingBatch<TallyGame>

  func played(steps: Int, players: Int = 1) throws -> (Batch, TallyBuffers) {
    let batch = try Batch(count: 3, configuration: .init(players: players, actionRepeat: 3))
    let buffers = TallyBuffers(count: 3, players: players)
    batch.reset(seeds: [11, 12, 13], buffers)
    var random = SplitMix64(seed: 1)
    for _ in 0..<steps {
      try batch.step((0..<3 * players).map { _ in Int32(random.next() % 2) }, buffers)
    }
    return (batch, buffers)
  }

  @Test func aSavedStateRestoresTheSameStateAndContinuesIdentically() throws {
    let (batch, buffers) = try played(steps: 9, players: 2)
    let saved = try batch.saveState(1)
    let other = try Batch(count: 3, configuration: .init(players: 2, actionRepeat: 3))
    other.reset(seeds: [1, 2, 3], TallyBuffers(count: 3, players: 2))
    try other.loadState(2, from: saved)
    #expect(other.state(2) == batch.state(1))
    #expect(try other.stateHash(2) == batch.stateHash(1))
    #expect(try other.saveState(2) == saved)
    let otherBuffers = TallyBuffers(count: 3, players: 2)
    for _ in 0..<30 {
      try batch.step([0, 0, 1, 0, 0, 0], buffers)
      try other.step([0, 0, 0, 0, 1, 0], otherBuffers)
      #expect(otherBuffers.rewards[4] == buffers.rewards[2])
      #expect(other.state(2) == batch.state(1))
    }
  }

  @Test func aRecordedEpisodeVerifiesToTheStateHash() throws {
    let (batch, _) = try played(steps: 7)
    let sink = MemoryReplaySink()
    let hash = try batch.record(0, to: sink)
    #expect(hash == (try batch.stateHash(0)))
    let outcome = try ReplayPlayer<Simulation<TallyGame>>.play(sink.bytes, verify: true)
    #expect(outcome.verified && outcome.finalHash == hash && outcome.ticks == 21)
  }

  @Test func damagedBytesAreRefusedAndChangeNothing() throws {
    let (batch, _) = try played(steps: 5)
    let saved = try batch.saveState(0)
    let before = batch.state(2)
    for index in saved.indices {
      var damaged = saved
      damaged[index] ^= 0x41
      #expect(throws: TrainingError.self) { try batch.loadState(2, from: damaged) }
    }
    for length in 0..<saved.count {
      #expect(throws: TrainingError.self) { try batch.loadState(2, from: Array(saved[..<length])) }
    }
    #expect(batch.state(2) == before)
  }

  @Test func aStateFromAnotherBatchShapeOrRulesVersionIsRefused() throws {
    let (batch, _) = try played(steps: 5)
    let saved = try batch.saveState(0)
    let twoPlayers = try Batch(count: 1, configuration: .init(players: 2, actionRepeat: 3))
    #expect(throws: TrainingError.badState("it was saved with 1 agents; this batch has 2")) {
      try twoPlayers.loadState(0, from: saved)
    }
    let noRepeat = try Batch(count: 1, configuration: .init())
    #expect(throws: TrainingError.self) { try noRepeat.loadState(0, from: saved) }
    // The same bytes with the replay's rules version bumped, every checksum recomputed.
    let bumped = try rewrap(saved) { $0.gameVersion += 1 }
    #expect(
      throws: TrainingError.badState(
        "\(ReplayError.gameVersionMismatch(found: TallyGame.version + 1, expected: TallyGame.version))"
      )
    ) { try batch.loadState(2, from: bumped) }
    let renamed = try rewrap(saved) { $0.gameID = "pong" }
    #expect(throws: TrainingError.self) { try batch.loadState(2, from: renamed) }
    #expect(throws: TrainingError.badIndex(3, count: 3)) { try batch.loadState(3, from: saved) }
  }

  @Test func savingNeedsHistoryAndAReset() throws {
    let batch = try Batch(count: 1, configuration: .init(keepsHistory: false))
    #expect(throws: TrainingError.notReset) { try batch.saveState(0) }
    batch.reset(seeds: [1], TallyBuffers(count: 1))
    #expect(throws: TrainingError.noHistory) { try batch.saveState(0) }
  }

  /// `saved` with its replay's header changed and every checksum made valid again.
  func rewrap(_ saved: [UInt8], _ change: (inout ReplayHeader) -> Void) throws -> [UInt8] {
    var reader = ByteReader(saved, from: 4, end: saved.count - 4)
    _ = try reader.u16()
    _ = try reader.u8()
    _ = try reader.u16()
    _ = try reader.varint("", limit: .max)
    _ = try reader.varint("", limit: .max)
    _ = try reader.u8()
    _ = try reader.u64()
    let prefixEnd = reader.offset
    let length = try reader.varint("", limit: .max)
    let replay = Array(try reader.take(length))
    var replayReader = try ReplayReader(bytes: replay)
    var header = replayReader.header
    change(&header)
    var encoder = ReplayEncoder(header: header)
    var bytes = encoder.headerRecord()
    while let chunk = try replayReader.nextChunk() { bytes += encoder.chunkRecord(chunk) }
    guard case .complete(let end) = replayReader.ending else { throw TrainingError.notReset }
    bytes += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
    var writer = ByteWriter()
    writer.append(Array(saved[..<prefixEnd]))
    writer.varint(bytes.count)
    writer.append(bytes)
    writer.u32(CRC32.checksum(writer.bytes[...]))
    return writer.bytes
  }
}
