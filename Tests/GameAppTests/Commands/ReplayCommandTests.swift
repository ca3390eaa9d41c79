import Foundation
import GameCore
import Testing

@Suite struct ReplayCommandTests {
  static func recorded(ticks: Int = 2500) throws -> String {
    let directory = try CommandRunner.temporaryDirectory()
    let file = directory.appendingPathComponent("game.replay").path
    let result = try CommandRunner.run(
      ["simulate", "--seed", "21", "--ticks", String(ticks), "--record", file])
    #expect(result.status == 0)
    return file
  }

  @Test func aTamperedReplayFailsVerificationWithStatusOneAndNamesTheTick() throws {
    let file = try Self.recorded()
    var reader = try ReplayReader(bytes: try ReplayFile.read(path: file))
    var chunks: [ReplayChunk] = []
    while let chunk = try reader.nextChunk() { chunks.append(chunk) }
    guard case .complete(let end) = reader.ending else { throw ReplayError.truncated(atOffset: 0) }
    chunks[1].runs[0].input.formSymmetricDifference(.thrust)
    var encoder = ReplayEncoder(header: reader.header)
    var bytes = encoder.headerRecord()
    for chunk in chunks { bytes += encoder.chunkRecord(chunk) }
    bytes += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
    try Data(bytes).write(to: URL(fileURLWithPath: file))

    let result = try CommandRunner.run(["replay", file, "--verify", "--json"])
    #expect(result.status == 1)
    let json = try CommandRunner.json(result)
    #expect(json["verified"] as? Bool == false)
    let tick = try #require(json["first_divergent_tick"] as? Int)
    #expect(tick > 1024 && tick <= 1088)
    let text = try CommandRunner.run(["replay", file, "--verify"])
    #expect(text.status == 1)
    #expect(text.stdout.contains("desync at tick \(tick)"))
  }

  @Test func aCorruptReplayExitsWithStatusTwoAndOneLine() throws {
    let file = try Self.recorded()
    var bytes = try ReplayFile.read(path: file)
    bytes[bytes.count / 2] ^= 0x10
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let result = try CommandRunner.run(["replay", file, "--verify"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: replay checksum mismatch"))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func aPartFileReplaysItsCompleteChunksAndSaysSo() throws {
    let file = try Self.recorded()
    let bytes = try ReplayFile.read(path: file)
    // Cut the file in the middle of its third chunk, as a killed recorder would leave it.
    var reader = try ReplayReader(bytes: bytes)
    var offsets: [Int] = []
    while try reader.nextChunk() != nil { offsets.append(reader.bytesRead) }
    let cut = Data(bytes.prefix((offsets[1] + offsets[2]) / 2))
    let part = file + ".part"
    try cut.write(to: URL(fileURLWithPath: part))
    let strictFile = file + ".cut"
    try cut.write(to: URL(fileURLWithPath: strictFile))
    let strict = try CommandRunner.run(["replay", strictFile])
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("--partial"))
    let result = try CommandRunner.run(["replay", part, "--verify", "--json"])
    #expect(result.status == 0)
    let json = try CommandRunner.json(result)
    #expect(json["complete"] as? Bool == false)
    #expect(json["ticks"] as? Int == 2048)
    #expect(json["verified"] as? Bool == true)
  }

  @Test func theDumpListsHeaderRunsAndHashes() throws {
    let result = try CommandRunner.run(["replay", try Self.recorded(ticks: 200), "--dump"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("header: format 1"))
    #expect(result.stdout.contains("seed 21"))
    #expect(result.stdout.contains("ticks 1-"))
    #expect(result.stdout.contains("checkpoints 64:"))
    #expect(result.stdout.contains("end: 200 ticks"))
  }

  @Test func aMissingFileExitsWithStatusTwo() throws {
    let result = try CommandRunner.run(["replay", "/nonexistent.replay"])
    #expect(result.status == 2)
    #expect(result.stderr == "error: cannot open /nonexistent.replay: No such file or directory\n")
  }
}
