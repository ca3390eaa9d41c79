import GameCore
import GameScene
import Testing

@testable import GameRender

@Suite struct AttractModeTests {
  @Test func secondsBecomeTicksAtTheWindowsRateAndZeroIsOff() {
    let mode = AttractMode(idleSeconds: 15, hz: 64)
    #expect(mode.idleTicks == 960)
    #expect(mode.demoTicks == AttractMode.demoSeconds * 64)
    #expect(mode.lingerTicks == AttractMode.lingerSeconds * 64)
    #expect(mode.isOn)
    #expect(!AttractMode(idleSeconds: 0, hz: 64).isOn)
    #expect(!AttractMode.off.isOn)
  }

  @Test func demoSeedsAreTheSameForTheSameSessionAndDifferOtherwise() {
    let seeds = (1...50).map { AttractMode.demoSeed(session: 7, demo: $0) }
    #expect(Set(seeds).count == 50)
    #expect(!seeds.contains(7), "not the player's own game")
    #expect(seeds == (1...50).map { AttractMode.demoSeed(session: 7, demo: $0) })
    #expect(AttractMode.demoSeed(session: 8, demo: 1) != seeds[0])
  }

  @Test func theBannerSaysDemoAndBlinksOncePerSecond() {
    func texts(_ tick: Int) -> [String] {
      AttractMode.banner(bot: "ace", tick: tick, hz: 64).compactMap { shape in
        if case .text(let text) = shape { text.string } else { nil }
      }
    }
    #expect(texts(0) == ["DEMO - PRESS ANY KEY", "PLAYED BY THE ACE BOT"])
    #expect(texts(47) == ["DEMO - PRESS ANY KEY", "PLAYED BY THE ACE BOT"])
    #expect(texts(48) == ["PLAYED BY THE ACE BOT"])
    #expect(texts(64) == texts(0))
  }
}
