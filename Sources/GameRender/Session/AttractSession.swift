import GameCore
import GameScene

/// The player's session with the engine's attract mode around it: left alone on a title or
/// game-over screen, the window shows a demo of the game's first bot, and any key brings the
/// screen back exactly as it was.
///
/// Which screens: play is not under way (``PlayableGame/isPlaying(_:)`` is false), no initials are being
/// entered, and the screen is not a pause. A pause is told apart without asking the game: on a
/// copy of the state, the pause button is pressed for one tick, and a screen it would set
/// running again is a paused game. Nothing else of the game is read, so every game with a bot
/// has an attract mode and one without has none.
///
/// While a demo plays the player's session is not stepped at all: its state, its recording,
/// its rewind history and its high scores stay as they were, and the demo (an
/// ``AttractDemo``, silent, with no sink and no book) is dropped when it ends.
package final class AttractSession<G: PlayableGame>: PlaySession {
  /// The player's own game; the attract mode's counters are in its
  /// ``GameSession/interface`` (``SessionState/attract``), this class carries out its requests.
  package let player: GameSession<G>
  private let seed: UInt64
  /// Where lines about demos go (the terminal); nil says nothing.
  private let report: ((String) -> Void)?
  /// The demo on screen, if any.
  package private(set) var demo: AttractDemo<G>?

  /// The attract mode's state.
  var attract: AttractState { player.session.attract }
  var mode: AttractMode { attract.mode }
  /// Ticks the player's screen has waited with no input on a screen a demo may cover.
  package var idleTicks: Int { attract.idleTicks }
  /// Demos started so far.
  package var demosShown: Int { attract.demosShown }
  /// How the latest demo ended.
  package var lastEnd: AttractEnd? { attract.lastEnd }

  /// Wraps `player`, whose game has `seed` (demo seeds derive from it); `report` hears one
  /// line when a demo starts and one when it ends.
  package init(
    player: GameSession<G>, mode: AttractMode, seed: UInt64,
    report: ((String) -> Void)? = nil
  ) {
    self.player = player
    self.seed = seed
    self.report = report
    player.send(.attract(.chosen(G.botNames.isEmpty ? .off : mode)))
  }

  package var isShowingDemo: Bool { demo != nil }

  package var scene: Scene { demo?.scene ?? player.scene }
  package var previousScene: Scene { demo?.previousScene ?? player.previousScene }
  package var isPlaying: Bool { demo.map { G.isPlaying($0.state) } ?? player.isPlaying }
  /// Demos are silent: a machine left alone makes no noise, and nobody is startled when
  /// they come back to it.
  package var sounds: Sounds { demo == nil ? player.sounds : Sounds() }

  package func step(_ input: TickInput) {
    if let demo {
      // Any button held (a stick pushed: it sends no press) is the player back.
      guard input.isEmpty else { return stop(.input) }
      demo.step()
      if let end = demo.end { stop(end) }
      return
    }
    player.step(input)
    guard mode.isOn else { return }
    let idle = input.isEmpty && mayCover(player.state)
    for request in player.send(.attract(.playerTicked(idle: idle))) where request == .startDemo {
      // A paused game is left alone: asked again after another idle spell, if still idle.
      if !isPaused(player.state) { start() }
    }
  }

  /// True when a demo may cover `state` as far as the game and the session tell: not play,
  /// not an initials entry (the pause is ``isPaused(_:)``'s).
  private func mayCover(_ state: G.State) -> Bool {
    !G.isPlaying(state) && !player.isEnteringInitials
  }

  /// True when pressing the pause button once would set `state` running: a paused game.
  package func isPaused(_ state: G.State) -> Bool { G.isPaused(state) }

  private func start() {
    guard let demo = AttractDemo<G>(number: demosShown + 1, sessionSeed: seed, mode: mode)
    else { return }
    self.demo = demo
    player.send(.attract(.demoStarted))
    report?(
      "attract: demo \(demo.number), the \(demo.botName) bot (simulate --game \(G.id) "
        + "--bot \(demo.botName) --seed \(demo.seed) plays it)")
  }

  private func stop(_ end: AttractEnd) {
    guard let demo else { return }
    self.demo = nil
    player.send(.attract(.demoEnded(end)))
    report?("attract: demo \(demo.number) ended after \(demo.ticks) ticks: \(end)")
  }

  /// A key, button or click: the idle wait starts over, and a demo on screen ends.
  package func wake() -> Bool {
    player.send(.attract(.woke))
    guard demo != nil else { return false }
    stop(.input)
    return true
  }

  package func stepBack() -> Bool {
    guard demo == nil else { return false }
    player.send(.attract(.steppedBack))
    return player.stepBack()
  }

  package func finish() throws -> [String] {
    demo = nil
    return try player.finish()
  }

  package var notice: String? { demo == nil ? player.notice : nil }

  package var boardOverlay: [Shape] {
    guard let demo else { return player.boardOverlay }
    return AttractMode.banner(bot: demo.botName, tick: demo.ticks)
  }

  package var isEnteringInitials: Bool { demo == nil && player.isEnteringInitials }

  package func enter(_ key: InitialsEntry.Key) { player.enter(key) }

  /// The player's ``GameSession/summary`` and the demos shown: `… demos=N`.
  package var summary: String { player.summary + " demos=\(demosShown)" }
}
