import GameCore
import GameFiles
import Testing

@testable import AsteroidsGame

/// The bundled demo replays (assets/asteroids/demos/, recorded by scripts/record-demos in another
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
    parts.removeLast(4)  // Tests/AsteroidsGameTests/Engine/DemoReplayTests.swift
    return parts.joined(separator: "/") + "/assets/asteroids/demos/"
  }()

  @Test(arguments: demos.indices)
  func aDemoReplaysToItsPinnedHashAndVerifies(index: Int) throws {
    let demo = Self.demos[index]
    let bytes = try ReplayFile.read(path: Self.directory + demo.file)
    let outcome = try ReplayPlayer<Simulation<Asteroids>>.play(bytes, verify: true)
    #expect(outcome.header.seed == demo.seed)
    #expect(outcome.ticks == 11_520)
    #expect(ReplayFormat.hex(outcome.finalHash) == demo.hash)
    #expect(outcome.simulation.state.score.score == demo.score)
    #expect(outcome.verified, "\(outcome.desync.map(String.init(describing:)) ?? "")")
    #expect(bytes.count * 4 < 11_520, "a demo costs under a quarter byte per tick")
  }

  @Test func theDemosAreFormatOneFilesThatNameNoGame() throws {
    for demo in Self.demos {
      let header = try ReplayReader(bytes: try ReplayFile.read(path: Self.directory + demo.file))
        .header
      #expect(header.formatVersion == 1)
      #expect(header.gameID == "")
      #expect(header.inputBits == 6)
      #expect(header.gameVersion == 1)
      #expect(Asteroids.legacyHashing.contains { $0.versions.contains(header.gameVersion) })
    }
  }

  @Test func aDemoReencodedInTheCurrentFormatVerifiesToTheSameHashAndSize() throws {
    let demo = Self.demos[0]
    let old = try ReplayFile.read(path: Self.directory + demo.file)
    var reader = try ReplayReader(bytes: old)
    let settings = try AsteroidsSettings(encoded: reader.header.settings)
    let simulation = Simulation<Asteroids>(seed: demo.seed, settings: settings)
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: Asteroids.self, seed: demo.seed, settings: settings), sink: sink)
    while let chunk = try reader.nextChunk() {
      for input in chunk.runs.expandedInputs {
        simulation.step(input)
        try recorder.record(input, after: simulation.state)
      }
    }
    let hash = try recorder.finish(state: simulation.state)
    #expect(hash == simulation.hash)
    let version1 = StateHashing(legacy: Asteroids.legacyHashing[0])
    #expect(ReplayFormat.hex(version1.hash(simulation.state)) == demo.hash)
    let outcome = try ReplayPlayer<Simulation<Asteroids>>.play(sink.bytes, verify: true)
    #expect(outcome.verified)
    #expect(outcome.header.gameID == "asteroids")
    #expect(outcome.header.formatVersion == 3)
    // The same inputs cost the same bytes: only the header grew (by the id and the width), and
    // each chunk by its checkpoints' section hashes (format 3): a count, then at each
    // checkpoint a two-byte mask of the ten sections and two bytes per section it marks. The
    // state has one section fewer than rules version 1 hashed (its sound cues are `@Drawn`):
    // four bytes fewer at each chunk's end and eight in the end record.
    var written = try ReplayReader(bytes: sink.bytes)
    var sectionBytes = 0
    var chunks = 0
    while let chunk = try written.nextChunk() {
      sectionBytes += 1
      chunks += 1
      var previous = [UInt16](repeating: 0, count: 10)
      for checkpoint in chunk.checkpoints {
        #expect(checkpoint.sections.count == 10)
        sectionBytes += 2 + 2 * zip(checkpoint.sections, previous).filter { $0 != $1 }.count
        previous = checkpoint.sections
      }
    }
    // A chunk's payload length (a varint) may take one byte more now that it is longer. The
    // settings grew by one byte too (layout 2 gives the title flag a byte of its own).
    let settingsGrowth = settings.encoded.count - reader.header.settings.count
    let fewer = 4 * chunks + 8
    let grown =
      sink.bytes.count
      - (old.count + 1 + "asteroids".utf8.count + 1 + settingsGrowth + sectionBytes - fewer)
    #expect((0...chunks).contains(grown), "\(grown) bytes more than the hashes explain")
  }
}
