import TestGames
import Testing

@testable import GameCore

/// The decoder against hostile files: every one must end in a typed error, never a trap.
@Suite struct ReplayReaderTests {
  /// A small file with several chunks, external actions and an end record.
  static let small: [UInt8] = {
    var player = SyntheticPlayer(rng: 11)
    return try! recordCounterReplay(
      player.inputs(200), externals: [3: [1, 2], 150: [7]], chunkTicks: 64
    ).bytes
  }()

  static func readAll(_ bytes: [UInt8], allowPartial: Bool = false) throws(ReplayError)
    -> ReplayReader.Ending?
  {
    var reader = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
    while try reader.nextChunk() != nil {}
    return reader.ending
  }

  static var validHeader: [UInt8] { CounterSimulation.header.encoded }

  @Test func theSmallFileIsValid() throws {
    #expect(Self.small.count < 400)
    guard case .complete(let end) = try Self.readAll(Self.small) else {
      Issue.record("expected a complete file")
      return
    }
    #expect(end.tickCount == 200)
  }

  @Test func everyTruncationThrowsATypedErrorOrEndsEarlyWhenPartialIsAllowed() {
    let bytes = Self.small
    for length in 0..<bytes.count {
      let prefix = Array(bytes[0..<length])
      #expect(throws: ReplayError.self, "prefix of \(length) bytes") { try Self.readAll(prefix) }
      do {
        let ending = try Self.readAll(prefix, allowPartial: true)
        guard case .endedEarly = ending else {
          Issue.record("prefix of \(length) bytes read as complete")
          continue
        }
      } catch {
        // A prefix cut inside the header cannot be read even partially.
        #expect(length < Self.validHeader.count, "prefix of \(length) bytes: \(error)")
      }
    }
  }

  @Test func aTruncatedFileNamesTheOffsetWhereItStops() {
    let bytes = Array(Self.small.dropLast(3))
    #expect(throws: ReplayError.self) { try Self.readAll(bytes) }
    do {
      _ = try Self.readAll(bytes)
    } catch {
      guard case .truncated(let offset) = error else {
        Issue.record("expected truncated, got \(error)")
        return
      }
      #expect(offset > Self.validHeader.count && offset <= bytes.count)
    }
  }

  @Test func everySingleBitFlipIsDetected() {
    let bytes = Self.small
    for bit in 0..<bytes.count * 8 {
      var flipped = bytes
      flipped[bit / 8] ^= 1 << UInt8(bit % 8)
      #expect(throws: ReplayError.self, "bit \(bit)") { try Self.readAll(flipped) }
      // Partial reading must not trap either, whatever it concludes.
      _ = try? Self.readAll(flipped, allowPartial: true)
    }
  }

  @Test func aWrongMagicIsReportedAsSuch() {
    #expect(throws: ReplayError.badMagic(found: Array("PK\u{3}\u{4}".utf8))) {
      try Self.readAll(Array("PK\u{3}\u{4}rest of a zip".utf8))
    }
    #expect(throws: ReplayError.badMagic(found: [0x53, 0x58])) { try Self.readAll([0x53, 0x58]) }
  }

  @Test func aNewerFormatVersionIsRefusedWithBothVersions() {
    var bytes = Self.small
    bytes[4] = 9
    #expect(throws: ReplayError.unsupportedVersion(found: 9, supported: ReplayFormat.version)) {
      try Self.readAll(bytes)
    }
  }

  @Test func aSettingsBlobClaimingMoreThanTheLimitIsRefusedBeforeReading() {
    var writer = ByteWriter()
    writer.append(ReplayFormat.magic)
    writer.u16(ReplayFormat.version)
    writer.u8(7)
    writer.append(Array("counter".utf8))
    writer.u16(7)
    writer.u8(6)
    writer.u16(64)
    writer.u16(64)
    writer.u64(1)
    writer.u16(0xFFFF)
    #expect(
      throws: ReplayError.countBeyondLimit(
        field: "settings length", claimed: 0xFFFF, limit: ReplayFormat.maxSettingsBytes,
        atOffset: 29)
    ) { try Self.readAll(writer.bytes) }
  }

  @Test func aFormatOneHeaderClaimingTooMuchSettingsIsRefusedToo() {
    var writer = ByteWriter()
    writer.append(ReplayFormat.magic)
    writer.u16(1)
    writer.u16(7)
    writer.u16(64)
    writer.u16(64)
    writer.u64(1)
    writer.u16(0xFFFF)
    #expect(
      throws: ReplayError.countBeyondLimit(
        field: "settings length", claimed: 0xFFFF, limit: ReplayFormat.maxSettingsBytes,
        atOffset: 20)
    ) { try Self.readAll(writer.bytes) }
  }

  @Test func aGameIDLongerThanTheLimitIsRefused() {
    var writer = ByteWriter()
    writer.append(ReplayFormat.magic)
    writer.u16(ReplayFormat.version)
    writer.u8(200)
    #expect(
      throws: ReplayError.countBeyondLimit(
        field: "game id length", claimed: 200, limit: ReplayFormat.maxGameIDBytes, atOffset: 6)
    ) { try Self.readAll(writer.bytes) }
  }

  @Test func aRecordClaimingATerabyteIsRefused() {
    var writer = ByteWriter()
    writer.append(Self.validHeader)
    writer.u8(ReplayFormat.chunkTag)
    writer.varint(1 << 40)
    #expect(
      throws: ReplayError.countBeyondLimit(
        field: "record length", claimed: 1 << 40, limit: ReplayFormat.maxRecordBytes,
        atOffset: Self.validHeader.count + 1)
    ) { try Self.readAll(writer.bytes) }
  }

  /// A header plus one chunk record with a correct CRC around `payload`.
  static func fileWithChunkPayload(_ payload: [UInt8]) -> [UInt8] {
    validHeader + ReplayEncoder.frame(tag: ReplayFormat.chunkTag, payload: payload)
  }

  @Test func aChunkClaimingMoreTicksThanTheLimitIsRefused() {
    var payload = ByteWriter()
    payload.varint(0)
    payload.varint(1 << 30)
    let payloadStart = Self.validHeader.count + 1 + 1
    #expect(
      throws: ReplayError.countBeyondLimit(
        field: "chunk tick count", claimed: 1 << 30, limit: ReplayFormat.maxChunkTicks,
        atOffset: payloadStart + 1)
    ) { try Self.readAll(Self.fileWithChunkPayload(payload.bytes)) }
  }

  @Test func aChunkClaimingThousandsOfExternalActionsWithoutTheirBytesIsTruncated() {
    var payload = ByteWriter()
    payload.varint(0)
    payload.varint(64)
    payload.varint(4000)
    #expect(throws: ReplayError.self) { try Self.readAll(Self.fileWithChunkPayload(payload.bytes)) }
    do {
      _ = try Self.readAll(Self.fileWithChunkPayload(payload.bytes))
    } catch {
      guard case .truncated = error else {
        Issue.record("expected truncated, got \(error)")
        return
      }
    }
  }

  @Test func anOverlongVarintIsRefused() {
    var payload = ByteWriter()
    payload.append([UInt8](repeating: 0xFF, count: 11) + [0])
    #expect(
      throws: ReplayError.invalidValue(field: "first tick", atOffset: Self.validHeader.count + 2)
    ) {
      try Self.readAll(Self.fileWithChunkPayload(payload.bytes))
    }
  }

  @Test func runsLongerThanTheirChunkAreCorruptInputs() {
    var model = InputRunModel(bits: 6)
    let chunk = ReplayChunk(
      firstTick: 0, runs: [InputRun(.fire, length: 100)], checkpoints: [.init(tick: 64, hash: 0)],
      sectionHashes: [])
    var payload = chunk.encodePayload(model: &model, checkpointInterval: 64)
    payload[1] = 70  // the tick count: fewer ticks than the coded run covers
    payload.remove(at: 2)  // the count was a two-byte varint
    #expect(throws: ReplayError.self) { try Self.readAll(Self.fileWithChunkPayload(payload)) }
  }

  @Test func anUnknownRecordTagIsNamedWithItsOffset() {
    let bytes = Self.validHeader + [0x5A, 0, 0, 0, 0, 0]
    #expect(throws: ReplayError.unknownRecord(tag: 0x5A, atOffset: Self.validHeader.count)) {
      try Self.readAll(bytes)
    }
  }

  @Test func bytesAfterTheEndRecordAreRefused() {
    #expect(throws: ReplayError.trailingBytes(atOffset: Self.small.count)) {
      try Self.readAll(Self.small + [0])
    }
  }

  @Test func aChunkRemovedFromTheMiddleIsNoticed() throws {
    // Re-frame the file without its second chunk: every record CRC still holds.
    var reader = try ReplayReader(bytes: Self.small)
    var offsets: [Int] = [reader.bytesRead]
    while try reader.nextChunk() != nil { offsets.append(reader.bytesRead) }
    let bytes = Array(Self.small[0..<offsets[1]] + Self.small[offsets[2]...])
    // The offset is the first-tick field: after the tag and the one-byte length.
    #expect(throws: ReplayError.tickOutOfOrder(expected: 64, found: 128, atOffset: offsets[1] + 2))
    {
      try Self.readAll(bytes)
    }
  }
}
