import AsteroidsGame
import BlocksGame
import GameCore
import GameNetplay
import PongGame
import Testing

/// Every game's state has a byte form: a snapshot taken mid-match by its bot decodes to the
/// same state, and the game goes on from it exactly as from the original.
@Suite struct SnapshotGamesTests {
  @Test func asteroids() throws { try Self.check(Asteroids.self) }
  @Test func blocks() throws { try Self.check(Blocks.self) }
  @Test func blocksVersus() throws {
    var settings = Blocks.Settings.headless
    settings.mode = .versus
    try Self.check(Blocks.self, settings: settings)
  }
  @Test func pong() throws { try Self.check(Pong.self) }

  static func check<G: Game>(_ game: G.Type, settings: G.Settings = .headless) throws {
    let original = Simulation<G>(seed: 11, settings: settings)
    var bot = try #require(G.bot(named: G.botNames.first ?? "", seed: 11))
    for checkpoint in [0, 300, 1_500] {
      original.run(ticks: checkpoint - original.tick, bot: &bot)
      let snapshot = try #require(NetplaySnapshot(of: original), "\(G.id) has a byte form")
      let state = try snapshot.state(of: G.self)
      #expect(state == original.state, "\(G.id) at tick \(checkpoint)")
      #expect(try StateBytes.encode(state) == snapshot.bytes)
      // Going on from the copy reaches the same states as going on from the original.
      let copy = Simulation<G>(state: state)
      var (first, second) = (bot, bot)
      let ahead = Simulation<G>(state: original.state)
      ahead.run(ticks: 200, bot: &first)
      copy.run(ticks: 200, bot: &second)
      #expect(copy.hash == ahead.hash, "\(G.id) 200 ticks after \(checkpoint)")
    }
  }
}
