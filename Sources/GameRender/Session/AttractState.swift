/// The attract mode's part of ``SessionState``: how long the player's screen has waited, the
/// demos shown, the one on screen.
///
/// The demo itself (an ``AttractDemo``, a game of its own) is not state of the session: the
/// driver (``AttractSession``) keeps it while ``demoOnScreen`` says one is up.
package struct AttractState: Equatable, Sendable {
  /// When demos start and how long they play; ``AttractMode/off`` until a window chooses one.
  package var mode: AttractMode = .off
  /// Ticks the player's screen has waited with no input on a screen a demo may cover.
  package var idleTicks = 0
  /// Demos started so far.
  package var demosShown = 0
  /// The number of the demo on screen, from 1; nil while the player's game shows.
  package var demoOnScreen: Int?
  /// How the latest demo ended.
  package var lastEnd: AttractEnd?

  package init() {}
}

/// Why a demo ended.
package enum AttractEnd: Equatable, Sendable, CustomStringConvertible {
  /// A key, button or click: the player is back.
  case input
  /// Its game was over and shown for the linger time.
  case gameOver
  /// It played for the mode's longest demo.
  case timeUp

  package var description: String {
    switch self {
    case .input: "a key was pressed"
    case .gameOver: "its game was over"
    case .timeUp: "time up"
    }
  }
}
