import AsteroidsGame
import BlocksGame
import GameCore
import GameScene
import PongGame
import Testing

@testable import GameRender

/// The engine's attract mode on every game, with no code of the game's: left on its title,
/// the window shows its first bot's game, and a key brings the title back exactly as it was.
@Suite struct AttractModeGamesTests {
  @Test func asteroids() { Self.check(Asteroids.self) }
  @Test func blocks() { Self.check(Blocks.self) }
  @Test func pong() { Self.check(Pong.self) }

  static func check<G: PlayableGame>(_ game: G.Type) {
    let mode = AttractMode(idleTicks: 64, demoTicks: 4_000, lingerTicks: 64)
    let session = AttractSession(player: GameSession<G>(seed: 3, sink: nil), mode: mode, seed: 3)
    for _ in 0..<64 { session.step([]) }
    #expect(!G.isPlaying(session.player.state), "the window opens on the title")
    let title = session.player.state
    #expect(session.demo?.botName == G.botNames.first)
    for _ in 0..<640 { session.step([]) }
    #expect(session.isShowingDemo)
    #expect(session.isPlaying, "the bot is playing (tick \(session.scene.tick))")
    #expect(session.demo?.state != G.initialState(seed: session.demo!.seed, settings: .headless))
    #expect(session.wake())
    #expect(session.player.state == title)
    #expect(session.scene == session.player.scene)
  }
}
