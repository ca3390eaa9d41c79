import GameCore

/// Blocks' computer players, pressing buttons as a person does: "strong" places every piece
/// where the El-Tetris evaluation says (holding a piece when the other fits better, sliding
/// with auto-repeat); "attacker" searches the piece, hold and the next queue for fours,
/// T-spins and back-to-back (``AttackPlanner``); "beginner" taps, never holds, and one piece
/// in three goes somewhere merely good rather than best, as a beginner's would. In versus the
/// bot plays both sides (unless the rules' own bot plays player 2): "strong" plays the second
/// with Dellacherie's weights, so that two bots given the same pieces do not play the same
/// game; "attacker" plays player 1 against "strong" as player 2 (El-Tetris weights), the
/// bot-against-bot match `sweep` measures.
public struct BlocksBot: GameBot {
  public enum Skill: Sendable { case strong, attacker, beginner }

  /// The bots by name: the default (the demos' bot) first.
  public static let names = ["strong", "attacker", "beginner"]

  public let skill: Skill
  /// The bot's own choices (the beginner's slips); never the game's stream.
  var random: SplitMix64
  /// Each player's plan, and the piece (by count) it was made for.
  var plans: [(pieces: Int, piece: Piece, target: Placement)?] = [nil, nil]

  public init(skill: Skill, seed: UInt64) {
    self.skill = skill
    random = SplitMix64(seed: seed ^ 0xB07)
  }

  public mutating func input(for state: Blocks.State) -> TickInput {
    switch state.phase {
    case .results where skill == .attacker && state.mode == .versus:
      // One match a run: a sweep's last state is the match's result.
      return []
    case .title, .gameOver, .results:
      return state.held.contains(Blocks.start) ? [] : Blocks.start
    case .paused:
      return state.held.contains(Blocks.pause) ? [] : Blocks.pause
    case .playing:
      var input: TickInput = []
      let sides = state.opponent != .player ? 1 : state.players.count
      for index in 0..<min(sides, state.players.count) {
        input.formUnion(Blocks.tickInput(play(state.players[index], index, state), player: index))
      }
      return input
    }
  }

  mutating func play(_ player: Player, _ index: Int, _ state: Blocks.State) -> PlayerInput {
    guard let active = player.active else { return [] }
    let current = plans[index]
    if current == nil || current!.pieces != player.pieces
      || (current!.piece != active.piece && !current!.target.useHold)
    {
      guard let target = choose(for: player, side: index) else { return [] }
      plans[index] = (player.pieces, active.piece, target)
    }
    return BlocksPlanner.buttons(
      toward: plans[index]!.target, player: player, rules: state.settings.rules,
      taps: skill == .beginner)
  }

  mutating func choose(for player: Player, side: Int) -> Placement? {
    let weights: Weights = side == 0 ? .elTetris : .dellacherie
    switch skill {
    case .strong:
      return BlocksPlanner.best(for: player, weights: weights)
    case .attacker:
      return side == 0
        ? AttackPlanner.standard.best(for: player) : BlocksPlanner.best(for: player, weights: .elTetris)
    case .beginner:
      let options = BlocksPlanner.placements(for: player, weights: weights, allowHold: false)
      guard !options.isEmpty else { return nil }
      guard random.next() % 3 == 0 else { return options[0] }
      return options[Int(random.next() % UInt64(min(6, options.count)))]
    }
  }
}
