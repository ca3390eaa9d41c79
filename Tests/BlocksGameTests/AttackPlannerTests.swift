import GameCore
import Testing

@testable import BlocksGame

/// The attacking bot: it turns a T into a T-spin slot, builds for fours, and beats the strong
/// bot in seeded matches.
@Suite struct AttackPlannerTests {
  /// Plays `player`'s piece with the attacker's plan, pressing its buttons until it locks.
  static func playPiece(_ player: inout Player) throws -> Placement {
    let plan = try #require(AttackPlanner.standard.best(for: player))
    let pieces = player.pieces
    var ticks = 0
    while player.pieces == pieces && ticks < 400 {
      player.press(BlocksPlanner.buttons(toward: plan, player: player, rules: Player.rules))
      ticks += 1
    }
    return plan
  }

  @Test func aTBesideATSpinSlotIsSoftDroppedAndTurnedIntoIt() throws {
    var player = Player.on(RulesTests.tSlot, piece: .t, x: 3, y: Player.spawnY - 1)
    let plan = try Self.playPiece(&player)
    #expect(plan.turn != 0, "a spin: turned on landing")
    #expect(player.lastClear == Clear(lines: 2, spin: .full, backToBack: false, combo: 0))
    #expect(player.outgoing == BlocksTuning.tSpinGarbage[2])
  }

  @Test func aStackWithAWellWaitsForTheIAndClearsFour() throws {
    // Four rows full but for the right column: an I goes in for four, anything else beside it.
    let rows = Array(repeating: "#########.", count: 4)
    var player = Player.on(rows, piece: .i, x: 3, y: Player.spawnY - 1)
    _ = try Self.playPiece(&player)
    #expect(player.lastClear?.lines == 4)
    var other = Player.on(rows, piece: .o, x: 3, y: Player.spawnY - 1)
    other.hold = .i
    other.holdUsed = true
    _ = try Self.playPiece(&other)
    #expect((0..<4).allSatisfy { other.field.cell(9, $0) == 0 }, "the well stays open")
    #expect(other.lastClear == nil)
  }

  @Test func inAMarathonMostOfItsLinesAreFours() throws {
    var settings = BlocksSettings.headless
    settings.levelsUp = false
    let simulation = Simulation<Blocks>(seed: 21, settings: settings)
    var bot = try #require(Blocks.bot(named: "attacker", seed: 21))
    simulation.run(ticks: 6_000, bot: &bot)
    let player = simulation.state.players[0]
    #expect(player.lines >= 100)
    #expect(player.fours * 4 * 10 >= player.lines * 7, "\(player.fours) fours of \(player.lines) lines")
    #expect(player.backToBacks > 0)
  }

  @Test func itBeatsTheStrongBotInSeededVersusMatches() throws {
    var settings = BlocksSettings.headless
    settings.mode = .versus
    var wins = 0
    for seed: UInt64 in 1...4 {
      let simulation = Simulation<Blocks>(seed: seed, settings: settings)
      var bot = try #require(Blocks.bot(named: "attacker", seed: seed))
      while simulation.state.phase == .playing && simulation.tick < 30_000 {
        simulation.run(ticks: 500, bot: &bot)
      }
      if simulation.state.winner == 0 { wins += 1 }
    }
    #expect(wins >= 3, "won \(wins) of 4")
  }
}
