import GameCore
import GameScene
import Testing

@testable import GameRender

@Suite struct AttractDemoTests {
  @Test func aDemoPlaysTheGameSimulatePlaysWithItsBotAndSeed() {
    let mode = AttractMode(idleTicks: 1, demoTicks: 1_000, lingerTicks: 0)
    let demo = AttractDemo<TinyGame>(number: 3, sessionSeed: 77, mode: mode)!
    // `simulate`: the headless settings, the seed for the game and the bot, the bot asked
    // before each tick.
    let seed = AttractMode.demoSeed(session: 77, demo: 3)
    let store = Store(
      initialState: TinyGame.initialState(seed: seed, settings: .headless), reducer: TinyGame(),
      environment: ())
    let bot = TinyGame.bot(named: "walker", seed: seed)!
    for _ in 0..<50 {
      demo.step()
      store.step(.tick(bot.input(for: store.state)))
    }
    #expect(demo.seed == seed)
    #expect(demo.botName == "walker", "the game's first bot")
    #expect(demo.state == store.state)
    #expect(demo.ticks == 50)
    #expect(demo.scene == TinyGame.scene(of: store.state))
  }

  @Test func theBotLetsGoOnceTheGameIsOverSoItsEndStaysOnScreen() {
    let mode = AttractMode(idleTicks: 1, demoTicks: 1_000, lingerTicks: 20)
    let demo = AttractDemo<TitleGame>(number: 1, sessionSeed: 5, mode: mode)!
    for _ in 0..<TitleGame.gameTicks { demo.step() }
    #expect(demo.state.phase == .over)
    for _ in 0..<19 { demo.step() }
    #expect(demo.state.phase == .over, "the runner bot would have started another game")
    #expect(demo.end == nil)
    demo.step()
    #expect(demo.end == .gameOver)
  }

  @Test func aGameWithNoBotHasNoDemo() {
    #expect(AttractDemo<RaceGame>(number: 1, sessionSeed: 1, mode: .off) == nil)
  }
}
