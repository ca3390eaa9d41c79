import Foundation
import TestGames
import Testing

@testable import GameCore

/// Analog axes and a pointer, recorded in format 4 and replayed bit for bit; games without axes
/// keep writing format 3.
@Suite struct AnalogReplayTests {
  /// `ticks` ticks of the wiggle bot, recorded in chunks of 100 ticks.
  static func record(seed: UInt64, ticks: Int) throws -> (
    bytes: [UInt8], hash: UInt64, inputs: [TickInput]
  ) {
    let simulation = Simulation<PaddleGame>(seed: seed)
    var bot = try #require(PaddleGame.bot(named: "wiggle", seed: seed))
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: PaddleGame.self, seed: seed, settings: NoSettings()), sink: sink,
      chunkTicks: 100)
    var inputs: [TickInput] = []
    for _ in 0..<ticks {
      let input = bot.input(for: simulation.state)
      inputs.append(input)
      simulation.step(input)
      try recorder.record(input, after: simulation.state)
    }
    let hash = try recorder.finish(state: simulation.state)
    return (sink.bytes, hash, inputs)
  }

  @Test func aPaddleAndPointerGameRecordsFormatFourAndVerifies() throws {
    let (bytes, hash, inputs) = try Self.record(seed: 3, ticks: 2_500)
    let outcome = try PaddleGame.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.verified)
    #expect(outcome.finalHash == hash)
    #expect(outcome.header.formatVersion == 4)
    #expect(outcome.header.axisRanges == [-127...127, 0...159, 0...89])
    #expect(outcome.simulation.state.clicks > 100)
    var reader = try ReplayReader(bytes: bytes)
    var read: [TickInput] = []
    while let chunk = try reader.nextChunk() { read += chunk.runs.expandedInputs }
    #expect(read == inputs)
  }

  @Test func decodingThenEncodingAFormatFourRecordingGivesTheSameBytes() throws {
    let (bytes, _, _) = try Self.record(seed: 8, ticks: 700)
    #expect(try CanonicalDecodingTests.reencoded(bytes) == bytes)
  }

  @Test func aGameWithoutAxesStillWritesFormatThree() throws {
    let (bytes, _) = try GameTests.record(seed: 2, ticks: 300, inputs: GameTests.twoPlayers)
    let header = try ReplayReader(bytes: bytes).header
    #expect(header.formatVersion == 3)
    #expect(header.axisRanges.isEmpty)
    // Format 3's header: 28 bytes, the id ("tally") and the settings, with no axis count and
    // no ranges.
    let settings = TallyGame.Settings.headless.encoded.count
    #expect(
      ReplayHeader(game: TallyGame.self, seed: 1, settings: .headless).encoded.count
        == 28 + "tally".utf8.count + settings)
  }

  @Test func aFileWithOtherAxesIsRefusedByName() throws {
    var header = ReplayHeader(game: PaddleGame.self, seed: 1, settings: NoSettings())
    header.axisRanges = [-127...127]
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    let error = ReplayError.axesMismatch(
      found: [-127...127], expected: [-127...127, 0...159, 0...89])
    #expect(throws: error) {
      try PaddleGame.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    }
    #expect(
      error.description
        == "replay records analog axes -127...127; this game has -127...127, 0...159, 0...89")
    // A file of buttons only (every file before format 4) names no axes.
    let tally = try GameTests.record(seed: 1, ticks: 10, inputs: GameTests.twoPlayers).bytes
    #expect(throws: ReplayError.self) {
      try ReplayPlayer<Simulation<PaddleGame>>.play(tally, verify: true)
    }
  }

  @Test func aFileWithoutAxesReplaysInAGameWithAxesOnlyUnderAnOlderRulesVersion() {
    var header = ReplayHeader(game: PaddleGame.self, seed: 1, settings: NoSettings())
    #expect(Simulation<PaddleGame>.playsAxes(of: header))
    header.axisRanges = []
    #expect(!Simulation<PaddleGame>.playsAxes(of: header), "today's rules record their axes")
    header.gameVersion = PaddleGame.version - 1
    #expect(Simulation<PaddleGame>.playsAxes(of: header), "recorded before the axes came")
    header.axisRanges = [-127...127]
    #expect(!Simulation<PaddleGame>.playsAxes(of: header), "other axes, whatever the version")
  }

  @Test func aValueOutsideItsAxisRangeIsCorruptInput() throws {
    let runs = [
      InputRun(TickInput(axes: [5]), length: 3), InputRun(TickInput(axes: [500]), length: 2),
    ]
    var wide = InputRunModel(bits: 1, axes: [-1_000...1_000])
    var encoder = RangeEncoder()
    for run in runs { wide.encode(run, into: &encoder) }
    let bytes = encoder.finish()
    var same = InputRunModel(bits: 1, axes: [-1_000...1_000])
    var decoder = try RangeDecoder(bytes[...], tick: 41)
    #expect(try same.decode(from: &decoder) == runs[0])
    #expect(try same.decode(from: &decoder) == runs[1])
    var narrow = InputRunModel(bits: 1, axes: [-127...127])
    decoder = try RangeDecoder(bytes[...], tick: 41)
    #expect(try narrow.decode(from: &decoder) == runs[0])
    #expect(throws: ReplayError.corruptInputs(atTick: 41)) { try narrow.decode(from: &decoder) }
  }

  @Test func aFormatFourHeaderWithoutAxesOrWithARangeMissingZeroIsRefused() throws {
    for ranges in [[], [1...5]] as [[ClosedRange<Int>]] {
      var writer = ByteWriter()
      writer.append(ReplayFormat.magic)
      writer.u16(4)
      writer.u8(6)
      writer.append(Array("paddle".utf8))
      writer.u16(1)
      writer.u8(1)
      writer.u16(64)
      writer.u16(64)
      writer.u64(1)
      writer.u16(0)
      let axesOffset = writer.bytes.count
      writer.u8(UInt8(ranges.count))
      for range in ranges {
        writer.u32(UInt32(bitPattern: Int32(range.lowerBound)))
        writer.u32(UInt32(bitPattern: Int32(range.upperBound)))
      }
      writer.u32(CRC32.checksum(writer.bytes[...]))
      #expect(throws: ReplayError.invalidValue(field: "axis ranges", atOffset: axesOffset)) {
        try ReplayReader(bytes: writer.bytes)
      }
    }
  }

  @Test func stillAxesCostAlmostNothing() throws {
    // The same buttons with and without three axes held still: the axes add a bit or so a run.
    let buttons = (0..<4_000).map { $0 % 40 < 10 ? TickInput.click : [] }
    func size(_ axes: [ClosedRange<Int>], _ inputs: [TickInput]) -> Int {
      var model = InputRunModel(bits: 1, axes: axes)
      var encoder = RangeEncoder()
      for run in [InputRun](runsOf: inputs) { model.encode(run, into: &encoder) }
      return encoder.finish().count
    }
    let plain = size([], buttons)
    let still = size(
      PaddleGame.buttons.axisRanges, buttons.map { TickInput($0, axes: [-20, 80, 45]) })
    #expect(still <= plain + 20)
  }
}

/// A format-4 file kept in the tests: a change to the axes' coding that would stop it reading,
/// or a change to its game, fails here (as the demos pin formats 1 to 3).
@Suite struct AnalogFixtureTests {
  static let path =
    String(
      #filePath.dropLast("Replay/AnalogReplayTests.swift".count)) + "Fixtures/paddle-format4.replay"

  /// `WRITE_FIXTURES=1` writes the fixture again first: the wiggle bot, seed 5, 1,200 ticks in
  /// chunks of 100 (only when the pinned hash is meant to change).
  @Test func theFormatFourFixtureVerifiesToItsPinnedHash() throws {
    if ProcessInfo.processInfo.environment["WRITE_FIXTURES"] == "1" {
      let (bytes, _, _) = try AnalogReplayTests.record(seed: 5, ticks: 1_200)
      try Data(bytes).write(to: URL(fileURLWithPath: Self.path))
    }
    let bytes = try #require(FileManager.default.contents(atPath: Self.path).map { [UInt8]($0) })
    let outcome = try PaddleGame.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.verified)
    #expect(outcome.header.formatVersion == 4)
    #expect(outcome.ticks == 1_200)
    #expect(ReplayFormat.hex(outcome.finalHash) == "a2c541194710b009")
  }
}
