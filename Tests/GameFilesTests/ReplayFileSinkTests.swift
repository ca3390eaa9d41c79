import Foundation
import GameCore
import TestGames
import Testing

@testable import GameFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Replay files on disk: the sink's temporary renamed only on finish, and the reader's caps.
@Suite struct ReplayFileSinkTests {
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

  @Test func theReaderChecksTheMagicFirstAndNeverReadsPastItsCap() throws {
    #expect(throws: FileError.notAReplay(path: "/dev/zero")) {
      try ReplayFile.read(path: "/dev/zero")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.replay").path
    try Data(ReplayFormat.magic + [UInt8](repeating: 0, count: 300_000)).write(
      to: URL(fileURLWithPath: big))
    #expect(throws: FileError.tooLarge(path: big, limit: 100_000)) {
      try ReplayFile.read(path: big, maxBytes: 100_000)
    }
    let tiny = folder.appendingPathComponent("tiny").path
    try Data([0x53, 0x52]).write(to: URL(fileURLWithPath: tiny))
    #expect(throws: FileError.notAReplay(path: tiny)) { try ReplayFile.read(path: tiny) }
  }
}

/// `name` in a new empty folder.
private func temporaryPath(_ name: String) -> String {
  var template = Array("/tmp/replay-tests-XXXXXX".utf8CString)
  let directory = template.withUnsafeMutableBufferPointer {
    String(cString: mkdtemp($0.baseAddress!))
  }
  return directory + "/" + name
}
