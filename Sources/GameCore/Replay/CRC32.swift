/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF):
/// the checksum of every replay record and of the whole file.
///
/// The same CRC as zlib, PNG and gzip, so a file can be checked with any standard tool
/// (`crc32` of the bytes named in docs/REPLAY-FORMAT.md gives the stored value).
public struct CRC32: Sendable {
  @usableFromInline static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    return crc
  }

  @usableFromInline var state: UInt32 = 0xFFFF_FFFF

  /// Starts an empty checksum.
  public init() {}

  /// Adds bytes to the checksum.
  @inlinable
  public mutating func update(_ bytes: ArraySlice<UInt8>) {
    let table = Self.table
    var crc = state
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    state = crc
  }

  /// Adds bytes to the checksum.
  @inlinable
  public mutating func update(_ bytes: [UInt8]) { update(bytes[...]) }

  /// The checksum of everything added so far.
  public var value: UInt32 { state ^ 0xFFFF_FFFF }

  /// The checksum of `bytes` alone.
  public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}
