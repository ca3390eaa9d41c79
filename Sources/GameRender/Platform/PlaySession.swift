import GameCore
import GameScene

/// What the window loop drives: one game, stepped a tick at a time and rewound on request.
///
/// The loop knows nothing of the game's state; it gets scenes to draw and sound names to play.
/// ``GameSession`` is the real one (a store of a game); tests drive the loop with a stand-in.
package protocol PlaySession: AnyObject {
  /// The scene after the latest tick.
  var scene: Scene { get }
  /// The scene the tick before: the loop draws between the two.
  var previousScene: Scene { get }
  /// True while play is under way on screen (the game's ``PlayableGame/isPlaying(_:)`` of
  /// the state shown): the window pauses on a lost focus and resumes after a rewind from it.
  var isPlaying: Bool { get }
  /// Sounds to play now (one-shot cues of the latest tick) and loops that should be running.
  var sounds: Sounds { get }
  /// Runs one tick with `input`.
  func step(_ input: TickInput)
  /// Goes back one tick; false when history holds nothing older.
  func stepBack() -> Bool
  /// Ends the session (writes the recording, if any). Returns lines to print.
  func finish() throws -> [String]
  /// A line to show on screen (the recording stopped), or nil.
  var notice: String? { get }
  /// The engine's high-score shapes over the scene (``HighScoreOverlay``).
  var boardOverlay: [Shape] { get }
  /// True while a finished game waits for the player's initials.
  var isEnteringInitials: Bool { get }
  /// One key of the initials entry.
  func enter(_ key: InitialsEntry.Key)
  /// True while the attract mode's demo is on screen instead of the player's game.
  var isShowingDemo: Bool { get }
  /// The player pressed a key, button or mouse button: the attract mode's idle wait starts
  /// over, and a demo on screen ends. True when it ended a demo (the press is then used up).
  func wake() -> Bool
  /// True in a match played with others over a network: the window's hold over time is off
  /// (rewind, and the pause a lost focus presses), since the game is not one player's to turn
  /// back or stop.
  var isSharedMatch: Bool { get }
  /// Shapes the engine draws over everything else, in frame pixels: a networked match's
  /// figures and messages (``NetplayOverlay``).
  var statusOverlay: [Shape] { get }
  /// True once the session ended by itself (a networked match that ran its ticks, or whose
  /// handshake failed): the window loop stops.
  var hasEnded: Bool { get }
}

extension PlaySession {
  package var notice: String? { nil }
  package var boardOverlay: [Shape] { [] }
  package var isEnteringInitials: Bool { false }
  package func enter(_ key: InitialsEntry.Key) {}
  package var isShowingDemo: Bool { false }
  package func wake() -> Bool { false }
  package var isSharedMatch: Bool { false }
  package var statusOverlay: [Shape] { [] }
  package var hasEnded: Bool { false }
}
