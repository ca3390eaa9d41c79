/// The constants and limits of the replay file format (docs/REPLAY-FORMAT.md, byte by byte).
///
/// The limits are what make a hostile file harmless: the decoder checks every count and length
/// against them before it reads or allocates anything, so a 20-byte file cannot claim a
/// gigabyte. They sit far above anything the recorder writes.
public enum ReplayFormat {
  /// The first four bytes of every replay: "SRPL".
  public static let magic: [UInt8] = [0x53, 0x52, 0x50, 0x4C]
  /// The newest format version this build writes: 4, which records analog axes (their ranges
  /// in the header, their changes in the input runs). A game without axes writes format 3
  /// (``writtenVersion(axisCount:)``), which adds a short hash of every state section at each
  /// checkpoint to format 2. This build reads every version from 1 (see ``ReplayHeader``).
  public static let version: UInt16 = 4
  /// Every format version this build reads.
  public static let readableVersions: ClosedRange<UInt16> = 1...4

  /// The version a file of a game with `axisCount` axes is written in: 4 with axes, 3 without
  /// (format 4 with no axes would be format 3 and one zero byte; format 3 older builds read).
  public static func writtenVersion(axisCount: Int) -> UInt16 { axisCount > 0 ? 4 : 3 }

  /// True for a range an axis may have: within ``TickInput/axisValues`` (16-bit; the header
  /// has room for 32), more than one value, containing 0.
  public static func isValidAxisRange(_ range: ClosedRange<Int>) -> Bool {
    range.contains(0) && range.lowerBound < range.upperBound
      && TickInput.axisValues.contains(range.lowerBound)
      && TickInput.axisValues.contains(range.upperBound)
  }
  /// Input bits of a version-1 file, which did not record them.
  public static let versionOneInputBits: UInt8 = 6
  /// Longest game id a header may hold.
  public static let maxGameIDBytes = 16
  /// Record tag of a chunk of ticks ("C").
  public static let chunkTag: UInt8 = 0x43
  /// Record tag of the end record ("E").
  public static let endTag: UInt8 = 0x45

  /// Ticks per chunk the recorder writes: a killed recording loses at most this many ticks
  /// (16 s at 64 Hz), and each chunk costs about 14 bytes of framing and section hashes.
  public static let defaultChunkTicks = 1024
  /// Ticks between two checkpoint hashes the recorder writes.
  public static let defaultCheckpointInterval = 64

  /// Largest settings blob the header may hold.
  public static let maxSettingsBytes = 4096
  /// Largest payload of one record.
  public static let maxRecordBytes = 1 << 20
  /// Most ticks one chunk may cover.
  public static let maxChunkTicks = 1 << 16
  /// Most ticks a whole replay may cover (about a year at 64 Hz).
  public static let maxTotalTicks = Int(Int32.max)
  /// Most external actions in one chunk.
  public static let maxExternalActionsPerChunk = 4096
  /// Largest payload of one external action.
  public static let maxExternalActionBytes = 1 << 16
  /// Most state sections a hash record may list.
  public static let maxSections = 64
  /// Accepted tick rates, in ticks per second.
  public static let tickRates = 1...1000
  /// Accepted checkpoint intervals, in ticks.
  public static let checkpointIntervals = 1...4096

  /// True for a game id of 1 to 16 characters from `a`-`z`, `0`-`9` and `-`.
  public static func isValidGameID(_ id: String) -> Bool {
    (1...maxGameIDBytes).contains(id.utf8.count)
      && id.utf8.allSatisfy {
        (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D
      }
  }

  /// Sixteen lowercase hex digits: how the app prints a 64-bit state hash.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
