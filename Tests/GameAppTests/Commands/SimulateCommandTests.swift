import Foundation
import GameCore
import Testing
import GameFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  @Test func twoProcessesRecordByteIdenticalReplays() throws {
    let directory = try CommandRunner.temporaryDirectory()
    let files = ["first.replay", "second.replay"].map { directory.appendingPathComponent($0).path }
    for file in files {
      let result = try CommandRunner.run(
        ["simulate", "--seed", "4242", "--ticks", "5000", "--bot", "ace", "--record", file])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let first = try ReplayFile.read(path: files[0])
    let second = try ReplayFile.read(path: files[1])
    #expect(first == second)
    // What makes the comparison per tick: a state hash every 64 ticks and the section hashes
    // of every chunk, all written by each process from its own simulation.
    var reader = try ReplayReader(bytes: first)
    var checkpoints = 0
    var sectionRecords = 0
    while let chunk = try reader.nextChunk() {
      checkpoints += chunk.checkpoints.count
      sectionRecords += chunk.sectionHashes.isEmpty ? 0 : 1
    }
    #expect(checkpoints == 5000 / 64)
    #expect(sectionRecords == 5)
    guard case .complete(let end) = reader.ending else {
      Issue.record("the replay has no end record")
      return
    }
    #expect(end.tickCount == 5000)
  }

  /// Complete chunks in a replay that may still be being written.
  static func completeChunks(in path: String) -> Int {
    guard let bytes = try? ReplayFile.read(path: path),
      var reader = try? ReplayReader(bytes: bytes, allowPartial: true)
    else { return 0 }
    var count = 0
    do {
      while try reader.nextChunk() != nil { count += 1 }
    } catch {}
    return count
  }

  @Test func aKilledRecordingLeavesThePreviousFileAndAReplayablePart() throws {
    let directory = try CommandRunner.temporaryDirectory()
    let file = directory.appendingPathComponent("run.replay").path
    let part = file + ".part"
    let previous = try CommandRunner.run(
      ["simulate", "--seed", "3", "--ticks", "700", "--record", file])
    #expect(previous.status == 0)
    let before = try ReplayFile.read(path: file)

    // A run far too long to finish, killed once several chunks are on disk.
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["simulate", "--seed", "4", "--ticks", "100000000", "--record", file]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
    let clock = ContinuousClock()
    // Generous for a loaded CI machine: the loop ends as soon as three chunks are on disk.
    let deadline = clock.now + .seconds(60)
    var flushed = 0
    while flushed < 3 && clock.now < deadline {
      usleep(2_000)
      flushed = Self.completeChunks(in: part)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)
    #expect(flushed >= 3, "chunks flushed before the deadline")

    // The name still holds the previous, complete replay.
    #expect(try ReplayFile.read(path: file) == before)
    let old = try CommandRunner.json(try CommandRunner.run(["replay", file, "--verify", "--json"]))
    #expect(old["ticks"] as? Int == 700)
    #expect(old["complete"] as? Bool == true)
    #expect(old["verified"] as? Bool == true)

    // The part file's flushed chunks replay and verify.
    let result = try CommandRunner.run(["replay", part, "--verify", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let partial = try CommandRunner.json(result)
    let ticks = try #require(partial["ticks"] as? Int)
    #expect(ticks >= 3 * ReplayFormat.defaultChunkTicks)
    #expect(ticks % ReplayFormat.defaultChunkTicks == 0)
    #expect(partial["complete"] as? Bool == false)
    #expect(partial["verified"] as? Bool == true)
    #expect(partial["seed"] as? Int == 4)
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
      ["simulate", "--seed", "8", "--ticks", "2000", "--set", "rocks=30", "--record", file, "--json"])
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
      ["simulate", "--seed", "1", "--ticks", "10", "--record", "/dev/null/dir/x.replay"],
      ["frobnicate"],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.stderr)")
    }
  }

  @Test func helpAndVersionExitWithStatusZero() throws {
    for arguments in [["--help"], ["simulate", "--help"], ["replay", "--help"]] {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stdout.contains("USAGE:"), "\(arguments): \(result.stdout)")
    }
  }

  /// `--version` prints the version the changelog's newest heading (`## 0.4.0 …`) names:
  /// a release that bumps one and not the other fails here.
  @Test func versionIsTheChangelogsNewestVersion() throws {
    let changelog = try String(
      contentsOfFile: OutputTests.fromRepository(["assets/../CHANGELOG.md"])[0], encoding: .utf8)
    let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
    let version = try #require(heading.dropFirst(3).split(separator: " ").first)
    #expect(version.split(separator: ".").count == 3, "\(heading)")
    #expect(version.allSatisfy { $0.isNumber || $0 == "." }, "\(heading)")
    let result = try CommandRunner.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "\(version)\n")
  }
}
