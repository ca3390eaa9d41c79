import GameCore

/// Blocks' options, fixed at the start and recorded in every replay header:
/// `--set mode=sprint`, `level=5`, `levelup=no`, `das=9`, `arr=0`, `title=no`,
/// `opponent=hard`.
public struct BlocksSettings: GameSettings {
  /// Who plays player 2 in versus: a person, or the rules' own bot at one of three levels.
  public enum Opponent: UInt8, CaseIterable, Sendable {
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

  /// Version 1: mode, level, levels up, DAS, ARR, title, opponent (0 player, 1 normal, 2
  /// easy, 3 hard); one byte each.
  public var encoded: [UInt8] {
    [
      1, mode.rawValue, UInt8(startLevel), levelsUp ? 1 : 0, UInt8(das), UInt8(arr),
      startsAtTitle ? 1 : 0, opponent.rawValue,
    ]
  }

  public init(encoded bytes: [UInt8]) throws {
    guard bytes.count == 8, bytes[0] == 1, let mode = Blocks.Mode(rawValue: bytes[1]),
      (1...15).contains(bytes[2]), bytes[3] <= 1, (1...30).contains(bytes[4]),
      (0...10).contains(bytes[5]), bytes[6] <= 1, let opponent = Opponent(rawValue: bytes[7])
    else {
      throw SettingError.invalid(
        "settings", value: "\(bytes)", reason: "not Blocks' settings, version 1")
    }
    self.mode = mode
    (startLevel, levelsUp, das, arr) = (Int(bytes[2]), bytes[3] == 1, Int(bytes[4]), Int(bytes[5]))
    (startsAtTitle, self.opponent) = (bytes[6] == 1, opponent)
  }

  public static let options = [
    (name: "mode", help: "marathon, sprint or versus (default marathon)"),
    (name: "level", help: "marathon's first level, 1...15 (default 1)"),
    (name: "levelup", help: "yes, or no to keep the first level's gravity all game"),
    (name: "das", help: "delayed auto shift in ticks, 1...30 (default 11, about 170 ms)"),
    (name: "arr", help: "auto repeat in ticks, 0...10 (default 2, about 33 ms; 0: instant)"),
    (name: "title", help: "start at the title screen: yes or no"),
    (
      name: "opponent",
      help:
        "versus: player 2 is a player, or the bot: easy, normal (or bot) or hard (default player)"
    ),
  ]

  public mutating func set(_ name: String, to value: String) throws(SettingError) {
    func number(_ range: ClosedRange<Int>) throws(SettingError) -> Int {
      guard let number = Int(value), range.contains(number) else {
        throw .invalid(
          name, value: value, reason: "expected \(range.lowerBound)...\(range.upperBound)")
      }
      return number
    }
    func yes(_ choices: (String, String)) throws(SettingError) -> Bool {
      guard value == choices.0 || value == choices.1 else {
        throw .invalid(name, value: value, reason: "expected \(choices.0) or \(choices.1)")
      }
      return value == choices.0
    }
    switch name {
    case "mode":
      guard let mode = Blocks.Mode.allCases.first(where: { $0.name == value }) else {
        throw .invalid(name, value: value, reason: "expected marathon, sprint or versus")
      }
      self.mode = mode
    case "level": startLevel = try number(1...15)
    case "levelup": levelsUp = try yes(("yes", "no"))
    case "das": das = try number(1...30)
    case "arr": arr = try number(0...10)
    case "title": startsAtTitle = try yes(("yes", "no"))
    case "opponent":
      guard
        let choice = value == "bot" ? .normal : Opponent.allCases.first(where: { $0.name == value })
      else {
        throw .invalid(name, value: value, reason: "expected player, easy, normal, bot or hard")
      }
      opponent = choice
    default: throw .unknown(name, known: Self.options.map(\.name))
    }
  }
}
