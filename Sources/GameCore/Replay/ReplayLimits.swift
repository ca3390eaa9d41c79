/// Bounds on what a replay file may ask of the machine that plays it: a replay is a file
/// somebody sent you, and a server verifying thousands of them must survive any of them.
///
/// The defaults let any real recording of up to 24 hours of normal play through, and keep a
/// small hostile file from asking for more: the reader never reads more than ``maxBytes``,
/// checks the magic first, and checks every record's CRC and the file's checksum before a
/// single tick is simulated; then a file whose ticks, times the work of a tick under its
/// settings (``Game/replayWork(of:)``: 1 for normal play, more for stress settings), exceed
/// ``maxTicks`` is refused.
public struct ReplayLimits: Equatable, Sendable {
  /// Most bytes read from a file: 16 MiB by default (a day of typical play is under 2 MB).
  public var maxBytes: Int
  /// Most ticks × work per tick: 24 hours at 64 Hz by default (5,529,600).
  public var maxTicks: Int
  /// True stops replaying once a divergence has been found and its report completed (at the
  /// end of that chunk); false replays to the end regardless.
  public var stopAtDivergence: Bool

  /// Limits.
  public init(maxBytes: Int, maxTicks: Int, stopAtDivergence: Bool = true) {
    self.maxBytes = maxBytes
    self.maxTicks = maxTicks
    self.stopAtDivergence = stopAtDivergence
  }

  /// The defaults: 16 MiB, 24 hours at 64 Hz, stop at the first divergence.
  public static let `default` = ReplayLimits(maxBytes: 16 << 20, maxTicks: 24 * 3_600 * 64)

  /// No limits: for tests and tools that trust their files.
  public static let none = ReplayLimits(maxBytes: .max, maxTicks: .max, stopAtDivergence: false)
}
