/// The game loop with no window: the window loop's ``FixedStepClock`` fed virtual frame time.
///
/// The window loop measures how long each frame took and asks the clock how many ticks to run.
/// This loop makes the frame lengths up instead (by default a steady 60 fps display, whose
/// frames add up to exactly one second every 60 frames) and never sleeps, so headless runs
/// (`simulate`, `sweep`, ``Simulation/run(ticks:bot:)``) go through the same clock code as
/// play, as fast as the CPU allows.
///
/// The game does not depend on the frame lengths: the clock only decides how many ticks run in
/// each frame, and every tick takes its input from the caller (a bot, a replay, a list), so
/// the same inputs give the same game, tick for tick, at any frame rate. A frame longer than
/// ``FixedStepClock/maxTicksPerFrame`` ticks (a virtual display slower than `hz / 8` fps, or a
/// stall in a frame-length sequence) drops the excess time exactly as a stalled window does:
/// the game falls behind virtual time, no tick is skipped, and ``droppedTicks`` counts it.
///
/// ```swift
/// var loop = HeadlessLoop(hz: 64, framesPerSecond: 60)
/// loop.run(ticks: 11_520) { _ in simulation.step(bot.input(for: simulation.state)) }
/// print(loop.frames, loop.droppedTicks)
/// ```
///
/// > Important: ``run(ticks:_:)`` runs exactly the ticks asked for. When the last frame is
/// > due more ticks than remain, the surplus is not run (as the window loop's tick limit
/// > does), so the clock's own ``FixedStepClock/ticksRun`` may exceed ``ticksRun``.
public struct HeadlessLoop: Sendable {
  /// Frames per second of the virtual display.
  public let framesPerSecond: Int
  // Stored as usable-from-inline so `run` can be inlined into its caller: the per-tick
  // closure then costs nothing over a plain `for` loop.
  @usableFromInline var _clock: FixedStepClock
  @usableFromInline var _frames: Int64 = 0
  @usableFromInline var _ticksRun: Int64 = 0

  /// The clock, as the window loop uses it.
  public var clock: FixedStepClock { _clock }
  /// Virtual frames fed to the clock so far.
  public var frames: Int64 { _frames }
  /// Ticks run so far.
  public var ticksRun: Int64 { _ticksRun }

  /// Accepted virtual frame rates.
  public static let frameRates = 1...1000

  /// A loop at `hz` ticks per second on a virtual display of `framesPerSecond` frames per
  /// second (clamped to ``frameRates``), running at most `maxTicksPerFrame` ticks a frame.
  public init(hz: Int = 64, framesPerSecond: Int = 60, maxTicksPerFrame: Int = 8) {
    _clock = FixedStepClock(hz: hz, maxTicksPerFrame: maxTicksPerFrame)
    self.framesPerSecond = min(
      max(framesPerSecond, Self.frameRates.lowerBound), Self.frameRates.upperBound)
  }

  /// Whole ticks the clock dropped because a frame was due more than it may run.
  public var droppedTicks: Int64 { _clock.droppedTicks }

  /// The length of frame `index` of a display at `framesPerSecond` (at least 1), in
  /// nanoseconds: every `framesPerSecond` frames add up to exactly one second, so virtual time
  /// never drifts.
  @inlinable
  public static func frameNanoseconds(_ index: Int64, framesPerSecond: Int) -> Int64 {
    let second: Int64 = 1_000_000_000
    let fps = Int64(max(framesPerSecond, 1))
    let frame = index % fps
    return second * (frame + 1) / fps - second * frame / fps
  }

  /// Runs `ticks` ticks on the virtual display: frame after frame, the ticks the clock asks
  /// for, each by calling `tick` with the number of ticks run before it in this call.
  @inlinable
  public mutating func run(ticks: Int, _ tick: (Int) throws -> Void) rethrows {
    let fps = framesPerSecond
    try run(
      ticks: ticks, frameNanoseconds: { Self.frameNanoseconds($0, framesPerSecond: fps) }, tick)
  }

  /// Runs `ticks` ticks with frame lengths from `frameNanoseconds` (given the frame's index
  /// since the loop was made): irregular frames, stalls, a recorded frame-time trace.
  ///
  /// > Important: The lengths must keep adding up to whole ticks; a source that returns 0
  /// > forever never finishes.
  @inlinable
  public mutating func run(
    ticks: Int, frameNanoseconds: (Int64) -> Int64, _ tick: (Int) throws -> Void
  ) rethrows {
    var done = 0
    defer { _ticksRun += Int64(done) }
    while done < ticks {
      let due = _clock.advance(by: frameNanoseconds(_frames)).ticks
      _frames += 1
      for _ in 0..<min(due, ticks - done) {
        try tick(done)
        done += 1
      }
    }
  }
}
