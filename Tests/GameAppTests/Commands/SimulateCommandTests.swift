import Foundation
import Testing

@Suite struct SimulateCommandTests {
  @Test func twoProcessesWithOneSeedPrintTheSameResult() throws {
    let arguments = ["simulate", "--seed", "77", "--ticks", "3000", "--json"]
    let first = try CommandRunner.run(arguments)
    let second = try CommandRunner.run(arguments)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    let json = try CommandRunner.json(first)
    #expect(json["ticks"] as? Int == 3000)
    #expect(json["seed"] as? Int == 77)
    #expect((json["hash"] as? String)?.count == 16)
    #expect(json["score"] is Int)
  }

  @Test func otherSeedsGiveOtherHashes() throws {
    let one = try CommandRunner.json(
      try CommandRunner.run(["simulate", "--seed", "1", "--ticks", "500", "--json"]))
    let two = try CommandRunner.json(
      try CommandRunner.run(["simulate", "--seed", "2", "--ticks", "500", "--json"]))
    #expect(one["hash"] as? String != two["hash"] as? String)
  }

  @Test func aRecordedRunReplaysToTheHashItPrinted() throws {
    let directory = try CommandRunner.temporaryDirectory()
    let file = directory.appendingPathComponent("run.replay").path
    let simulated = try CommandRunner.run(
      ["simulate", "--seed", "8", "--ticks", "2000", "--rocks", "30", "--record", file, "--json"])
    #expect(simulated.status == 0)
    #expect(!FileManager.default.fileExists(atPath: file + ".part"))
    let replayed = try CommandRunner.run(["replay", file, "--verify", "--json"])
    #expect(replayed.status == 0)
    let before = try CommandRunner.json(simulated)
    let after = try CommandRunner.json(replayed)
    #expect(after["hash"] as? String == before["hash"] as? String)
    #expect(after["score"] as? Int == before["score"] as? Int)
    #expect(after["verified"] as? Bool == true)
  }

  @Test func aSlowVirtualDisplayDropsTicksButNeverChangesTheGame() throws {
    let arguments = ["simulate", "--seed", "1", "--ticks", "3000", "--json"]
    let steady = try CommandRunner.json(try CommandRunner.run(arguments))
    // 4 fps at 64 Hz: 16 ticks due a frame, the clock runs 8 and drops 8.
    let slow = try CommandRunner.json(try CommandRunner.run(arguments + ["--fps", "4"]))
    #expect(slow["hash"] as? String == steady["hash"] as? String)
    #expect(slow["score"] as? Int == steady["score"] as? Int)
    #expect(steady["dropped_ticks"] == nil)
    #expect(slow["dropped_ticks"] as? Int == 3000)
  }

  @Test func badOptionsExitWithStatusTwoAndOneLine() throws {
    for arguments in [
      ["simulate", "--ticks", "10"],
      ["simulate", "--seed", "x", "--ticks", "10"],
      ["simulate", "--seed", "1", "--ticks", "-5"],
      ["simulate", "--seed", "1", "--ticks", "10", "--bot", "nobody"],
      ["simulate", "--seed", "1", "--ticks", "10", "--hz", "0"],
      ["simulate", "--seed", "1", "--ticks", "10", "--fps", "0"],
      ["simulate", "--seed", "1", "--ticks", "10", "--record", "/nonexistent/dir/x.replay"],
      ["frobnicate"],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.stderr)")
    }
  }

  @Test func helpAndVersionExitWithStatusZero() throws {
    for arguments in [["--help"], ["--version"], ["simulate", "--help"], ["replay", "--help"]] {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(!result.stdout.isEmpty, "\(arguments)")
    }
  }
}
