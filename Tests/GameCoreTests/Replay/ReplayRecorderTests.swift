import Testing

@testable import GameCore
@testable import GameFiles

#if canImport(Glibc)
  import Glibc
#endif

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

  @Test func theFileAppearsUnderItsNameOnlyAfterFinish() throws {
    let path = temporaryPath("complete.replay")
    let sink = try ReplayFileSink(path: path)
    let recorder = try ReplayRecorder(header: CounterSimulation.header, sink: sink)
    var simulation = CounterSimulation(seed: 42)
    for _ in 0..<100 {
      simulation.step(.thrust)
      try recorder.record(.thrust, after: simulation.state)
    }
    #expect(access(path, F_OK) != 0)
    try recorder.finish(state: simulation.state)
    #expect(access(path, F_OK) == 0)
    #expect(access(path + ".part", F_OK) != 0)
    let outcome = try ReplayPlayer<CounterSimulation>.play(
      try ReplayFile.read(path: path), verify: true)
    #expect(outcome.verified)
    #expect(outcome.ticks == 100)
  }

  @Test func anInterruptedRecordingLeavesThePreviousFileAndAReadablePartFile() throws {
    let path = temporaryPath("interrupted.replay")
    var player = SyntheticPlayer(rng: 4)
    let (previous, _) = try recordCounterReplay(player.inputs(300))
    let old = try ReplayFileSink(path: path)
    try old.write(previous)
    try old.commit()

    // A recorder that is dropped mid-chunk behaves like a killed process: no end record.
    do {
      let recorder = try ReplayRecorder(
        header: CounterSimulation.header, sink: try ReplayFileSink(path: path), chunkTicks: 1024)
      var simulation = CounterSimulation(seed: 42)
      for input in player.inputs(2500) {
        simulation.step(input)
        try recorder.record(input, after: simulation.state)
      }
    }
    #expect(try ReplayFile.read(path: path) == previous)
    let part = try ReplayFile.read(path: path + ".part")
    #expect(throws: ReplayError.self) {
      try ReplayPlayer<CounterSimulation>.play(part, verify: true)
    }
    let outcome = try ReplayPlayer<CounterSimulation>.play(part, verify: true, allowPartial: true)
    #expect(outcome.ticks == 2048)
    #expect(outcome.verified)
    guard case .endedEarly(let afterTick, _) = outcome.ending else {
      Issue.record("expected the part file to end early")
      return
    }
    #expect(afterTick == 2048)
  }
}

func temporaryPath(_ name: String) -> String {
  var template = Array("/tmp/replay-tests-XXXXXX".utf8CString)
  let directory = template.withUnsafeMutableBufferPointer {
    String(cString: mkdtemp($0.baseAddress!))
  }
  return directory + "/" + name
}
