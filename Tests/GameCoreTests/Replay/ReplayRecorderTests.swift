import TestGames
import Testing

@testable import GameCore

@Suite struct ReplayRecorderTests {
  @Test func aRecordingReadsBackWithTheSameInputsExternalsAndHashes() throws {
    var player = SyntheticPlayer(rng: 9)
    let inputs = player.inputs(5000)
    let (bytes, simulation) = try recordCounterReplay(
      inputs, externals: [1: [5], 700: [9], 4999: [1]])
    var reader = try ReplayReader(bytes: bytes)
    #expect(reader.header == CounterSimulation.header)
    var runs: [InputRun] = []
    var externals: [ExternalAction] = []
    var checkpoints = 0
    while let chunk = try reader.nextChunk() {
      runs += chunk.runs
      externals += chunk.externalActions
      checkpoints += chunk.checkpoints.count
      #expect(chunk.sectionHashes.count == 5)
    }
    #expect(runs.expandedInputs == inputs)
    #expect(externals.map(\.tick) == [1, 700, 4999])
    #expect(externals.map(\.payload) == [[5], [9], [1]])
    #expect(checkpoints == 5000 / 64)
    guard case .complete(let end) = reader.ending else {
      Issue.record("expected a complete replay")
      return
    }
    #expect(end.tickCount == 5000)
    #expect(end.finalHash == simulation.state.stableHash)
    #expect(end.sectionHashes == simulation.state.hashSections.map(\.hash))
  }

  @Test func anEmptyRecordingIsAValidReplayOfZeroTicks() throws {
    let (bytes, _) = try recordCounterReplay([])
    let outcome = try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    #expect(outcome.ticks == 0)
    #expect(outcome.verified)
  }

  @Test func typicalPlayCostsUnderHalfAByteTickIncludingHashes() throws {
    var player = SyntheticPlayer(rng: 3)
    let ticks = 64 * 60 * 10
    let (bytes, _) = try recordCounterReplay(player.inputs(ticks))
    let perTick = bytes.count * 1000 / ticks
    // About 0.05 bytes a tick of inputs; the rest is hashes, most of it the sections' short
    // hashes at every checkpoint (format 3), which name the sections of a desync at its tick.
    #expect(perTick < 500, "\(bytes.count) bytes for \(ticks) ticks")
  }
}
