import GameCore
import GameScene

extension PlayableGame {
  /// True when pressing the pause button once would set `state` running: a paused game.
  ///
  /// Told apart without asking the game: the pause button is pressed for one tick on a copy
  /// of the state. The attract mode leaves such a screen alone, and a networked match says
  /// who paused it.
  package static func isPaused(_ state: State) -> Bool {
    let pause = buttons.pause
    guard !pause.isEmpty else { return false }
    var probe = state
    _ = Self().reduce(into: &probe, action: .tick(pause), environment: ())
    return isPlaying(probe)
  }
}
