/// Turns a header, chunks and final hashes into the bytes of a replay file, record by record.
///
/// Pure: it returns bytes and never touches a file, so the recorder can hand each record to
/// a sink as soon as it is complete, and tests can encode in memory.
public struct ReplayEncoder {
  /// The header the file starts with.
  public let header: ReplayHeader
  /// Ticks in the chunks encoded so far.
  public private(set) var ticksEncoded = 0
  private var model: InputRunModel
  private var fileChecksum = CRC32()

  /// An encoder for a file with this header.
  public init(header: ReplayHeader) {
    self.header = header
    model = InputRunModel(bits: Int(header.inputBits), axes: header.axisRanges)
  }

  /// The header record; must be written first.
  public mutating func headerRecord() -> [UInt8] {
    let bytes = header.encoded
    fileChecksum.update(bytes.dropLast(4))
    return bytes
  }

  /// The record of the next chunk, which must start where the previous one ended.
  public mutating func chunkRecord(_ chunk: ReplayChunk) -> [UInt8] {
    precondition(chunk.firstTick == ticksEncoded, "chunks must be encoded in order")
    precondition(chunk.runs.allSatisfy { $0.length > 0 }, "runs are at least one tick long")
    precondition(chunk.tickCount <= ReplayFormat.maxChunkTicks, "chunk too long")
    let payload = chunk.encodePayload(
      model: &model, checkpointInterval: Int(header.checkpointInterval))
    ticksEncoded += chunk.tickCount
    let bytes = Self.frame(tag: ReplayFormat.chunkTag, payload: payload)
    fileChecksum.update(bytes.dropLast(4))
    return bytes
  }

  /// A chunk record around a payload as given, counted as `ticks` ticks: how tests write the
  /// files a hostile encoder would (valid CRCs around bytes this encoder never writes).
  mutating func rawChunkRecord(payload: [UInt8], ticks: Int) -> [UInt8] {
    ticksEncoded += ticks
    let bytes = Self.frame(tag: ReplayFormat.chunkTag, payload: payload)
    fileChecksum.update(bytes.dropLast(4))
    return bytes
  }

  /// The end record: totals, the full final hashes, and the checksum of the whole file.
  public func endRecord(finalHash: UInt64, sectionHashes: [UInt64]) -> [UInt8] {
    let end = ReplayEnd(
      tickCount: ticksEncoded, finalHash: finalHash, sectionHashes: sectionHashes,
      fileChecksum: fileChecksum.value)
    return Self.frame(tag: ReplayFormat.endTag, payload: end.encodedPayload)
  }

  static func frame(tag: UInt8, payload: [UInt8]) -> [UInt8] {
    var writer = ByteWriter()
    writer.u8(tag)
    writer.varint(payload.count)
    writer.append(payload)
    writer.u32(CRC32.checksum(writer.bytes[...]))
    return writer.bytes
  }
}
