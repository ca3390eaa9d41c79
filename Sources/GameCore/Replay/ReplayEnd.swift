/// The last record of a complete replay: totals, the full final hashes, and the file checksum.
///
/// A file without it was cut short (a recorder that was killed): its chunks can still be
/// replayed, and the reader reports that it ended early.
public struct ReplayEnd: Equatable, Sendable {
  /// Ticks in the whole replay.
  public var tickCount: Int
  /// The full 64-bit stable hash of the final state.
  public var finalHash: UInt64
  /// The full 64-bit hash of each state section at the end, in section order.
  public var sectionHashes: [UInt64]
  /// CRC-32 of every byte of the file before the end record, leaving out the 4-byte CRC that
  /// ends the header and each record.
  ///
  /// Those trailers must be left out: a CRC run over a block followed by its own CRC always
  /// ends in the same state, so with them in, this checksum would depend only on the records'
  /// lengths.
  public var fileChecksum: UInt32

  /// An end record.
  public init(tickCount: Int, finalHash: UInt64, sectionHashes: [UInt64], fileChecksum: UInt32) {
    self.tickCount = tickCount
    self.finalHash = finalHash
    self.sectionHashes = sectionHashes
    self.fileChecksum = fileChecksum
  }

  var encodedPayload: [UInt8] {
    var writer = ByteWriter()
    writer.varint(tickCount)
    writer.u64(finalHash)
    writer.varint(sectionHashes.count)
    for hash in sectionHashes { writer.u64(hash) }
    writer.u32(fileChecksum)
    return writer.bytes
  }

  static func decodePayload(_ reader: inout ByteReader) throws(ReplayError) -> ReplayEnd {
    let ticks = try reader.varint("total ticks", limit: ReplayFormat.maxTotalTicks)
    let hash = try reader.u64()
    let count = try reader.varint("section count", limit: ReplayFormat.maxSections)
    var sections: [UInt64] = []
    for _ in 0..<count { sections.append(try reader.u64()) }
    let checksum = try reader.u32()
    guard reader.isAtEnd else { throw .trailingBytes(atOffset: reader.offset) }
    return ReplayEnd(
      tickCount: ticks, finalHash: hash, sectionHashes: sections, fileChecksum: checksum)
  }
}
