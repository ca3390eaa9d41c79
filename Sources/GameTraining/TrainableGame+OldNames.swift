import GameCore

/// The requirements `trainingPlayers` and `trainingSettings(players:)` had other names before
/// issue 29: `environmentPlayers` and `environmentSettings(players:)`. A game that still
/// declares the old ones keeps its players and settings: the new requirements' defaults
/// forward to the old ones, whose own defaults are the engine's (`[1]`, headless settings).
/// Calling an old name through the protocol warns, with a fix-it to the new one (Swift does
/// not warn for declaring a deprecated requirement).
extension TrainableGame {
  @available(*, deprecated, renamed: "trainingPlayers")
  public static var environmentPlayers: [Int] { [1] }
  @available(*, deprecated, renamed: "trainingSettings(players:)")
  public static func environmentSettings(players: Int) -> Settings { .headless }
}

/// Reads the old requirements for the new ones' defaults. It is deprecated so that those reads
/// warn nowhere; reached through `OldTrainingForwarding`, a protocol whose requirements are
/// not, so that the defaults calling it do not warn either (and every game would, if the
/// defaults themselves were deprecated).
enum OldTrainingNames: OldTrainingForwarding {
  @available(*, deprecated, message: "reads the requirements' old names")
  static func players<G: TrainableGame>(of game: G.Type) -> [Int] { G.environmentPlayers }
  @available(*, deprecated, message: "reads the requirements' old names")
  static func settings<G: TrainableGame>(of game: G.Type, players: Int) -> G.Settings {
    G.environmentSettings(players: players)
  }
}

/// `OldTrainingNames` seen through its protocol: calls through it do not warn.
var oldTrainingNames: any OldTrainingForwarding.Type { OldTrainingNames.self }

protocol OldTrainingForwarding {
  static func players<G: TrainableGame>(of game: G.Type) -> [Int]
  static func settings<G: TrainableGame>(of game: G.Type, players: Int) -> G.Settings
}
