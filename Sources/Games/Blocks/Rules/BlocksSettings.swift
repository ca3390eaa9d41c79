import GameCore

/// Blocks' options, fixed at the start and recorded in every replay header:
/// `--set mode=sprint`, `level=5`, `levelup=no`, `das=9`, `arr=0`, `title=no`,
/// `opponent=hard`.
public struct BlocksSettings: GameSettings {
  /// Who plays player 2 in versus: a person, or the rules' own bot at one of three levels.
  public enum Opponent: UInt8, CaseIterable, Sendable, SettingChoice {
    /// A person, on the second player's keys.
    case player
    /// Today's strong player: the El-Tetris evaluation, one piece at a time ("bot" too).
    case normal
    /// Slow hands (a button every third tick, taps only, no hold) and one piece in three
    /// placed merely well.
    case easy
    /// The attacker: fours, T-spins and back-to-back, looking ahead over hold and the queue.
    case hard

    /// Its name for `--set opponent=`.
    public var name: String { ["player", "normal", "easy", "hard"][Int(rawValue)] }
  }

  /// The game the title screen starts with (headless: the game played).
  public var mode = Blocks.Mode.marathon
  /// Marathon's first level, 1 to 15.
  public var startLevel = 1
  /// False keeps the gravity of the first level for the whole game (bots' endurance runs).
  public var levelsUp = true
  /// Delayed auto shift and auto repeat rate, in ticks (about 170 ms and 33 ms by default).
  public var das = BlocksTuning.defaultDAS
  public var arr = BlocksTuning.defaultARR
  public var startsAtTitle = true
  /// Versus: player 2 is a person, or the rules' own bot (a person against the computer).
  public var opponent = Opponent.player
  /// True when the rules' own bot plays player 2.
  public var opponentIsBot: Bool {
    get { opponent != .player }
    set { opponent = newValue ? .normal : .player }
  }

  public init() {}

  public static var headless: BlocksSettings {
    var settings = BlocksSettings()
    settings.startsAtTitle = false
    return settings
  }

  /// The settings the players' ticks read.
  var rules: Rules { Rules(das: das, arr: arr, levelsUp: levelsUp) }

  /// One byte each after the layout byte 1, as the hand-written layout of the first replays
  /// had them (mode and opponent as their raw values).
  public static var declared: [Setting<BlocksSettings>] {
    [
      Setting("mode", \.mode, help: "the game the title screen starts with"),
      Setting("level", \.startLevel, 1...15, help: "marathon's first level"),
      Setting("levelup", \.levelsUp, help: "no keeps the first level's gravity all game"),
      Setting("das", \.das, 1...30, help: "delayed auto shift, in ticks of 1/64 s"),
      Setting("arr", \.arr, 0...10, help: "auto repeat, in ticks of 1/64 s; 0 is instant"),
      Setting("title", \.startsAtTitle, help: "start at the title screen"),
      Setting(
        "opponent", \.opponent,
        help: "versus: player 2 is a person, or the bot at a level (bot: normal)",
        aliases: [("bot", .normal)]),
    ]
  }
}

extension Blocks.Mode: SettingChoice {}
