import Testing

@testable import GameCore

@Suite struct CRC32Tests {
  @Test func matchesTheStandardCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
  }

  @Test func incrementalUpdatesEqualOneShot() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var crc = CRC32()
    crc.update(bytes[0..<300])
    crc.update(bytes[300...])
    #expect(crc.value == CRC32.checksum(bytes[...]))
  }
}
