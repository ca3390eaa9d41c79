/// A key of the engine's own, not one of a game's buttons, that a line of text on screen may
/// tell the player about. Where the key does nothing (rewind in a netplay match), the engine
/// leaves out the text marked with it (``Text/engineKey``, ``Scene/leavingOut(_:)``).
///
/// ```swift
/// scene.overlay.append(.text(Text("hold BACKSPACE to rewind", x: 560, y: 380, engineKey: .rewind)))
/// ```
public enum EngineKey: Equatable, Sendable {
  /// Hold to rewind (Backspace or R).
  case rewind
}
