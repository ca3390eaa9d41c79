/// Turns real elapsed time into whole simulation ticks: a pure value the platform feeds with
/// frame durations.
///
/// The simulation always advances in fixed steps (1/64 s by default), whatever the display's
/// frame rate; the remainder is carried to the next frame, and its fraction of a tick is the
/// ``Frame/interpolation`` the renderer blends the last two states with. Time is accumulated
/// exactly as nanoseconds × hz (no rounding of the tick length), so 60 Hz drifts by nothing.
///
/// A frame that would need more than ``maxTicksPerFrame`` ticks (a stall, a debugger, a
/// suspended laptop) runs only that many, and the rest is dropped and counted in
/// ``droppedTicks``: the game slows down instead of spiralling into ever-longer catch-ups.
///
/// ```swift
/// var clock = FixedStepClock()
/// let frame = clock.advance(by: 16_666_667)   // one 60 fps frame
/// for _ in 0..<frame.ticks { simulation.step(input) }
/// renderer.draw(blend: frame.interpolation)
/// ```
public struct FixedStepClock: Equatable, Sendable {
  /// What one call to ``advance(by:)`` asks of the loop.
  public struct Frame: Equatable, Sendable {
    /// Ticks to run now (0 ... ``FixedStepClock/maxTicksPerFrame``).
    public var ticks: Int
    /// How far past the last tick the present is, in 1/65536 of a tick (0 ..< 65536).
    public var interpolation: UInt16
  }

  /// Ticks per second.
  public let hz: Int
  /// Most ticks one frame may run.
  public let maxTicksPerFrame: Int
  /// Leftover time, in nanoseconds × hz (a tick is 1,000,000,000 of these units).
  public private(set) var accumulated: Int64 = 0
  /// Ticks run so far.
  public private(set) var ticksRun: Int64 = 0
  /// Whole ticks thrown away by the per-frame cap.
  public private(set) var droppedTicks: Int64 = 0

  static let nanosecondsPerSecond: Int64 = 1_000_000_000

  /// A clock at `hz` ticks per second (clamped to 1...10,000), running at most
  /// `maxTicksPerFrame` ticks per frame (at least 1).
  public init(hz: Int = 64, maxTicksPerFrame: Int = 8) {
    self.hz = min(max(hz, 1), 10_000)
    self.maxTicksPerFrame = max(1, maxTicksPerFrame)
  }

  /// Real time thrown away by the per-frame cap, in nanoseconds (whole ticks only; the
  /// fraction of a tick always carries over).
  public var droppedNanoseconds: Int64 { droppedTicks * Self.nanosecondsPerSecond / Int64(hz) }

  /// The length of one tick in nanoseconds, rounded down.
  public var tickNanoseconds: Int64 { Self.nanosecondsPerSecond / Int64(hz) }

  /// Accounts for `nanoseconds` of real time (negative counts as zero) and says how many
  /// ticks to run and where between ticks the present falls.
  public mutating func advance(by nanoseconds: Int64) -> Frame {
    // Anything beyond a second is dropped before multiplying, so no input can overflow.
    let elapsed = min(max(nanoseconds, 0), Self.nanosecondsPerSecond)
    let overflowTicks = (max(nanoseconds, 0) - elapsed) / max(tickNanoseconds, 1)
    accumulated += elapsed * Int64(hz)
    var ticks = accumulated / Self.nanosecondsPerSecond
    accumulated -= ticks * Self.nanosecondsPerSecond
    droppedTicks += overflowTicks
    if ticks > Int64(maxTicksPerFrame) {
      droppedTicks += ticks - Int64(maxTicksPerFrame)
      ticks = Int64(maxTicksPerFrame)
    }
    ticksRun += ticks
    let fraction = accumulated * 65_536 / Self.nanosecondsPerSecond
    return Frame(ticks: Int(ticks), interpolation: UInt16(fraction))
  }
}
