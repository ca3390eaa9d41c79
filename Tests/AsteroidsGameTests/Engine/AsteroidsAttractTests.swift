import GameCore
import Testing

@testable import AsteroidsGame
@testable import GameRender

/// The engine's attract mode on Asteroids, with no code of the game's: left on its title, the
/// window shows its first bot's game, and a key brings the title back exactly as it was.
@Suite struct AsteroidsAttractTests {
  @Test func leftOnTheTitleItsFirstBotPlaysUntilAKeyBringsTheTitleBack() {
    let mode = AttractMode(idleTicks: 64, demoTicks: 4_000, lingerTicks: 64)
    let session = AttractSession(
      player: GameSession<Asteroids>(seed: 3, sink: nil), mode: mode, seed: 3)
    for _ in 0..<64 { session.step([]) }
    #expect(!session.player.scene.isRunning, "the window opens on the title")
    let title = session.player.state
    #expect(session.demo?.botName == Asteroids.botNames.first)
    for _ in 0..<640 { session.step([]) }
    #expect(session.isShowingDemo)
    #expect(session.scene.isRunning, "the bot is playing (tick \(session.scene.tick))")
    #expect(
      session.demo?.state != Asteroids.initialState(seed: session.demo!.seed, settings: .headless))
    #expect(session.wake())
    #expect(session.player.state == title)
    #expect(session.scene == session.player.scene)
  }
}
