import TestGames
import Testing

@testable import GameCore

@Suite struct ReplayPlayerTests {
  /// Decodes `bytes`, lets `change` edit the chunks, and encodes them again with the original
  /// hashes: a file whose inputs no longer produce its recorded hashes.
  static func tampered(_ bytes: [UInt8], _ change: (inout [ReplayChunk]) -> Void) throws -> [UInt8]
  {
    var reader = try ReplayReader(bytes: bytes)
    var chunks: [ReplayChunk] = []
    while let chunk = try reader.nextChunk() { chunks.append(chunk) }
    guard case .complete(let end) = reader.ending else { throw ReplayError.truncated(atOffset: 0) }
    change(&chunks)
    var encoder = ReplayEncoder(header: reader.header)
    var out = encoder.headerRecord()
    for chunk in chunks { out += encoder.chunkRecord(chunk) }
    return out + encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
  }

  static func inputs() -> [TickInput] {
    var player = SyntheticPlayer(rng: 5)
    return player.inputs(3000)
  }

  @Test func anUntouchedRecordingVerifiesAndEndsWithTheRecordedHash() throws {
    let (bytes, simulation) = try recordCounterReplay(Self.inputs(), externals: [10: [3]])
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    #expect(outcome.verified)
    #expect(outcome.desync == nil)
    #expect(outcome.ticks == 3000)
    #expect(outcome.finalHash == simulation.state.stableHash)
    #expect(outcome.simulation.state == simulation.state)
    #expect(outcome.hashesChecked > 3000 / 64)
  }

  /// A recording whose input at tick 1500 was changed after it was recorded: the recorded
  /// hashes kept, the edited inputs taken. With `olderFormat`, its checkpoints' section hashes
  /// are dropped, as formats 1 and 2 record it.
  static func tamperedAtTick1500(olderFormat: Bool = false) throws -> [UInt8] {
    var inputs = Self.inputs()
    inputs[1499] = inputs[1499].symmetricDifference(.thrust)  // tick 1500
    let (original, _) = try recordCounterReplay(Self.inputs())
    return try Self.tampered(original) { chunks in
      let edited = try! recordCounterReplay(inputs).bytes
      var reader = try! ReplayReader(bytes: edited)
      var index = 0
      while let chunk = try! reader.nextChunk() {
        chunks[index].runs = chunk.runs
        if olderFormat {
          for checkpoint in chunks[index].checkpoints.indices {
            chunks[index].checkpoints[checkpoint].sections = []
          }
        }
        index += 1
      }
    }
  }

  @Test func aTamperedInputIsReportedAtTheFirstCheckpointAfterIt() throws {
    let bytes = try Self.tamperedAtTick1500()
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    #expect(!outcome.verified)
    let report = try #require(outcome.desync)
    #expect(report.firstDivergentTick == 1536)
    #expect(report.sectionsComparedAtTick == 1536)
    #expect(report.sections.map(\.name) == ["position"])
    #expect(report.description.contains("desync at tick 1536"))
    #expect(report.description.contains("sections differing at tick 1536: position"))
    #expect(report.description.contains("position = "))
    #expect(!report.description.contains("tick 2048"))
  }

  @Test func anOlderFormatSaysItNamesTheSectionsAtTheEndOfTheChunk() throws {
    let bytes = try Self.tamperedAtTick1500(olderFormat: true)
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    let report = try #require(outcome.desync)
    #expect(report.firstDivergentTick == 1536)
    #expect(report.sectionsComparedAtTick == 2048)
    #expect(report.sections.map(\.name) == ["position"])
    let lines = report.description.split(separator: "\n")
    #expect(lines[0].hasPrefix("desync at tick 1536: "))
    #expect(
      lines[1] == "this file's format hashes state sections only at the end of each chunk: the "
        + "first after tick 1536 is at tick 2048")
    #expect(lines[2] == "sections differing at tick 2048: position")
  }

  @Test func aTamperedExternalActionIsReportedInTheSectionItChanged() throws {
    let (original, _) = try recordCounterReplay(Self.inputs(), externals: [100: [3]])
    let bytes = try Self.tampered(original) { chunks in
      chunks[0].externalActions[0].payload = [4]
    }
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    let report = try #require(outcome.desync)
    #expect(report.firstDivergentTick == 128)
    #expect(report.sections.map(\.name) == ["total"])
    #expect(report.sections.first?.fields == ["total = 4"])
  }

  @Test func aCheckpointThatDiffersAloneIsReportedAsNotLasting() throws {
    let (original, _) = try recordCounterReplay(Self.inputs())
    let bytes = try Self.tampered(original) { chunks in chunks[0].checkpoints[3].hash ^= 1 }
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    let report = try #require(outcome.desync)
    #expect(report.firstDivergentTick == 256)
    #expect(report.sectionsComparedAtTick == 1024)
    #expect(report.sections.isEmpty)
    #expect(report.description.contains("every section matches again at tick 1024"))
  }

  @Test func theFileChecksumDependsOnTheContentNotJustTheLengths() throws {
    let (original, _) = try recordCounterReplay(Self.inputs())
    let changed = try Self.tampered(original) { chunks in chunks[1].checkpoints[0].hash ^= 1 }
    #expect(changed.count == original.count)
    var first = try ReplayReader(bytes: original)
    var second = try ReplayReader(bytes: changed)
    while try first.nextChunk() != nil {}
    while try second.nextChunk() != nil {}
    guard case .complete(let a) = first.ending, case .complete(let b) = second.ending else {
      Issue.record("expected complete files")
      return
    }
    #expect(a.fileChecksum != b.fileChecksum)
  }

  @Test func aReplayOfOtherGameRulesIsRefused() throws {
    var header = CounterSimulation.header
    header.gameVersion = 8
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    #expect(throws: ReplayError.gameVersionMismatch(found: 8, expected: 7)) {
      try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    }
  }

  @Test func replayingWithoutVerifyChecksNoHashes() throws {
    let (original, _) = try recordCounterReplay(Self.inputs())
    let bytes = try Self.tampered(original) { chunks in chunks[0].runs[0].input = .fire }
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: false)
    #expect(outcome.desync == nil)
    #expect(outcome.hashesChecked == 0)
    #expect(!outcome.verified)
  }
}
