import AsteroidsGame
import Foundation
import GameCore
import Testing
import GameFiles

@Suite struct ReplayCommandTests {
  static func recorded(ticks: Int = 2500) throws -> String {
    let directory = try CommandRunner.temporaryDirectory()
    let file = directory.appendingPathComponent("game.replay").path
    let result = try CommandRunner.run(
      ["simulate", "--seed", "21", "--ticks", String(ticks), "--record", file])
    #expect(result.status == 0)
    return file
  }

  /// Rewrites `file` with thrust toggled in the first run of chunk `index`, its recorded
  /// hashes left as they were: a well-formed file that no longer replays to them.
  static func tamper(_ file: String, chunk index: Int) throws {
    var reader = try ReplayReader(bytes: try ReplayFile.read(path: file))
    var chunks: [ReplayChunk] = []
    while let chunk = try reader.nextChunk() { chunks.append(chunk) }
    guard case .complete(let end) = reader.ending else { throw ReplayError.truncated(atOffset: 0) }
    chunks[index].runs[0].input.formSymmetricDifference(.thrust)
    var encoder = ReplayEncoder(header: reader.header)
    var bytes = encoder.headerRecord()
    for chunk in chunks { bytes += encoder.chunkRecord(chunk) }
    bytes += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
  }

  /// The width and height a BMP's header states (height negative when stored top down).
  static func bmpSize(_ path: String) throws -> (width: Int32, height: Int32) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    try #require(data.count > 26 && data.prefix(2) == Data("BM".utf8), "\(path) is not a BMP")
    func int32(at offset: Int) -> Int32 {
      Int32(
        littleEndian: data[offset..<offset + 4].enumerated().reduce(0) {
          $0 | Int32($1.element) << (8 * $1.offset)
        })
    }
    return (int32(at: 18), int32(at: 22))
  }

  @Test func aTamperedReplayFailsVerificationWithStatusOneAndNamesTheTick() throws {
    let file = try Self.recorded()
    try Self.tamper(file, chunk: 1)

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
    #expect(result.stderr.hasPrefix("error: \(file): replay checksum mismatch"))
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
    #expect(result.stdout.contains("header: format 3, game asteroids, game version 3, 6 buttons"))
    #expect(result.stdout.contains("seed 21"))
    #expect(result.stdout.contains("ticks 1-"))
    #expect(result.stdout.contains("checkpoints 64:"))
    #expect(result.stdout.contains("end: 200 ticks"))
  }

  @Test func framesWritesOneFullSizeBMPEveryNTicks() throws {
    let file = try Self.recorded(ticks: 300)
    let folder = try CommandRunner.temporaryDirectory().appendingPathComponent("frames").path
    let result = try CommandRunner.run(
      ["replay", file, "--frames", folder, "--every", "64", "--format", "bmp"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "wrote 4 frames (one every 64 ticks) to \(folder)\n")
    // floor(300 / 64) frames, named by tick.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(files == [64, 128, 192, 256].map { "frame-000\($0 < 100 ? "0" : "")\($0).bmp" })
    for name in files {
      let size = try Self.bmpSize(folder + "/" + name)
      #expect(size.width == 1280 && abs(size.height) == 720, "\(name) is \(size)")
    }
  }

  @Test func framesWithVerifyAlsoChecksEveryRecordedHash() throws {
    let file = try Self.recorded(ticks: 300)
    let folder = try CommandRunner.temporaryDirectory().path
    let result = try CommandRunner.run(
      ["replay", file, "--frames", folder, "--every", "100", "--verify"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("wrote 3 frames (one every 100 ticks) to \(folder)\n"))
    #expect(result.stdout.contains("\nverified: all "))
  }

  @Test func framesWithVerifyOfATamperedReplayStillWritesTheFramesAndExitsOne() throws {
    let file = try Self.recorded(ticks: 300)
    try Self.tamper(file, chunk: 0)
    let folder = try CommandRunner.temporaryDirectory().path
    let result = try CommandRunner.run(
      ["replay", file, "--frames", folder, "--every", "100", "--verify"])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("wrote 3 frames"))
    #expect(result.stdout.contains("verification FAILED"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)
  }

  @Test(arguments: [
    ("--dump", "error: --dump does not play the file; drop --frames\n"),
    ("--json", "error: --frames prints text; it cannot be combined with --json\n"),
  ])
  func framesWithDumpOrJSONIsRefusedWithOneLine(flag: String, message: String) throws {
    let folder = try CommandRunner.temporaryDirectory().appendingPathComponent("frames").path
    let result = try CommandRunner.run(["replay", "any.replay", "--frames", folder, flag])
    #expect(result.status == 2)
    #expect(result.stderr == message)
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func aMissingFileExitsWithStatusTwo() throws {
    let result = try CommandRunner.run(["replay", "/nonexistent.replay"])
    #expect(result.status == 2)
    #expect(result.stderr == "error: cannot open /nonexistent.replay: No such file or directory\n")
  }
}
