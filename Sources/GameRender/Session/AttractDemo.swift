import GameCore
import GameScene

/// One demo of the attract mode: the game's first bot playing a fresh game of its own, with
/// the headless settings and a seed of its own, kept apart from the player's store.
///
/// It is exactly the game `simulate --game <id> --bot <bot> --seed <seed>` plays (the same
/// settings, seed, bot and order of calls), so a demo that misbehaved is reproduced headless.
/// Nothing of it is recorded and it keeps no high scores: it has no sink and no book.
package final class AttractDemo<G: PlayableGame> {
  /// Why a demo ended.
  package typealias End = AttractEnd

  /// The demo's number in this window, from 1.
  package let number: Int
  /// The seed of its game and of its bot.
  package let seed: UInt64
  /// The bot's name: the game's first.
  package let botName: String
  let store: Store<G>
  let feed: SceneFeed<G>
  private var bot: G.Bot
  private let mode: AttractMode
  /// Ticks played so far.
  package private(set) var ticks = 0
  /// Ticks since its game was over; nil while it goes on.
  private var overFor: Int?

  /// Demo `number` of a window whose player's game has `seed`; nil for a game with no bot.
  package init?(number: Int, sessionSeed: UInt64, mode: AttractMode) {
    let seed = AttractMode.demoSeed(session: sessionSeed, demo: number)
    guard let name = G.botNames.first, let bot = G.bot(named: name, seed: seed) else {
      return nil
    }
    self.number = number
    self.seed = seed
    self.botName = name
    self.bot = bot
    self.mode = mode
    store = Store(
      initialState: G.initialState(seed: seed, settings: .headless), reducer: G(),
      environment: ())
    feed = SceneFeed(G.self, store: store)
  }

  /// The demo game's state.
  package var state: G.State { store.state }
  package var scene: Scene { feed.scene }
  package var previousScene: Scene { feed.previous }

  /// One tick of the bot's game. Once the game is over the bot's hands come off the buttons,
  /// so the game-over screen stays (a bot that restarts games would start another).
  package func step() {
    let input = overFor == nil ? bot.input(for: store.state) : []
    store.step(.tick(input))
    ticks += 1
    if let over = overFor {
      overFor = over + 1
    } else if G.isGameOver(store.state) {
      overFor = 0
    }
  }

  /// Why the demo is done, or nil while it plays on.
  package var end: End? {
    if let overFor, overFor >= mode.lingerTicks { return .gameOver }
    return ticks >= mode.demoTicks ? .timeUp : nil
  }
}
