@testable import AsteroidsGame
import GameCore
import Testing

/// The game driven by the replay code: recording a bot's game and replaying it in-process.
@Suite struct SimulationReplayTests {
  static func record(seed: UInt64, ticks: Int) throws -> (bytes: [UInt8], hash: UInt64) {
    let settings = AsteroidsSettings(startsAtTitle: false)
    let simulation = Simulation<Asteroids>(seed: seed, settings: settings)
    var bot = try Bot(name: "ace", seed: seed)
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: Asteroids.self, seed: seed, settings: settings, tickRate: 64), sink: sink)
    for _ in 0..<ticks {
      let input = bot.input(for: simulation.state)
      simulation.step(input)
      try recorder.record(input, after: simulation.state)
    }
    let hash = try recorder.finish(state: simulation.state)
    return (sink.bytes, hash)
  }

  @Test func aRecordedBotGameReplaysToTheSameHash() throws {
    let (bytes, hash) = try Self.record(seed: 99, ticks: 3000)
    let outcome = try ReplayPlayer<Simulation<Asteroids>>.play(bytes, verify: true)
    #expect(outcome.finalHash == hash)
    #expect(outcome.verified)
  }

  @Test func twoRunsOfOneSeedGiveIdenticalFiles() throws {
    #expect(try Self.record(seed: 5, ticks: 2000).bytes == Self.record(seed: 5, ticks: 2000).bytes)
  }

  @Test func aChangedInputIsReportedWithTheGameSectionsItChanged() throws {
    let (bytes, _) = try Self.record(seed: 12, ticks: 3000)
    var reader = try ReplayReader(bytes: bytes)
    var chunks: [ReplayChunk] = []
    while let chunk = try reader.nextChunk() { chunks.append(chunk) }
    guard case .complete(let end) = reader.ending else { throw ReplayError.truncated(atOffset: 0) }
    // Hold thrust for the whole of the second chunk's first run: the ship moves differently.
    chunks[1].runs[0].input.formSymmetricDifference(.thrust)
    var encoder = ReplayEncoder(header: reader.header)
    var tampered = encoder.headerRecord()
    for chunk in chunks { tampered += encoder.chunkRecord(chunk) }
    tampered += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)

    let outcome = try ReplayPlayer<Simulation<Asteroids>>.play(tampered, verify: true)
    let report = try #require(outcome.desync)
    #expect(report.firstDivergentTick > 1024 && report.firstDivergentTick <= 1024 + 64)
    #expect(report.sections.map(\.name).contains("ship"))
    #expect(report.description.contains("ship.position"))
  }

  @Test func aHeaderWithBadSettingsIsRefused() {
    var encoder = ReplayEncoder(
      header: ReplayHeader(
        gameID: Asteroids.id, gameVersion: Asteroids.version, inputBits: 6, tickRate: 64, seed: 1,
        settings: [9]))
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    #expect(throws: ReplayError.self) { try ReplayPlayer<Simulation<Asteroids>>.play(bytes, verify: true) }
  }
}
