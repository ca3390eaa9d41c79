/// Reads a replay file chunk by chunk, treating every byte as hostile.
///
/// Streaming keeps memory bounded by one chunk whatever the file claims: a chunk holds at most
/// ``ReplayFormat/maxChunkTicks`` ticks, and nothing is allocated before the bytes that justify
/// it have been read and their CRC checked. Errors are ``ReplayError`` values naming the byte
/// offset or tick; the reader never traps.
///
/// ```swift
/// var reader = try ReplayReader(bytes: fileBytes)
/// while let chunk = try reader.nextChunk() { ... }
/// if case .complete(let end) = reader.ending { ... }
/// ```
public struct ReplayReader {
  /// How the file ended; `nil` until ``nextChunk()`` has returned `nil`.
  public enum Ending: Equatable, Sendable {
    /// The end record was read and agrees with the chunks and the file checksum.
    case complete(ReplayEnd)
    /// The file stops after `afterTick` ticks without an end record: an interrupted recording.
    /// Only returned when the reader was made with `allowPartial`.
    case endedEarly(afterTick: Int, atOffset: Int)
  }

  /// The header, read and checked by the initialiser.
  public let header: ReplayHeader
  /// How the file ended, once the last chunk has been read.
  public private(set) var ending: Ending?
  /// Ticks in the chunks read so far.
  public private(set) var ticksRead = 0
  /// Bytes consumed so far: for progress reports.
  public var bytesRead: Int { reader.offset }
  /// The size of the file.
  public var byteCount: Int { reader.end }

  private var reader: ByteReader
  private var model: InputRunModel
  private var fileChecksum = CRC32()
  private let allowPartial: Bool

  /// Reads and checks the header.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - allowPartial: Accept a file cut short (a `.part` file of a killed recorder): its
  ///     complete chunks are returned and ``ending`` says where it stopped. Without it a
  ///     missing end record is ``ReplayError/truncated(atOffset:)``.
  public init(bytes: [UInt8], allowPartial: Bool = false) throws(ReplayError) {
    var reader = ByteReader(bytes)
    header = try ReplayHeader.decode(from: &reader)
    fileChecksum.update(bytes[0..<reader.offset - 4])
    self.reader = reader
    self.allowPartial = allowPartial
    model = InputRunModel(bits: Int(header.inputBits), axes: header.axisRanges)
  }

  /// The next chunk, or `nil` once the end record (or, with `allowPartial`, the end of the
  /// flushed data) has been reached.
  public mutating func nextChunk() throws(ReplayError) -> ReplayChunk? {
    guard ending == nil else { return nil }
    let start = reader.offset
    if reader.isAtEnd {
      return try endEarly(truncatedAt: start, recordStart: start)
    }
    var payload: ByteReader
    let tag: UInt8
    do {
      (tag, payload) = try readRecord()
    } catch {
      if case .truncated(let offset) = error {
        return try endEarly(truncatedAt: offset, recordStart: start)
      }
      throw error
    }
    switch tag {
    case ReplayFormat.chunkTag:
      let chunk = try ReplayChunk.decodePayload(
        &payload, model: &model, checkpointInterval: Int(header.checkpointInterval),
        expectedFirstTick: ticksRead, formatVersion: header.formatVersion)
      ticksRead += chunk.tickCount
      fileChecksum.update(reader.bytes[start..<reader.offset - 4])
      return chunk
    case ReplayFormat.endTag:
      let end = try ReplayEnd.decodePayload(&payload)
      guard end.tickCount == ticksRead else {
        throw .endMismatch(
          field: "it counts \(end.tickCount) ticks, the chunks hold \(ticksRead)", atOffset: start)
      }
      guard end.fileChecksum == fileChecksum.value else {
        throw .checksumMismatch(
          expected: end.fileChecksum, found: fileChecksum.value, atOffset: start)
      }
      guard reader.isAtEnd else { throw .trailingBytes(atOffset: reader.offset) }
      ending = .complete(end)
      return nil
    default:
      throw .unknownRecord(tag: tag, atOffset: start)
    }
  }

  /// Reads one record's framing (tag, length, payload, CRC) and returns a reader over its
  /// payload, after checking the CRC.
  private mutating func readRecord() throws(ReplayError) -> (UInt8, ByteReader) {
    let start = reader.offset
    let tag = try reader.u8()
    guard tag == ReplayFormat.chunkTag || tag == ReplayFormat.endTag else {
      throw .unknownRecord(tag: tag, atOffset: start)
    }
    let length = try reader.varint("record length", limit: ReplayFormat.maxRecordBytes)
    let payloadStart = reader.offset
    _ = try reader.take(length)
    let computed = CRC32.checksum(reader.bytes[start..<reader.offset])
    let stored = try reader.u32()
    guard stored == computed else {
      throw .checksumMismatch(expected: stored, found: computed, atOffset: start)
    }
    return (tag, ByteReader(reader.bytes, from: payloadStart, end: payloadStart + length))
  }

  private mutating func endEarly(
    truncatedAt offset: Int, recordStart: Int
  ) throws(ReplayError) -> ReplayChunk? {
    guard allowPartial else { throw .truncated(atOffset: offset) }
    ending = .endedEarly(afterTick: ticksRead, atOffset: recordStart)
    return nil
  }
}
