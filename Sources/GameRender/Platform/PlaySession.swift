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
}

extension PlaySession {
  package var notice: String? { nil }
}
