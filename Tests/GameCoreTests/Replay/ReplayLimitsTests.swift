import TestGames
import Testing

@testable import GameCore

/// A replay is a file somebody sent you: bounded reads, bounded work, refusal before
/// simulating.
@Suite struct ReplayLimitsTests {
  /// A file made by the project's own encoder, every CRC valid, that asks for `chunks` chunks
  /// of `ticks` ticks each with nothing held: a replay bomb when the product is large.
  static func bomb(chunks: Int, ticks: Int) -> [UInt8] {
    var header = ReplayHeader(game: TallyGame.self, seed: 1, settings: .headless)
    header.checkpointInterval = 4_096  // the longest interval: the smallest records
    var encoder = ReplayEncoder(header: header)
    var bytes = encoder.headerRecord()
    for index in 0..<chunks {
      let checkpoints = ReplayChunk.checkpointTicks(
        firstTick: index * ticks, count: ticks, interval: 4_096
      ).map { ReplayChunk.Checkpoint(tick: $0, hash: 0) }
      bytes += encoder.chunkRecord(
        ReplayChunk(
          firstTick: index * ticks, runs: [InputRun([], length: ticks)],
          checkpoints: Array(checkpoints), sectionHashes: []))
    }
    bytes += encoder.endRecord(finalHash: 0, sectionHashes: [])
    return bytes
  }

  @Test func aFileAskingForMoreTicksThanTheLimitIsRefusedBeforeAnyTickRuns() throws {
    let bytes = Self.bomb(chunks: 200, ticks: 65_536)
    #expect(bytes.count < 64 * 1_024)
    // Refused by reading, not by playing: `progress` is told after every chunk played, and
    // hears of none.
    var chunksPlayed = 0
    #expect(throws: ReplayError.tooMuchWork(ticks: 200 * 65_536, workPerTick: 1, limit: 5_529_600)) {
      try TallyGame.playReplay(bytes, verify: true, allowPartial: false) { _, _ in
        chunksPlayed += 1
      }
    }
    #expect(chunksPlayed == 0)
  }

  @Test func theLimitIsOverridable() throws {
    let bytes = Self.bomb(chunks: 2, ticks: 1_000)
    #expect(throws: ReplayError.tooMuchWork(ticks: 2_000, workPerTick: 1, limit: 1_999)) {
      try TallyGame.playReplay(
        bytes, verify: false, allowPartial: false,
        limits: ReplayLimits(maxBytes: .max, maxTicks: 1_999), progress: nil)
    }
    var chunksPlayed = 0
    let outcome = try TallyGame.playReplay(
      bytes, verify: false, allowPartial: false,
      limits: ReplayLimits(maxBytes: .max, maxTicks: 2_000)
    ) { _, _ in chunksPlayed += 1 }
    #expect(outcome.ticks == 2_000)
    #expect(chunksPlayed == 2)
  }

  @Test func stressSettingsCountAsMoreWork() {
    var settings = TallyGame.Settings()
    settings.step = 9
    let header = ReplayHeader(game: TallyGame.self, seed: 1, settings: settings)
    #expect(Simulation<TallyGame>.workPerTick(for: header) == 5)
  }

  @Test func verificationStopsAtTheChunkOfTheFirstDivergenceUnlessAskedToGoOn() throws {
    // A real recording, then the same inputs with one tick changed in the first chunk.
    let (bytes, _) = try GameTests.record(seed: 5, ticks: 5_000, inputs: GameTests.twoPlayers)
    var reader = try ReplayReader(bytes: bytes)
    var chunks: [ReplayChunk] = []
    while let chunk = try reader.nextChunk() { chunks.append(chunk) }
    guard case .complete(let end) = reader.ending else {
      Issue.record("no end record")
      return
    }
    chunks[0].runs[0].input.formSymmetricDifference(.add)
    var encoder = ReplayEncoder(header: reader.header)
    var tampered = encoder.headerRecord()
    for chunk in chunks { tampered += encoder.chunkRecord(chunk) }
    tampered += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
    let stopped = try TallyGame.playReplay(tampered, verify: true, allowPartial: false, progress: nil)
    #expect(!stopped.verified)
    #expect(stopped.ticks == chunks[0].tickCount, "stopped at the end of the first chunk")
    let full = try TallyGame.playReplay(
      tampered, verify: true, allowPartial: false,
      limits: ReplayLimits(maxBytes: .max, maxTicks: .max, stopAtDivergence: false), progress: nil)
    #expect(full.ticks == 5_000)
    #expect(full.desync?.firstDivergentTick == stopped.desync?.firstDivergentTick)
  }
}
