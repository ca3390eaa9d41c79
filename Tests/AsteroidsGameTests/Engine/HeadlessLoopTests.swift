@testable import AsteroidsGame
import GameCore
import Testing

/// Asteroids through the engine's headless loop: the same game at any virtual frame rate.
@Suite struct AsteroidsHeadlessLoopTests {
  @Test func aBotGameThroughTheLoopIsTheStraightGameTickForTick() throws {
    let settings = AsteroidsSettings(startsAtTitle: false)
    let straight = Simulation<Asteroids>(seed: 31, settings: settings)
    var straightBot = try Bot(name: "ace", seed: 31)
    var expected: [UInt64] = []
    for _ in 0..<1_200 {
      straight.step(straightBot.input(for: straight.state))
      expected.append(straight.hash)
    }
    for fps in [24, 60, 165] {
      let looped = Simulation<Asteroids>(seed: 31, settings: settings)
      var bot = try Bot(name: "ace", seed: 31)
      var loop = HeadlessLoop(framesPerSecond: fps)
      var hashes: [UInt64] = []
      loop.run(ticks: 1_200) { _ in
        looped.step(bot.input(for: looped.state))
        hashes.append(looped.hash)
      }
      #expect(hashes == expected, "at \(fps) fps")
    }
    let viaRun = Simulation<Asteroids>(seed: 31, settings: settings)
    var bot = try Bot(name: "ace", seed: 31)
    viaRun.run(ticks: 1_200, bot: &bot)
    #expect(viaRun.hash == expected.last)
  }
}
