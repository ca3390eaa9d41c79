import Foundation
import GameCore
import Testing
import GameFiles

/// `GameApp replay FILE --dump` on the committed demos (assets/asteroids/demos/, format 1), through the command
/// line: the text pinned where it is about the file, and checked against itself and against a
/// real replay where it is about the game.
@Suite struct ReplayDumpTests {
  static let demos: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/GameAppTests/Commands/ReplayDumpTests.swift
    return parts.joined(separator: "/") + "/assets/asteroids/demos/"
  }()

  static func dump(_ arguments: [String]) throws -> [String] {
    let result = try CommandRunner.run(["replay"] + arguments + ["--dump"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func theDumpOfADemoStartsWithItsHeaderAndFirstRuns() throws {
    let file = Self.demos + "ace-seed1.replay"
    let lines = try Self.dump([file])
    let expected = [
      "replay \(file): 2182 bytes",
      "header: format 1, game asteroids (format 1 names no game), game version 1, 6 buttons, "
        + "64 Hz, checkpoint every 64 ticks, seed 1",
      "settings: [01 00 00 00 00 00 03] = rocks normal, lives 3, starts at title false",
      "chunk 1: ticks 1-1024, 81 runs, 0 external actions, 224 bytes",
      "  ticks 1-29          L       x29",
      "  ticks 30-56         F       x27",
      "  ticks 57-58         L       x2",
      "  ticks 59-72         F       x14",
      "  ticks 73            L       x1",
    ]
    #expect(Array(lines.prefix(expected.count)) == expected)
  }

  @Test func theDumpOfADemoEndsWithItsTickCountAndFinalHash() throws {
    let file = Self.demos + "ace-seed1.replay"
    let lines = try Self.dump([file])
    let end = try #require(lines.first { $0.hasPrefix("end: ") }, "no end line")
    #expect(
      end == "end: 11520 ticks in 880 runs, final hash 2a3395c1683bf802, file CRC-32 9f1e2f44")
    #expect(lines.last == "", "the text does not end with a newline")
    // The hash in the file is the one the game reaches when the replay is played.
    let played = try CommandRunner.json(CommandRunner.run(["replay", file, "--json"]))
    #expect(end.contains("final hash \(played["hash"] as? String ?? "?"),"))
    #expect(end.hasPrefix("end: \(played["ticks"] as? Int ?? -1) ticks"))
  }

  @Test(arguments: ["ace-seed1.replay", "ace-seed2.replay", "ace-seed3.replay"])
  func theChunksAndRunsOfADemoCoverEveryTickOnceInOrder(demo: String) throws {
    let lines = try Self.dump([Self.demos + demo])
    var nextTick = 1
    var runs = 0
    var chunkRuns: [(stated: Int, listed: Int)] = []
    for line in lines {
      let words = line.split(separator: " ")
      if line.hasPrefix("chunk ") {
        // "chunk 2: ticks 1025-2048, 26 runs, …"
        #expect(words[3].hasPrefix("\(nextTick)-"), "\(line) does not start at tick \(nextTick)")
        chunkRuns.append((Int(words[4]) ?? -1, 0))
      } else if line.hasPrefix("  ticks ") {
        // "  ticks 30-56         F       x27"; a tick with no button shows as "-".
        let range = words[1].split(separator: "-").compactMap { Int($0) }
        let length = try #require(Int(words[3].dropFirst()), "\(line)")
        #expect(range.first == nextTick, "\(line) does not start at tick \(nextTick)")
        #expect(range.last == nextTick + length - 1, "\(line) does not span x\(length)")
        nextTick += length
        runs += 1
        chunkRuns[chunkRuns.count - 1].listed += 1
      }
    }
    #expect(chunkRuns.count == 12)
    #expect(chunkRuns.allSatisfy { $0.stated == $0.listed }, "\(chunkRuns)")
    let end = try #require(lines.first { $0.hasPrefix("end: ") })
    #expect(end.hasPrefix("end: \(nextTick - 1) ticks in \(runs) runs, final hash "))
  }

  @Test func aCutShortFileDumpsItsCompleteChunksAndSaysWhereItEnds() throws {
    let bytes = try ReplayFile.read(path: Self.demos + "ace-seed1.replay")
    var reader = try ReplayReader(bytes: bytes)
    var offsets: [Int] = []
    while try reader.nextChunk() != nil { offsets.append(reader.bytesRead) }
    // Cut in the middle of the third chunk, as a killed recorder would leave the file.
    let part = try CommandRunner.temporaryDirectory().appendingPathComponent("cut.replay.part")
    try Data(bytes.prefix((offsets[1] + offsets[2]) / 2)).write(to: part)
    let lines = try Self.dump([part.path])
    #expect(lines.filter { $0.hasPrefix("chunk ") }.count == 2)
    #expect(lines.contains("chunk 2: ticks 1025-2048, 26 runs, 0 external actions, 153 bytes"))
    #expect(!lines.contains { $0.hasPrefix("end: ") })
    #expect(
      lines.dropLast().last
        == "ended early: no end record; 2048 ticks in complete chunks, the rest from byte "
        + "offset \(offsets[1]) is missing or cut short")
  }
}
