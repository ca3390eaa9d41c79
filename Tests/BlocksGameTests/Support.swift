import GameCore

@testable import BlocksGame

/// Test helpers: a player on a given field with a given piece, stepped by hand.
extension Player {
  /// A player whose field is `picture` (top row first) and whose falling piece is `piece`.
  static func on(_ picture: [String], piece: Piece, rotation: Int = 0, x: Int = 3, y: Int = 21)
    -> Player
  {
    var player = Player(seed: 1, level: 1)
    player.field = Field(picture)
    player.active = Player.Active(piece: piece, rotation: rotation, x: x, y: y)
    player.lowestY = y
    return player
  }

  static let rules = Rules(das: 11, arr: 2, levelsUp: true)

  /// Steps with `input` held `times` ticks.
  mutating func press(_ input: PlayerInput, times: Int = 1, rules: Rules = Player.rules) {
    for _ in 0..<times { step(input, rules: rules) }
  }
}
