import Testing

@testable import GameCore

@Suite struct FixedStepClockTests {
  @Test func oneSecondIsExactlySixtyFourTicksWhateverTheFrameRate() {
    for fps in [30, 60, 144, 240] {
      var clock = FixedStepClock()
      var ticks = 0
      for frame in 0..<fps {
        // Frame lengths that add up to exactly one second.
        let length = Int64(1_000_000_000 * (frame + 1) / fps - 1_000_000_000 * frame / fps)
        ticks += clock.advance(by: length).ticks
      }
      #expect(ticks == 64, "at \(fps) fps")
      #expect(clock.accumulated == 0)
    }
  }

  @Test func theInterpolationIsTheFractionOfATickLeftOver() {
    var clock = FixedStepClock()
    let frame = clock.advance(by: 15_625_000 + 15_625_000 / 4)
    #expect(frame.ticks == 1)
    #expect(frame.interpolation == 16_384)
  }

  @Test func aStallRunsAtMostEightTicksAndCountsTheRestAsDropped() {
    var clock = FixedStepClock()
    let frame = clock.advance(by: 500_000_000)  // half a second: 32 ticks due
    #expect(frame.ticks == 8)
    #expect(clock.droppedTicks == 24)
    #expect(clock.droppedNanoseconds == 375_000_000)
    let long = clock.advance(by: 10_000_000_000)  // ten seconds asleep
    #expect(long.ticks == 8)
    #expect(clock.droppedTicks == 24 + 632)
    #expect(clock.ticksRun == 16)
  }

  @Test func otherRatesAndNegativeTimeAreHandled() {
    var clock = FixedStepClock(hz: 60)
    #expect(clock.advance(by: -5).ticks == 0)
    var ticks = 0
    for _ in 0..<120 { ticks += clock.advance(by: 1_000_000_000 / 120).ticks }
    // 120 frames of 8,333,333 ns fall 40 ns short of a second: the last tick is not due yet.
    #expect(ticks == 59)
  }
}
