import TestGames
import Testing

@testable import GameCore

@Suite struct HeadlessLoopTests {
  @Test(arguments: [1, 7, 30, 60, 144, 240, 1_000])
  func theLoopRunsExactlyTheTicksAskedForAtAnyFrameRate(fps: Int) {
    var loop = HeadlessLoop(hz: 64, framesPerSecond: fps)
    var seen: [Int] = []
    loop.run(ticks: 1_000) { seen.append($0) }
    #expect(seen == Array(0..<1_000))
    #expect(loop.ticksRun == 1_000)
    // Every frame before the last ran what the clock granted; the last was cut to fit.
    #expect(loop.clock.ticksRun >= 1_000)
    #expect(loop.clock.ticksRun - 1_000 < Int64(loop.clock.maxTicksPerFrame))
    #expect(loop.frames >= 1_000 / 8)
  }

  @Test func framesOfOneVirtualSecondAddUpToExactlyOneSecond() {
    for fps in [1, 7, 30, 60, 144, 240, 1_000] {
      let total = (0..<Int64(fps)).map {
        HeadlessLoop.frameNanoseconds($0, framesPerSecond: fps)
      }.reduce(0, +)
      #expect(total == 1_000_000_000, "at \(fps) fps")
      #expect(
        HeadlessLoop.frameNanoseconds(Int64(fps) * 1_000_000 + 3, framesPerSecond: fps)
          == HeadlessLoop.frameNanoseconds(3, framesPerSecond: fps))
    }
  }

  @Test func aDisplayFasterThanEightTicksAFrameDropsNothing() {
    var loop = HeadlessLoop(hz: 64, framesPerSecond: 60)
    loop.run(ticks: 6_400) { _ in }
    #expect(loop.droppedTicks == 0)
    // 100 virtual seconds at 60 fps: 6,000 frames.
    #expect(loop.frames == 6_000)
  }

  @Test func aSlowVirtualDisplayDropsTimeButRunsEveryTick() {
    // 4 fps at 64 Hz: 16 ticks are due each frame, 8 run and 8 are dropped.
    var loop = HeadlessLoop(hz: 64, framesPerSecond: 4)
    var count = 0
    loop.run(ticks: 80) { _ in count += 1 }
    #expect(count == 80)
    #expect(loop.frames == 10)
    #expect(loop.droppedTicks == 80)
  }

  @Test func aThrowingTickStopsTheRunAndCountsTheTicksDone() {
    struct Stop: Error {}
    var loop = HeadlessLoop()
    var stopped = false
    do {
      try loop.run(ticks: 100) { tick in if tick == 40 { throw Stop() } }
    } catch {
      stopped = error is Stop
    }
    #expect(stopped)
    #expect(loop.ticksRun == 40)
  }

  @Test func aBotGameThroughTheLoopIsTheStraightGameTickForTick() {
    let straight = Simulation<TallyGame>(seed: 31, settings: .headless)
    var straightBot = TallyGame.bot(named: "drummer", seed: 31)!
    var expected: [UInt64] = []
    for _ in 0..<1_200 {
      straight.step(straightBot.input(for: straight.state))
      expected.append(straight.hash)
    }
    for fps in [24, 60, 165] {
      let looped = Simulation<TallyGame>(seed: 31, settings: .headless)
      var bot = TallyGame.bot(named: "drummer", seed: 31)!
      var loop = HeadlessLoop(framesPerSecond: fps)
      var hashes: [UInt64] = []
      loop.run(ticks: 1_200) { _ in
        looped.step(bot.input(for: looped.state))
        hashes.append(looped.hash)
      }
      #expect(hashes == expected, "at \(fps) fps")
    }
    let viaRun = Simulation<TallyGame>(seed: 31, settings: .headless)
    var bot = TallyGame.bot(named: "drummer", seed: 31)!
    viaRun.run(ticks: 1_200, bot: &bot)
    #expect(viaRun.hash == expected.last)
  }
}
