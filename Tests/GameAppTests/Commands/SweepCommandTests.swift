import Foundation
import GameCore
import PongGame
import Testing

@testable import GameLauncher

@Suite struct SweepCommandTests {
  /// Per-game lines of a `sweep --json` run (the last line is the summary).
  static func games(_ arguments: [String]) throws -> [String] {
    let result = try CommandRunner.run(["sweep", "--json"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return Array(result.stdout.split(separator: "\n").map(String.init).dropLast())
  }

  @Test func resultsDoNotDependOnJobsOrShards() throws {
    let oneJob = try Self.games(["--seeds", "1...6", "--ticks", "640", "--jobs", "1"])
    let twoJobs = try Self.games(["--seeds", "1...6", "--ticks", "640", "--jobs", "2"])
    let shards = try (0..<3).flatMap { index in
      try Self.games(["--seeds", "1...6", "--ticks", "640", "--shard", "\(index)/3"])
    }
    #expect(oneJob.count == 6)
    #expect(oneJob == twoJobs)
    #expect(oneJob == shards)
  }

  @Test func eachGameMatchesSimulateForItsSeed() throws {
    let sweep = try Self.games(["--seeds", "4", "--ticks", "640"])
    let simulate = try CommandRunner.run(["simulate", "--seed", "4", "--ticks", "640", "--json"])
    let hash = try CommandRunner.json(simulate)["hash"] as? String
    #expect(sweep.count == 1)
    #expect(sweep.first?.contains("\"hash\": \"\(hash ?? "missing")\"") == true)
  }

  @Test(arguments: [
    ["--seeds", "9...1"], ["--seeds", "x"], ["--shard", "3/3"], ["--jobs", "0"],
    ["--seeds", "1....5"], ["--seeds", "1...5..."], ["--seeds", "+1...5"], ["--shard", "-1/3"],
    ["--seeds", "0...18446744073709551615"], ["--ticks", "2147483647", "--seeds", "1...10000000000"],
  ])
  func badArgumentsExitWithCodeTwoAndOneLine(extra: [String]) throws {
    var arguments = ["sweep", "--seeds", "1...2", "--ticks", "10"]
    arguments += extra
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}

@Suite struct SweepLimitsTests {
  @Test(arguments: [
    ["--seeds", "18446744073709551615", "--ticks", "0"],
    ["--seeds", "1...2", "--ticks", "0", "--shard", "9223372036854775806/9223372036854775807"],
    ["--seeds", "18446744073709551614...18446744073709551615", "--ticks", "0", "--shard",
     "18446744073709551613/18446744073709551614"],
  ])
  func extremeSeedsAndShardsRunInsteadOfTrapping(arguments: [String]) throws {
    let result = try CommandRunner.run(["sweep", "--game", "pong", "--json"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").last?.hasPrefix("{\"game\": \"pong\"") == true)
  }

  @Test func shardsAboveTwoToTheSixtyThreeMergeThroughTheCommand() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let sweep = [
      "sweep", "--game", "pong", "--seeds", "18446744073709551600...18446744073709551615",
      "--ticks", "20", "--json",
    ]
    var paths: [String] = []
    for index in 0..<3 {
      let result = try CommandRunner.run(sweep + ["--shard", "\(index)/3"])
      let path = folder.appendingPathComponent("\(index)").path
      try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let merged = try CommandRunner.run(["merge-sweeps"] + paths)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout == (try CommandRunner.run(sweep)).stdout)
    let missing = try CommandRunner.run(["merge-sweeps", paths[0], paths[2]])
    #expect(missing.status == 2 && missing.stdout.isEmpty)
    #expect(missing.stderr == "error: shard 1/3 is missing: 2 of 3 shards given\n")
  }
}

@Suite struct SweepStreamingTests {
  @Test func twoJSONRunsWithOtherJobCountsPrintTheSameBytes() throws {
    let arguments = ["sweep", "--game", "pong", "--seeds", "1...300", "--ticks", "200", "--json"]
    let one = try CommandRunner.run(arguments + ["--jobs", "1"])
    let three = try CommandRunner.run(arguments + ["--jobs", "3"])
    #expect(one.status == 0 && three.status == 0)
    #expect(one.stdout == three.stdout)
    let lines = one.stdout.split(separator: "\n")
    #expect(lines.count == 301)
    #expect(lines.first?.hasPrefix("{\"seed\": 1,") == true)
    #expect(lines.dropLast().last?.hasPrefix("{\"seed\": 300,") == true)
    #expect(!one.stdout.contains("ticks_per_second") && !one.stdout.contains("\"jobs\""))
  }

  @Test func theRunnerStreamsResultsInSeedOrder() {
    var seen: [UInt64] = []
    SweepRunner<Pong>(first: 1, count: 500, ticks: 10, bot: "coach", settings: NoSettings())
      .stream(jobs: 4) { seen.append($0.seed) }
    #expect(seen == Array(1...500))
  }
}

@Suite struct MergeSweepsTests {
  @Test func shardsMergeIntoTheOneMachineOutputByteForByte() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let sweep = ["sweep", "--game", "pong", "--seeds", "1...40", "--ticks", "300", "--json"]
    var shards: [String] = []
    for index in [2, 0, 1] {
      let result = try CommandRunner.run(sweep + ["--shard", "\(index)/3"])
      #expect(result.status == 0)
      let path = folder.appendingPathComponent("shard-\(index).jsonl").path
      try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
      shards.append(path)
    }
    let whole = try CommandRunner.run(sweep)
    let merged = try CommandRunner.run(["merge-sweeps"] + shards)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout == whole.stdout)
    // A shard twice, or one cut short, is refused.
    let twice = try CommandRunner.run(["merge-sweeps", shards[0], shards[0]])
    #expect(twice.status == 2 && twice.stderr.contains("is given twice"), "\(twice.stderr)")
    let cut = folder.appendingPathComponent("cut.jsonl").path
    try String(whole.stdout.split(separator: "\n").prefix(5).joined(separator: "\n"))
      .write(toFile: cut, atomically: true, encoding: .utf8)
    let unfinished = try CommandRunner.run(["merge-sweeps", cut])
    #expect(unfinished.status == 2 && unfinished.stderr.contains("no summary line"))
  }
}

@Suite struct BenchCommandTests {
  @Test func rawAndStoreRunsAgreeAndReportEveryWorkloadOfTheGame() throws {
    let result = try CommandRunner.run(["bench", "--ticks", "100", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.first?.contains("\"workload\": \"typical\"") == true)
    #expect(lines.first?.contains("\"store_over_raw\": ") == true)
    #expect(lines.dropFirst().first?.contains("\"workload\": \"rocks 1000\"") == true)
    #expect(lines.dropFirst(2).first?.contains("\"workload\": \"rocks 10000\"") == true)
    // The engine's own paths, as ratios a tracker can follow.
    let engine = String(lines.last ?? "")
    #expect(engine.hasPrefix("{\"workload\": \"engine\""))
    for key in ["send_over_raw", "one_subscriber_over_raw", "scoped_send_over_send",
                "typed_scope_send_over_send",
                "send_1000_subscribers_ns", "scoped_read_ns"] {
      #expect(engine.contains("\"\(key)\": "), "\(key) missing from \(engine)")
    }
  }

  @Test func theTypicalRowTakesTheGamesSettings() throws {
    let plain = try CommandRunner.run(["bench", "--ticks", "300", "--typical-only", "--json"])
    let stressed = try CommandRunner.run(
      ["bench", "--ticks", "300", "--typical-only", "--set", "rocks=50", "--json"])
    #expect(plain.status == 0 && stressed.status == 0, "\(plain.stderr)\(stressed.stderr)")
    #expect(plain.stdout.split(separator: "\n").count == 1)
    // Same seed and bot, another field of rocks: another game.
    let hash = { (text: String) in text.split(separator: "\"").suffix(2).first.map(String.init) }
    #expect(hash(plain.stdout) != hash(stressed.stdout))
  }
}

@Suite struct JSONDecimalTests {
  @Test func decimalsAreRoundedAndPaddedWithoutFoundation() {
    #expect(JSONObject.decimal(0.5, places: 3) == "0.500")
    #expect(JSONObject.decimal(1.047_4, places: 3) == "1.047")
    #expect(JSONObject.decimal(-2.25, places: 1) == "-2.3")
    #expect(JSONObject.decimal(-0.000_1, places: 3) == "0.000")
    #expect(JSONObject.decimal(12.0, places: 0) == "12")
    #expect(JSONObject.decimal(3.01, places: 2) == "3.01")
  }
}

@Suite struct BenchBatchTests {
  @Test func aBatchRowFollowsTheTypicalOneWithItsTicksAndRate() throws {
    let result = try CommandRunner.run(
      ["bench", "--game", "pong", "--ticks", "640", "--typical-only", "--batch", "64", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    let batch = String(lines.last ?? "")
    #expect(batch.hasPrefix("{\"workload\": \"batch 64\", \"ticks\": 640,"), "\(batch)")
    for key in ["raw_ns_per_tick", "raw_ticks_per_second", "episodes", "hash"] {
      #expect(batch.contains("\"\(key)\": "), "\(key) missing from \(batch)")
    }
    let table = try CommandRunner.run(
      ["bench", "--game", "blocks", "--ticks", "100", "--typical-only", "--batch", "3"])
    #expect(table.status == 0 && table.stdout.contains("batch 3 "), "\(table.stdout)")
  }

  @Test func aBatchOutsideOneToTheLargestBatchIsRefusedInOneLine() throws {
    for value in ["0", "-4", "1048577", "99999999999999999999", "x"] {
      let result = try CommandRunner.run(["bench", "--game", "pong", "--batch", value])
      #expect(result.status != 0 && result.stdout.isEmpty, "--batch \(value)")
      #expect(result.stderr.contains("--batch"), "--batch \(value): \(result.stderr)")
    }
  }
}
