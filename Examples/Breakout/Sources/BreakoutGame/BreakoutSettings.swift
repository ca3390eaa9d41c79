import GameCore

/// Options fixed when a game starts (`BreakoutApp play --set lives=5 --set level=3`), recorded
/// in every replay's header.
public struct BreakoutSettings: GameSettings {
  public var lives = 3, level = 1, title = true
  /// The game as the window starts it: on the title screen.
  public init() {}

  /// The game as `simulate`, `sweep` and the tests start it: straight into play.
  public static var headless: BreakoutSettings {
    var settings = BreakoutSettings()
    settings.title = false
    return settings
  }

  public static var declared: [Setting<BreakoutSettings>] {
    [
      Setting("lives", \.lives, 1...9, help: "balls a game starts with"),
      Setting("level", \.level, 1...9, help: "the level a game starts at"),
      Setting("title", \.title, help: "start at the title screen"),
    ]
  }
}
