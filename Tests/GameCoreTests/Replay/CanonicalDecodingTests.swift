import Foundation
import Testing

@testable import GameCore

/// Every byte of an accepted file is accounted for: decoding a file and encoding what was read
/// gives the same bytes, and the ways of writing more bytes for the same replay are refused.
@Suite struct CanonicalDecodingTests {
  /// The file's records read back and written again with the project's encoder.
  static func reencoded(_ bytes: [UInt8]) throws -> [UInt8] {
    var reader = try ReplayReader(bytes: bytes)
    var encoder = ReplayEncoder(header: reader.header)
    var out = encoder.headerRecord()
    while let chunk = try reader.nextChunk() { out += encoder.chunkRecord(chunk) }
    guard case .complete(let end) = reader.ending else { throw ReplayError.truncated(atOffset: 0) }
    out += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
    return out
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func decodingThenEncodingARecordingGivesTheSameBytes(seed: UInt64) throws {
    let (bytes, _) = try GameTests.record(seed: seed, ticks: 3_000, inputs: GameTests.twoPlayers)
    #expect(try Self.reencoded(bytes) == bytes)
  }

  /// A one-chunk recording rewritten with its chunk's payload changed by `change`, every CRC
  /// and the file checksum valid: what a hostile encoder writes.
  static func forged(_ change: (inout [UInt8]) -> Void) throws -> [UInt8] {
    let (bytes, _) = try GameTests.record(seed: 4, ticks: 90, inputs: GameTests.twoPlayers)
    var reader = try ReplayReader(bytes: bytes)
    let first = try reader.nextChunk()
    let chunk = try #require(first)
    let second = try reader.nextChunk()
    #expect(second == nil, "one chunk")
    guard case .complete(let end) = reader.ending else { throw ReplayError.truncated(atOffset: 0) }
    var model = InputRunModel(bits: Int(reader.header.inputBits))
    var payload = chunk.encodePayload(
      model: &model, checkpointInterval: Int(reader.header.checkpointInterval))
    change(&payload)
    var encoder = ReplayEncoder(header: reader.header)
    var out = encoder.headerRecord()
    out += encoder.rawChunkRecord(payload: payload, ticks: chunk.tickCount)
    out += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
    return out
  }

  @Test func theForgeryWithNothingChangedIsTheRecordingAndReads() throws {
    let (bytes, _) = try GameTests.record(seed: 4, ticks: 90, inputs: GameTests.twoPlayers)
    #expect(try Self.forged { _ in } == bytes)
  }

  /// Reads every record of `bytes`.
  static func readAll(_ bytes: [UInt8]) throws {
    var reader = try ReplayReader(bytes: bytes)
    while try reader.nextChunk() != nil {}
  }

  @Test func bytesAppendedAfterTheCodedInputsAreRefused() throws {
    let forged = try Self.forged { $0 += [UInt8](repeating: 0x55, count: 4_096) }
    let refusal = #expect(throws: ReplayError.self) { try Self.readAll(forged) }
    #expect("\(refusal.map(String.init(describing:)) ?? "")".contains("coded inputs"))
  }

  @Test func aLengthWrittenWithPaddingIsRefused() throws {
    // The payload's first varint (the first tick, 0) written as 0x80 0x00.
    let forged = try Self.forged { $0.replaceSubrange(0..<1, with: [0x80, 0x00]) }
    let refusal = #expect(throws: ReplayError.self) { try Self.readAll(forged) }
    #expect("\(refusal.map(String.init(describing:)) ?? "")".contains("first tick"))
  }

  /// Seeded mutations of a real file: whatever is accepted re-encodes to the very bytes read.
  @Test func everyAcceptedMutationReencodesToItself() throws {
    let (bytes, _) = try GameTests.record(seed: 6, ticks: 2_500, inputs: GameTests.twoPlayers)
    var random = SplitMix64(seed: 99)
    var accepted = 0
    for _ in 0..<2_000 {
      var mutated = bytes
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let index = Int(random.next() % UInt64(mutated.count))
        mutated[index] ^= UInt8(1 << (random.next() % 8))
      }
      guard let again = try? Self.reencoded(mutated) else { continue }
      accepted += 1
      #expect(again == mutated)
    }
    #expect(accepted == 0, "a flipped bit breaks a CRC: nothing should be accepted")
  }
}
