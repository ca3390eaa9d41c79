/// Everything that rebuilds the start of a game: the first record of every replay.
///
/// A replay is this header plus the inputs, so the header must hold every value the game's
/// initial state depends on: the game, the seed, the settings blob (``GameSettings/encoded``),
/// and the versions, input width and tick rate that give the inputs their meaning.
///
/// Format version 2 names the game and its input width. A version-1 file (written before the
/// engine served more than one game) names neither: it reads with an empty ``gameID``, which
/// the app maps to the game that wrote version 1, and six input bits. Format 4 adds the
/// ranges of the game's analog axes; a game without axes writes format 3, which is format 4
/// without them (and which older builds read).
public struct ReplayHeader: Equatable, Sendable {
  /// The format version the header was read in (this build writes 4 with axes, 3 without).
  public var formatVersion: UInt16
  /// The game's short id (``Game/id``); empty in a version-1 file.
  public var gameID: String
  /// The version of the simulation rules that recorded the replay (``Game/version``).
  public var gameVersion: UInt16
  /// Bits of each tick's input: the game's number of buttons (1...32).
  public var inputBits: UInt8
  /// Ticks per second the game ran at.
  public var tickRate: UInt16
  /// Ticks between checkpoint hashes.
  public var checkpointInterval: UInt16
  /// The gameplay RNG seed.
  public var seed: UInt64
  /// The game's own encoding of its settings; opaque to the replay format.
  public var settings: [UInt8]
  /// The range of each of the game's analog axes, in axis order (``ButtonLayout/axisRanges``);
  /// empty for a game of buttons only and in files of formats 1 to 3.
  public var axisRanges: [ClosedRange<Int>]

  /// A header of the current format (4 with axes, 3 without); `checkpointInterval` defaults to
  /// a hash every 64 ticks.
  public init(
    gameID: String, gameVersion: UInt16, inputBits: UInt8, tickRate: UInt16, seed: UInt64,
    settings: [UInt8],
    checkpointInterval: UInt16 = UInt16(ReplayFormat.defaultCheckpointInterval),
    axisRanges: [ClosedRange<Int>] = []
  ) {
    self.formatVersion = ReplayFormat.writtenVersion(axisCount: axisRanges.count)
    self.axisRanges = axisRanges
    self.gameID = gameID
    self.gameVersion = gameVersion
    self.inputBits = inputBits
    self.tickRate = tickRate
    self.checkpointInterval = checkpointInterval
    self.seed = seed
    self.settings = settings
  }

  /// The header's bytes in the current format: magic, format version, game id, game version,
  /// input bits, rate, interval, seed, settings, (format 4) the axes' ranges, CRC-32.
  public var encoded: [UInt8] {
    precondition(settings.count <= ReplayFormat.maxSettingsBytes, "settings blob too large")
    precondition(ReplayFormat.isValidGameID(gameID), "game id must be 1-16 of a-z, 0-9, -")
    precondition((1...32).contains(inputBits), "input bits must be 1...32")
    precondition(
      axisRanges.count <= TickInput.maxAxes && axisRanges.allSatisfy(ReplayFormat.isValidAxisRange),
      "at most 4 axes, each 16-bit and containing 0")
    var writer = ByteWriter()
    writer.append(ReplayFormat.magic)
    writer.u16(ReplayFormat.writtenVersion(axisCount: axisRanges.count))
    writer.u8(UInt8(gameID.utf8.count))
    writer.append(Array(gameID.utf8))
    writer.u16(gameVersion)
    writer.u8(inputBits)
    writer.u16(tickRate)
    writer.u16(checkpointInterval)
    writer.u64(seed)
    writer.u16(UInt16(settings.count))
    writer.append(settings)
    if !axisRanges.isEmpty {
      writer.u8(UInt8(axisRanges.count))
      for range in axisRanges {
        writer.u32(UInt32(bitPattern: Int32(range.lowerBound)))
        writer.u32(UInt32(bitPattern: Int32(range.upperBound)))
      }
    }
    writer.u32(CRC32.checksum(writer.bytes[...]))
    return writer.bytes
  }

  /// Reads a header from the start of `reader`, leaving it just past the header.
  static func decode(from reader: inout ByteReader) throws(ReplayError) -> ReplayHeader {
    let start = reader.offset
    let magic = Array(try prefixOrTruncated(&reader, count: 4))
    guard magic == ReplayFormat.magic else { throw .badMagic(found: magic) }
    let version = try reader.u16()
    guard ReplayFormat.readableVersions.contains(version) else {
      throw .unsupportedVersion(found: version, supported: ReplayFormat.version)
    }
    var gameID = ""
    var idOffset = 0
    if version >= 2 {
      idOffset = reader.offset
      let idLength = Int(try reader.u8())
      guard idLength <= ReplayFormat.maxGameIDBytes else {
        throw .countBeyondLimit(
          field: "game id length", claimed: idLength, limit: ReplayFormat.maxGameIDBytes,
          atOffset: idOffset)
      }
      gameID = String(decoding: try reader.take(idLength), as: UTF8.self)
    }
    let gameVersion = try reader.u16()
    let bitsOffset = reader.offset
    let inputBits = version >= 2 ? try reader.u8() : ReplayFormat.versionOneInputBits
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
    var axisRanges: [ClosedRange<Int>] = []
    let axesOffset = reader.offset
    var axesValid = true
    if version >= 4 {
      let count = Int(try reader.u8())
      guard count <= TickInput.maxAxes else {
        throw .countBeyondLimit(
          field: "axis count", claimed: count, limit: TickInput.maxAxes, atOffset: axesOffset)
      }
      axesValid = count > 0
      for _ in 0..<count {
        let low = Int(Int32(bitPattern: try reader.u32()))
        let high = Int(Int32(bitPattern: try reader.u32()))
        guard low <= high else {
          axesValid = false
          continue
        }
        axisRanges.append(low...high)
      }
      axesValid = axesValid && axisRanges.allSatisfy(ReplayFormat.isValidAxisRange)
    }
    let computed = CRC32.checksum(reader.bytes[start..<reader.offset])
    let stored = try reader.u32()
    guard stored == computed else {
      throw .checksumMismatch(expected: stored, found: computed, atOffset: start)
    }
    // Checked after the CRC so a flipped bit reports as damage, not as a strange value.
    guard version == 1 || ReplayFormat.isValidGameID(gameID) else {
      throw .invalidValue(field: "game id", atOffset: idOffset)
    }
    guard (1...32).contains(inputBits) else {
      throw .invalidValue(field: "input bits", atOffset: bitsOffset)
    }
    guard ReplayFormat.tickRates.contains(Int(tickRate)) else {
      throw .invalidValue(field: "tick rate", atOffset: rateOffset)
    }
    guard ReplayFormat.checkpointIntervals.contains(Int(interval)) else {
      throw .invalidValue(field: "checkpoint interval", atOffset: intervalOffset)
    }
    // Format 4 exists for its axes: one without any is a file this build never writes.
    guard axesValid else { throw .invalidValue(field: "axis ranges", atOffset: axesOffset) }
    var header = ReplayHeader(
      gameID: gameID, gameVersion: gameVersion, inputBits: inputBits, tickRate: tickRate,
      seed: seed, settings: settings, checkpointInterval: interval, axisRanges: axisRanges)
    header.formatVersion = version
    return header
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
