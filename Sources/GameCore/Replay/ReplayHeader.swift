/// Everything that rebuilds the start of a game: the first record of every replay.
///
/// A replay is this header plus the inputs, so the header must hold every value the game's
/// initial state depends on: the seed, the settings blob (`GameSettings.encoded`), and the
/// versions and tick rate that give the inputs their meaning.
public struct ReplayHeader: Equatable, Sendable {
  /// The version of the simulation rules that recorded the replay (`Game.version`).
  public var gameVersion: UInt16
  /// Ticks per second the game ran at.
  public var tickRate: UInt16
  /// Ticks between checkpoint hashes.
  public var checkpointInterval: UInt16
  /// The gameplay RNG seed.
  public var seed: UInt64
  /// The game's own encoding of its settings; opaque to the replay format.
  public var settings: [UInt8]

  /// A header; `checkpointInterval` defaults to a hash every 64 ticks.
  public init(
    gameVersion: UInt16, tickRate: UInt16, seed: UInt64, settings: [UInt8],
    checkpointInterval: UInt16 = UInt16(ReplayFormat.defaultCheckpointInterval)
  ) {
    self.gameVersion = gameVersion
    self.tickRate = tickRate
    self.checkpointInterval = checkpointInterval
    self.seed = seed
    self.settings = settings
  }

  /// The header's bytes: magic, versions, rate, interval, seed, settings, CRC-32.
  public var encoded: [UInt8] {
    precondition(settings.count <= ReplayFormat.maxSettingsBytes, "settings blob too large")
    var writer = ByteWriter()
    writer.append(ReplayFormat.magic)
    writer.u16(ReplayFormat.version)
    writer.u16(gameVersion)
    writer.u16(tickRate)
    writer.u16(checkpointInterval)
    writer.u64(seed)
    writer.u16(UInt16(settings.count))
    writer.append(settings)
    writer.u32(CRC32.checksum(writer.bytes[...]))
    return writer.bytes
  }

  /// Reads a header from the start of `reader`, leaving it just past the header.
  static func decode(from reader: inout ByteReader) throws(ReplayError) -> ReplayHeader {
    let start = reader.offset
    let magic = Array(try prefixOrTruncated(&reader, count: 4))
    guard magic == ReplayFormat.magic else { throw .badMagic(found: magic) }
    let version = try reader.u16()
    guard version == ReplayFormat.version else {
      throw .unsupportedVersion(found: version, supported: ReplayFormat.version)
    }
    let gameVersion = try reader.u16()
    let rateOffset = reader.offset
    let tickRate = try reader.u16()
    let intervalOffset = reader.offset
    let interval = try reader.u16()
    let seed = try reader.u64()
    let lengthOffset = reader.offset
    let length = Int(try reader.u16())
    guard length <= ReplayFormat.maxSettingsBytes else {
      throw .countBeyondLimit(
        field: "settings length", claimed: length, limit: ReplayFormat.maxSettingsBytes,
        atOffset: lengthOffset)
    }
    let settings = Array(try reader.take(length))
    let computed = CRC32.checksum(reader.bytes[start..<reader.offset])
    let stored = try reader.u32()
    guard stored == computed else {
      throw .checksumMismatch(expected: stored, found: computed, atOffset: start)
    }
    // Checked after the CRC so a flipped bit reports as damage, not as a strange value.
    guard ReplayFormat.tickRates.contains(Int(tickRate)) else {
      throw .invalidValue(field: "tick rate", atOffset: rateOffset)
    }
    guard ReplayFormat.checkpointIntervals.contains(Int(interval)) else {
      throw .invalidValue(field: "checkpoint interval", atOffset: intervalOffset)
    }
    return ReplayHeader(
      gameVersion: gameVersion, tickRate: tickRate, seed: seed, settings: settings,
      checkpointInterval: interval)
  }

  /// The magic is read whole or reported as truncated at its start, so a short file that
  /// begins with the wrong bytes still says "bad magic".
  private static func prefixOrTruncated(
    _ reader: inout ByteReader, count: Int
  ) throws(ReplayError) -> ArraySlice<UInt8> {
    let available = min(count, reader.remaining)
    let head = reader.bytes[reader.offset..<reader.offset + available]
    if !ReplayFormat.magic.starts(with: head) { throw .badMagic(found: Array(head)) }
    return try reader.take(count)
  }
}
