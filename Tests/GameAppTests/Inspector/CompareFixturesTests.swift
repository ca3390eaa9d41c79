import Foundation
import GameCore
import PongGame
import Testing

/// Two recordings of Pong from the same start that part mid-game: the inspector's `--compare`
/// fixtures (Tests/GameAppTests/Fixtures/pong-{good,nudged}.replay), used by the HTTP tests,
/// the browser test and docs/INSPECTOR.md; and one whose recorded hashes stop matching its
/// inputs (pong-desync.replay), as a build with different rules would have recorded it.
enum CompareFixtures {
  static let folder = repositoryRoot + "/Tests/GameAppTests/Fixtures"
  static let good = folder + "/pong-good.replay"
  static let nudged = folder + "/pong-nudged.replay"
  static let desync = folder + "/pong-desync.replay"
  /// The desync fixture as format 2 recorded it (section hashes only at a chunk's end), kept
  /// to show that older files still verify and report.
  static let desyncFormatTwo = folder + "/pong-desync-format2.replay"
  /// The good and desync fixtures as rules version 1 recorded them, with the sections Pong
  /// then hashed by hand (``Pong/legacyHashing``): they verify, and report, as they did.
  static let goodVersionOne = folder + "/pong-good-version1.replay"
  static let desyncVersionOne = folder + "/pong-desync-version1.replay"
  /// The same as rules version 2 recorded them (format 3, no axes; the state had no
  /// `aiming`): they replay with every axis at 0 and verify against version 2's sections.
  static let goodVersionTwo = folder + "/pong-good-version2.replay"
  static let desyncVersionTwo = folder + "/pong-desync-version2.replay"
  /// From this tick on, the desync fixture records the hashes of a state whose opponent has
  /// one point more than the inputs give.
  static let desyncTick = 2_000
  /// The tick from which the nudged game holds "down" for 40 ticks instead of the bot's input.
  static let nudgeTick = 1_500

  /// Seed 1, the coach bot, 4,000 ticks; with `nudge`, "down" held on ticks 1,500 to 1,539.
  static func recording(nudge: Bool, desync: Bool = false) throws -> [UInt8] {
    let simulation = Simulation<Pong>(seed: 1)
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: Pong.self, seed: 1, settings: NoSettings()), sink: sink)
    var bot = Pong.bot(named: "coach", seed: 1)!
    let down = Pong.buttons.input(named: "down")!
    for tick in 1...4_000 {
      var input = bot.input(for: simulation.state)
      if nudge && (nudgeTick..<nudgeTick + 40).contains(tick) { input = down }
      simulation.step(input)
      var recorded = simulation.state
      if desync && tick >= desyncTick { recorded.points[1] += 1 }
      try recorder.record(input, after: recorded)
    }
    var final = simulation.state
    if desync { final.points[1] += 1 }
    _ = try recorder.finish(state: final)
    return sink.bytes
  }
}

@Suite struct CompareFixturesTests {
  /// `RECORD_FIXTURES=1 swift test --filter CompareFixturesTests` writes them again.
  @Test func theFixturesAreTheseRecordings() throws {
    for (path, nudge, desync) in [
      (CompareFixtures.good, false, false), (CompareFixtures.nudged, true, false),
      (CompareFixtures.desync, false, true),
    ] {
      let bytes = try CompareFixtures.recording(nudge: nudge, desync: desync)
      if ProcessInfo.processInfo.environment["RECORD_FIXTURES"] == "1" {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      }
      #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "\(path)")
    }
  }

  @Test func aDesyncIsReportedAtOneTickInTheCurrentFormatAndInFormatTwo() throws {
    for (file, width) in [(CompareFixtures.desync, 4), (CompareFixtures.desyncFormatTwo, 8)] {
      let result = try CommandRunner.run(["replay", file, "--verify"])
      #expect(result.status == 1)
      let report = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("desync at") }
      #expect(report.first?.hasPrefix("desync at tick 2048: ") == true, "\(result.stdout)")
      #expect(report.dropFirst().first == "sections differing at tick 2048: points")
      let hashes = report.dropFirst(2).first ?? ""
      #expect(hashes.hasPrefix("  points: recorded ") && hashes.hasSuffix("; replayed values:"))
      #expect(hashes.split(separator: " ").dropFirst(2).first?.count == width + 1, "\(hashes)")
      #expect(report.contains("    points[1] = 0"))
    }
  }

  /// Files of rules versions 1 and 2 replay under today's rules and check the hashes they
  /// recorded.
  @Test(arguments: [
    (1, CompareFixtures.goodVersionOne, CompareFixtures.desyncVersionOne),
    (2, CompareFixtures.goodVersionTwo, CompareFixtures.desyncVersionTwo),
  ])
  func filesOfTheOldRulesVersionsStillVerifyAndReport(version: Int, good: String, desync: String)
    throws
  {
    let verified = try CommandRunner.run(["replay", good, "--verify"])
    #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
    #expect(verified.stdout.contains("game version \(version)"))
    #expect(verified.stdout.contains("verified: all 67 recorded hashes match"))
    let bad = try CommandRunner.run(["replay", desync, "--verify"])
    #expect(bad.status == 1)
    #expect(bad.stdout.contains("sections differing at tick 2048: points"), "\(bad.stdout)")
    #expect(bad.stdout.contains("    points[1] = 0"))
  }
}
