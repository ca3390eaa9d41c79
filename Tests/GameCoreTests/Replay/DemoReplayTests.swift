import GameCore
import Testing

/// The bundled demo replays (assets/demos/, recorded by scripts/record-demos in another
/// process) still replay to their pinned final hashes and verify: the golden test of
/// cross-process determinism and of format compatibility.
@Suite struct DemoReplayTests {
  static let demos: [(file: String, seed: UInt64, hash: String, score: Int)] = [
    ("ace-seed1.replay", 1, "2a3395c1683bf802", 16290),
    ("ace-seed2.replay", 2, "ecfb226dd8a64a05", 24670),
    ("ace-seed3.replay", 3, "40744f617e3c3b00", 21380),
  ]

  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/GameCoreTests/Replay/DemoReplayTests.swift
    return parts.joined(separator: "/") + "/assets/demos/"
  }()

  @Test(arguments: demos.indices)
  func aDemoReplaysToItsPinnedHashAndVerifies(index: Int) throws {
    let demo = Self.demos[index]
    let bytes = try ReplayFile.read(path: Self.directory + demo.file)
    let outcome = try ReplayPlayer<Simulation>.play(bytes, verify: true)
    #expect(outcome.header.seed == demo.seed)
    #expect(outcome.ticks == 11_520)
    #expect(ReplayFormat.hex(outcome.finalHash) == demo.hash)
    #expect(outcome.simulation.state.score.score == demo.score)
    #expect(outcome.verified, "\(outcome.desync.map(String.init(describing:)) ?? "")")
    #expect(bytes.count * 4 < 11_520, "a demo costs under a quarter byte per tick")
  }
}
