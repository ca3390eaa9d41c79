import GameCore

/// Blocks as a game of the engine: id, buttons, settings, bots and figures.
extension Blocks: Game {
  public typealias Settings = BlocksSettings
  public typealias Bot = BlocksBot

  public static let id = "blocks"
  public static let title = "Blocks"
  /// The rules' version, in every replay header. 2: the spawn drops a row at once, the
  /// guideline's combo column, levels from the start level, lock at once when the restarts
  /// are used up, perfect clears, the title's choice of opponent. 3: the same rules, the
  /// state hashed by its description (``legacyHashing`` keeps version 2's hashes).
  public static let version: UInt16 = 3

  /// Player 1's seven buttons (bits 0-6), player 2's (bits 7-13), start and pause.
  public static let buttons = ButtonLayout([
    Button("left", symbol: "<", keys: ["Left"], controller: ["dpleft", "leftx-"]),
    Button("right", symbol: ">", keys: ["Right"], controller: ["dpright", "leftx+"]),
    Button("soft-drop", symbol: "v", keys: ["Down"], controller: ["dpdown", "lefty+"]),
    Button("hard-drop", symbol: "V", keys: ["Space"], controller: ["dpup", "lefty-"]),
    Button("rotate-right", symbol: "R", keys: ["Up", "X"], controller: ["a", "b"]),
    Button("rotate-left", symbol: "L", keys: ["Z", "Left Ctrl"], controller: ["x", "y"]),
    Button(
      "hold", symbol: "H", keys: ["C", "Left Shift"],
      controller: ["leftshoulder", "rightshoulder"]),
    Button("left-2", symbol: "{", keys: ["J"], controller: ["dpleft", "leftx-"], player: 2),
    Button("right-2", symbol: "}", keys: ["L"], controller: ["dpright", "leftx+"], player: 2),
    Button("soft-drop-2", symbol: "w", keys: ["K"], controller: ["dpdown", "lefty+"], player: 2),
    Button("hard-drop-2", symbol: "W", keys: ["I"], controller: ["dpup", "lefty-"], player: 2),
    Button("rotate-right-2", symbol: "r", keys: ["O"], controller: ["a", "b"], player: 2),
    Button("rotate-left-2", symbol: "l", keys: ["U"], controller: ["x", "y"], player: 2),
    Button("hold-2", symbol: "h", keys: ["Right Shift"], controller: ["leftshoulder"], player: 2),
    Button("start", symbol: "S", keys: ["Return"], controller: ["start"]),
    Button("pause", symbol: "P", keys: ["P"], controller: ["back"], pauses: true),
  ])

  /// Two players in versus, one otherwise: what a networked match seats.
  public static func seats(for settings: BlocksSettings) -> Int {
    settings.mode == .versus ? 2 : 1
  }

  /// The bot plays both fields in versus: each seat keeps its own player's buttons.
  public static func input(of bot: inout BlocksBot, for state: State, seat: Int) -> TickInput {
    bot.input(for: state)
  }

  public static var botNames: [String] { BlocksBot.names }

  public static func bot(named name: String, seed: UInt64) -> BlocksBot? {
    switch name {
    case "strong": BlocksBot(skill: .strong, seed: seed)
    case "attacker": BlocksBot(skill: .attacker, seed: seed)
    case "beginner": BlocksBot(skill: .beginner, seed: seed)
    default: nil
    }
  }

  public static func isGameOver(_ state: State) -> Bool {
    state.phase == .gameOver || state.phase == .results
  }

  public static func isPlaying(_ state: State) -> Bool { state.phase == .playing }

  /// A marathon ranks by score when it ends; a sprint by its time, fewest ticks first, when
  /// all 40 lines are cleared. Versus keeps no table.
  public static func ranking(of state: State) -> Ranking? {
    guard let player = state.players.first, state.players.count == 1 else { return nil }
    switch (state.mode, state.phase) {
    case (.marathon, .gameOver): return Ranking(table: "marathon", value: player.score)
    case (.sprint, .results):
      return Ranking(table: "sprint", value: state.playTicks, order: .lowerIsBetter)
    default: return nil
    }
  }

  public static var rankingTables: [String] { ["marathon", "sprint"] }

  /// A sprint is a time: fewest ticks first.
  public static func rankingOrder(of table: String) -> Ranking.Order {
    table == "sprint" ? .lowerIsBetter : .higherIsBetter
  }

  public static func rankingText(_ value: Int, table: String) -> String {
    table == "sprint" ? BlocksDrawing.clock(value) : "\(value)"
  }

  public static func metrics(of state: State) -> [Metric] {
    let first = state.players.first
    var metrics = [
      Metric("score", first?.score ?? 0), Metric("lines", first?.lines ?? 0),
      Metric("level", first?.level ?? 0), Metric("pieces", first?.pieces ?? 0),
      Metric("games", state.games),
      Metric("fours", first?.fours ?? 0), Metric("t_spins", first?.tSpins ?? 0),
      Metric("back_to_backs", first?.backToBacks ?? 0),
      Metric("perfect_clears", first?.perfectClears ?? 0),
      // Lines of garbage made (cancelled or sent; in one-player modes, what would be sent),
      // per 100 pieces: the attack.
      Metric("attack_x100_1", (first?.attack ?? 0) * 100 / max(1, first?.pieces ?? 0)),
      // 1 while the first game goes on: over a sweep, its mean is the share that survived.
      Metric("survived", state.games == 1 && !(first?.toppedOut ?? false) ? 1 : 0),
    ]
    if state.mode == .sprint && state.phase == .results {
      metrics.append(Metric("sprint_ticks", state.playTicks))
    }
    if state.players.count == 2 {
      metrics.append(Metric("lines_2", state.players[1].lines))
      // Percentages, so a sweep's mean is the share: of games player 1 won, of games decided.
      let decided = state.phase == .results
      metrics.append(Metric("won_pct_1", decided && state.winner == 0 ? 100 : 0))
      metrics.append(Metric("decided_pct", decided ? 100 : 0))
      let second = state.players[1]
      metrics.append(Metric("attack_x100_2", second.attack * 100 / max(1, second.pieces)))
      if let winner = state.winner { metrics.append(Metric("winner", winner + 1)) }
    }
    metrics.append(Metric("phase", "\(state.phase)"))
    return metrics
  }

  /// Marathon at level 1 gravity for ever (no level ups): the bot's endurance.
  public static var workloads: [(name: String, settings: BlocksSettings)] {
    var endurance = BlocksSettings.headless
    endurance.levelsUp = false
    var versus = BlocksSettings.headless
    versus.mode = .versus
    return [("level 1 forever", endurance), ("versus", versus)]
  }
}

extension Blocks.State: GameState {}

extension Blocks.Action: TickAction {}

extension BlocksBot {
  public typealias State = Blocks.State
}
