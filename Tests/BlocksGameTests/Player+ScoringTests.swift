import GameCore
import Testing

@testable import BlocksGame

/// What a lock earns, against the published tables: the guideline's line, T-spin and mini
/// scores, back-to-back, combos, levels, drops, the garbage table and its combo column,
/// perfect clears.
@Suite struct ScoringTests {
  // MARK: Scoring

  @Test func theLineTableTimesTheLevel() {
    for (lines, points) in [(1, 100), (2, 300), (3, 500), (4, 800)] {
      var player = Player(seed: 1, level: 3)
      player.score(lines: lines, spin: .none, rules: Player.rules)
      #expect(player.score == points * 3)
    }
    for (lines, points) in [(0, 400), (1, 800), (2, 1_200), (3, 1_600)] {
      var player = Player(seed: 1, level: 2)
      player.score(lines: lines, spin: .full, rules: Player.rules)
      #expect(player.score == points * 2, "T-spin \(lines)")
    }
    for (lines, points) in [(0, 100), (1, 200), (2, 400)] {
      var player = Player(seed: 1, level: 1)
      player.score(lines: lines, spin: .mini, rules: Player.rules)
      #expect(player.score == points, "mini \(lines)")
    }
  }

  /// Rules that keep level 1, so the arithmetic below is the table's.
  static let level1 = Rules(das: 11, arr: 2, levelsUp: false)

  @Test func backToBackDifficultClearsScoreHalfAgainAndAnEasyClearBreaksTheChain() {
    var player = Player(seed: 1, level: 1)
    player.score(lines: 4, spin: .none, rules: Self.level1)
    player.score(lines: 0, spin: .none, rules: Self.level1)  // a lock without lines ends the combo
    player.score(lines: 4, spin: .none, rules: Self.level1)
    #expect(player.score == 800 + 1_200)
    #expect(player.lastClear?.backToBack == true)
    player.score(lines: 0, spin: .none, rules: Self.level1)
    player.score(lines: 2, spin: .full, rules: Self.level1)
    #expect(player.score == 800 + 1_200 + 1_800, "a T-spin double keeps the chain")
    player.score(lines: 0, spin: .none, rules: Self.level1)
    player.score(lines: 1, spin: .none, rules: Self.level1)
    #expect(player.score == 800 + 1_200 + 1_800 + 100)
    player.score(lines: 0, spin: .none, rules: Self.level1)
    player.score(lines: 4, spin: .none, rules: Self.level1)
    #expect(player.score == 800 + 1_200 + 1_800 + 100 + 800, "a single broke it")
  }

  @Test func combosAddFiftyTimesTheComboTimesTheLevel() {
    var player = Player(seed: 1, level: 2)
    for _ in 0..<4 { player.score(lines: 1, spin: .none, rules: Player.rules) }
    // Singles: 200 each; combos 1, 2, 3 add 100, 200, 300.
    #expect(player.score == 4 * 200 + 100 + 200 + 300)
    #expect(player.combo == 3)
    player.score(lines: 0, spin: .none, rules: Player.rules)
    #expect(player.combo == -1)
  }

  @Test func aMarathonStartedAtLevelFiveReachesSixAfterTenLines() {
    var player = Player(seed: 1, level: 5)
    for _ in 0..<9 { player.score(lines: 1, spin: .none, rules: Player.rules) }
    #expect(player.level == 5)
    player.score(lines: 1, spin: .none, rules: Player.rules)
    #expect(player.level == 6)
    for _ in 0..<10 { player.score(lines: 1, spin: .none, rules: Player.rules) }
    #expect(player.level == 7)
  }

  @Test func aLevelEveryTenLinesUnlessLevelsAreHeld() {
    var player = Player(seed: 1, level: 1)
    for _ in 0..<10 { player.score(lines: 1, spin: .none, rules: Player.rules) }
    #expect(player.level == 2)
    #expect(player.cues.contains(.levelUp))
    var held = Player(seed: 1, level: 1)
    for _ in 0..<30 {
      held.score(lines: 1, spin: .none, rules: Rules(das: 11, arr: 2, levelsUp: false))
    }
    #expect(held.level == 1)
  }

  @Test func dropsScoreOneARowSoftAndTwoHard() {
    var player = Player.on([], piece: .o, x: 3, y: 10)
    player.press(.hardDrop)
    #expect(player.score == 2 * 9)
  }

  // MARK: Garbage

  @Test func garbageSentFollowsTheGuidelinesTable() {
    func sent(_ clears: [(Int, Clear.Spin)]) -> Int {
      var player = Player(seed: 1, level: 1)
      for (lines, spin) in clears {
        player.score(lines: 0, spin: .none, rules: Player.rules)
        player.score(lines: lines, spin: spin, rules: Player.rules)
      }
      return player.outgoing
    }
    #expect(sent([(1, .none)]) == 0)
    #expect(sent([(2, .none)]) == 1)
    #expect(sent([(3, .none)]) == 2)
    #expect(sent([(4, .none)]) == 4)
    #expect(sent([(1, .full)]) == 2)
    #expect(sent([(2, .full)]) == 4)
    #expect(sent([(3, .full)]) == 6)
    #expect(sent([(4, .none), (4, .none)]) == 4 + 5, "back-to-back adds one")
    var combo = Player(seed: 1, level: 1)
    for _ in 0..<3 { combo.score(lines: 2, spin: .none, rules: Player.rules) }
    #expect(combo.outgoing == 1 + 1 + (1 + 1), "combo 2 adds one")
  }

  /// TetrisWiki's "Guideline Standard" combo column (Tetris Online Japan onwards), written
  /// out here independently of the game's: extra lines at combo 0, 1, 2, ... 13.
  static let guidelineCombo = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5]

  @Test func combosSendTheGuidelineStandardColumn() {
    var player = Player(seed: 1, level: 1)
    var sent: [Int] = []
    for _ in Self.guidelineCombo.indices {
      // Singles send nothing of their own: what goes out is the combo's.
      let before = player.outgoing
      player.score(lines: 1, spin: .none, rules: Self.level1)
      sent.append(player.outgoing - before)
    }
    #expect(sent == Self.guidelineCombo)
  }

  // MARK: Perfect clears

  /// Fields of 1 to 4 rows that one piece, already where it lands, clears to nothing.
  static let perfectClears: [(field: [String], piece: Piece, rotation: Int, x: Int, y: Int)] = [
    (["######...."], .i, 0, 6, 1),
    (["########..", "########.."], .o, 0, 7, 1),
    (["########.#", "########.#", "########.."], .l, 1, 7, 2),
    (Array(repeating: "#########.", count: 4), .i, 1, 7, 3),
  ]

  @Test func aPerfectClearScoresTheGuidelinesBonusAndSendsTenMore() {
    for (lines, bonus) in [(1, 800), (2, 1_200), (3, 1_800), (4, 2_000)] {
      let setup = Self.perfectClears[lines - 1]
      var player = Player.on(
        setup.field, piece: setup.piece, rotation: setup.rotation, x: setup.x, y: setup.y)
      player.level = 2
      player.press(.hardDrop)
      #expect(player.clearing.count == lines)
      #expect(player.score == (BlocksTuning.lineScores[lines] + bonus) * 2, "\(lines) lines")
      #expect(player.outgoing == BlocksTuning.lineGarbage[lines] + 10, "\(lines) lines")
      #expect(player.lastClear?.perfect == true)
      #expect(player.cues.contains(.perfectClear))
    }
    var chained = Player.on(Array(repeating: "#########.", count: 4), piece: .i, rotation: 1, x: 7, y: 3)
    chained.backToBack = true
    chained.press(.hardDrop)
    #expect(chained.score == 1_200 + 3_200, "a back-to-back four-line perfect clear: 3,200")
    var notEmpty = Player.on(["#.........", "#########."], piece: .i, rotation: 1, x: 7, y: 3)
    notEmpty.press(.hardDrop)
    #expect(notEmpty.lastClear?.perfect == false)
    #expect(notEmpty.outgoing == 0)
  }

  @Test func garbageSentCancelsGarbageWaitingAndTheRestRisesWithOneHole() {
    var player = Player.on([], piece: .o, x: 3, y: 10)
    player.incoming = [3, 6]
    player.score(lines: 4, spin: .none, rules: Player.rules)
    #expect(player.incoming.isEmpty && player.outgoing == 1)
    var victim = Player.on([], piece: .o, x: 3, y: 10)
    victim.incoming = [2, 6]
    victim.press(.hardDrop)
    victim.press([], times: BlocksTuning.entryDelay)
    #expect(victim.field.rows[0] == victim.field.rows[1])
    #expect((0..<10).filter { victim.field.cell($0, 0) == 0 } == [6])
    #expect(victim.active != nil)
  }
}
