import GameCore
import Testing

@testable import PongGame
import GameFiles

/// Pong's bundled demos (assets/pong/demos/, recorded by `scripts/record-demos pong` in another
/// process): format-2 files naming the game, replaying to their pinned final hashes.
@Suite struct PongDemoTests {
  static let demos: [(file: String, seed: UInt64, hash: String, score: Int)] = [
    ("seed1.replay", 1, "ed455903bb6c7ece", 4),
    ("seed2.replay", 2, "2002b333abd0b2ca", 10),
    ("seed3.replay", 3, "c7e11da647ac8528", 3),
  ]

  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/PongGameTests/PongDemoTests.swift
    return parts.joined(separator: "/") + "/assets/pong/demos/"
  }()

  @Test(arguments: demos.indices)
  func aDemoReplaysToItsPinnedHashAndVerifies(index: Int) throws {
    let demo = Self.demos[index]
    let bytes = try ReplayFile.read(path: Self.directory + demo.file)
    let outcome = try Pong.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.header.gameID == "pong")
    #expect(outcome.header.formatVersion == 2)
    #expect(outcome.header.seed == demo.seed)
    #expect(outcome.ticks == 11_520)
    #expect(ReplayFormat.hex(outcome.finalHash) == demo.hash)
    #expect(outcome.simulation.state.points[0] == demo.score)
    #expect(outcome.verified, "\(outcome.desync.map(String.init(describing:)) ?? "")")
  }
}
