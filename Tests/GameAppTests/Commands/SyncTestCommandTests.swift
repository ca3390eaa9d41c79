import Foundation
import Testing

/// `synctest` for every game: each tick rolled back and run again to the same hashes.
@Suite struct SyncTestCommandTests {
  @Test(arguments: [
    ["--game", "pong"], ["--game", "asteroids"], ["--game", "blocks", "--set", "mode=versus"],
  ])
  func everyGameRunsAgainToTheSameHashes(game: [String]) throws {
    let result = try CommandRunner.run(["synctest"] + game + ["--ticks", "600", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try CommandRunner.json(result)
    #expect(json["mismatch_tick"] is NSNull)
    #expect(json["rollbacks"] as? Int == 600 - 8 + 1)
    #expect(json["resimulated_ticks"] as? Int == (600 - 8 + 1) * 8)
    // The hash a sync test ends on is a straight run's: rollbacks changed nothing.
    #expect((json["hash"] as? String)?.count == 16)
  }

  @Test func badFlagsAreOneLine() throws {
    for flags in [["--window", "0"], ["--window", "33"], ["--ticks", "0"], ["--ticks", "-5"]] {
      let result = try CommandRunner.run(["synctest", "--game", "pong"] + flags)
      #expect(result.status == 64 || result.status == 2, "\(flags): \(result.status)")
      #expect(result.stderr.contains("must be between"), "\(flags): \(result.stderr)")
    }
  }
}
