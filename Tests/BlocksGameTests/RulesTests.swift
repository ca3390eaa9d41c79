import GameCore
import Testing

@testable import BlocksGame

/// The rules against their published definitions: the Super Rotation System's shapes and
/// kicks, the spawn, the 7-bag, T-spins by the 3-corner rule, lock delay, delayed auto shift,
/// top-outs (what a lock earns is in ``ScoringTests``).
@Suite struct RulesTests {
  // MARK: SRS

  /// The guideline's kick tables, written out here independently of the game's: (x, y), y up.
  static let guidelineKicks: [String: [(Int, Int)]] = [
    "JLSTZ 0>1": [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],
    "JLSTZ 1>0": [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
    "JLSTZ 1>2": [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
    "JLSTZ 2>1": [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],
    "JLSTZ 2>3": [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],
    "JLSTZ 3>2": [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
    "JLSTZ 3>0": [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
    "JLSTZ 0>3": [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],
    "I 0>1": [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],
    "I 1>0": [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
    "I 1>2": [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
    "I 2>1": [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
    "I 2>3": [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
    "I 3>2": [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],
    "I 3>0": [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
    "I 0>3": [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
  ]

  static let transitions = [(0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2), (3, 0), (0, 3)]

  /// Kicks no field can force, because an earlier kick of the same turn needs only cells the
  /// piece already holds or would hold after it: found by the test below, pinned here. All
  /// four are the T's: turning in place needs a single cell besides its own, and each of these
  /// kicks needs that very cell, so wherever the kick fits, the turn in place fits first.
  static let shadowedKicks: [Piece: [String]] = [
    .t: ["t 0>1 kick 3 by 0", "t 2>1 kick 2 by 0", "t 2>3 kick 2 by 0", "t 0>3 kick 3 by 0"]
  ]

  @Test func theKickTablesAreTheGuidelines() {
    for (from, to) in Self.transitions {
      for piece in Piece.allCases where piece != .o {
        let name = (piece == .i ? "I" : "JLSTZ") + " \(from)>\(to)"
        let expected = Self.guidelineKicks[name]!
        #expect(piece.kicks(from: from, to: to).map { [$0.x, $0.y] } == expected.map { [$0.0, $0.1] }, "\(piece) \(name)")
      }
    }
    #expect(Piece.o.kicks(from: 0, to: 1).count == 1)
  }

  /// Every kick of both tables, forced: the field is solid but for the cells the piece holds
  /// and the cells it would hold after kick `k`, so every earlier kick is blocked by a wall of
  /// blocks and the rotation must land exactly `k`'s offset away.
  @Test(arguments: [Piece.t, .i, .j, .l, .s, .z])
  func everyKickIsTakenWhenTheEarlierOnesAreBlocked(piece: Piece) {
    var shadowed: [String] = []
    defer {
      #expect(shadowed == (Self.shadowedKicks[piece] ?? []), "\(piece): \(shadowed)")
    }
    for (from, to) in Self.transitions {
      let kicks = piece.kicks(from: from, to: to)
      for (k, kick) in kicks.enumerated() {
        let (x, y) = (3, 12)
        var open = Set<Int>()
        for cell in piece.cells(from) { open.insert((y - cell.y) * 10 + x + cell.x) }
        for cell in piece.cells(to) { open.insert((y + kick.y - cell.y) * 10 + x + kick.x + cell.x) }
        let picture = (0..<Field.height).reversed().map { row in
          String((0..<10).map { open.contains(row * 10 + $0) ? "." : "#" })
        }
        var player = Player.on(picture, piece: piece, rotation: from, x: x, y: y)
        // The first kick that fits this field: `k` itself unless an earlier kick's cells all
        // lie in the cells this one needs (then no field can force `k`: it is shadowed).
        let taken = kicks.indices.first {
          player.field.fits(piece, to, x: x + kicks[$0].x, y: y + kicks[$0].y)
        }!
        if taken != k { shadowed.append("\(piece) \(from)>\(to) kick \(k) by \(taken)") }
        player.press(to == (from + 1) & 3 ? .rotateRight : .rotateLeft)
        let active = player.active
        #expect(active?.rotation == to, "\(piece) \(from)>\(to) kick \(k) did not rotate")
        #expect(
          active?.x == x + kicks[taken].x && active?.y == y + kicks[taken].y,
          "\(piece) \(from)>\(to) kick \(k)")
        #expect(player.lastKick == taken)
      }
    }
  }

  @Test func aRotationWithNoKickThatFitsDoesNothing() {
    let solid = (0..<Field.height).map { _ in "##########" }
    var player = Player.on(solid, piece: .t, x: 3, y: 12)
    player.field = Field(solid.enumerated().map { index, row in
      // Only the T's own cells are free.
      let y = Field.height - 1 - index
      return String(row.enumerated().map { x, _ in
        Piece.t.cells(0).contains { 3 + $0.x == x && 12 - $0.y == y } ? "." : "#"
      })
    })
    player.press(.rotateRight)
    #expect(player.active?.rotation == 0)
    #expect(player.active?.x == 3 && player.active?.y == 12)
  }

  @Test func theShapesAreTheGuidelinesSpawnStates() {
    // Spawn states, pointing up, flat side down; the I on the box's second row.
    #expect(Piece.t.cells(0).map { [$0.x, $0.y] } == [[1, 0], [0, 1], [1, 1], [2, 1]])
    #expect(Piece.i.cells(0).map { [$0.x, $0.y] } == [[0, 1], [1, 1], [2, 1], [3, 1]])
    #expect(Piece.i.cells(1).map { [$0.x, $0.y] } == [[2, 0], [2, 1], [2, 2], [2, 3]])
    #expect(Piece.t.cells(1).map { [$0.x, $0.y] } == [[1, 0], [1, 1], [2, 1], [1, 2]])
    #expect(Piece.o.cells(1).map { [$0.x, $0.y] } == Piece.o.cells(0).map { [$0.x, $0.y] })
    for piece in Piece.allCases { #expect((0..<4).allSatisfy { piece.cells($0).count == 4 }) }
  }

  @Test func piecesAppearCentredAboveTheFieldAndDropARowAtOnce() throws {
    var player = Player(seed: 3, level: 1)
    player.press([])
    let active = try #require(player.active)
    #expect(player.fall == 0, "no gravity has acted yet: the drop is the spawn's own")
    // Box top at row 22 (counted from 1), moved down one: the piece's lower row is the
    // field's top row, in sight on the tick the piece appears.
    #expect(active.x == 3 && active.y == Player.spawnY - 1 && active.rotation == 0)
    let rows = Set(active.piece.cells(0).map { active.y - $0.y })
    #expect(rows.contains(Field.visibleHeight - 1))
  }

  @Test func aPieceWithABlockBelowItsSpawnStaysInRowsTwentyOneAndTwentyTwo() throws {
    var player = Player(seed: 3, level: 1)
    // A block in every column under the spawn rows: the first piece cannot drop.
    player.field = Field(Array(repeating: "##########", count: 1) + Array(repeating: "", count: 19))
    player.press([])
    let active = try #require(player.active)
    #expect(active.y == Player.spawnY)
    #expect(!player.toppedOut)
  }

  // MARK: Randomiser

  @Test func everyRunOfSevenFromABagBoundaryHoldsEveryPieceOnce() {
    var player = Player(seed: 42, level: 1)
    var pieces: [Piece] = []
    while pieces.count < 10_003 { pieces.append(player.takeNext()) }
    for start in stride(from: 0, to: 10_000 - 7, by: 7) {
      #expect(Set(pieces[start..<(start + 7)]).count == 7, "bag at \(start)")
    }
    // Not the same bag each time.
    #expect(Set(stride(from: 0, to: 700, by: 7).map { pieces[$0] }).count > 1)
  }

  @Test func bothVersusPlayersGetTheSamePieces() {
    var settings = BlocksSettings.headless
    settings.mode = .versus
    let state = Blocks.initialState(seed: 9, settings: settings)
    #expect(state.players[0].queue == state.players[1].queue)
  }

  // MARK: Timing

  @Test func heldSidewaysMovesOnThePressThenAfterTheDelayEveryRepeat() {
    var player = Player.on([], piece: .t, x: 0, y: 18)
    var columns: [Int] = []
    for _ in 0..<20 {
      player.press(.right)
      columns.append(player.active!.x)
    }
    // Press: 1; DAS 11 ticks later: 2; then every 2 ticks: 3, 4, ...; the wall stops it at 7.
    #expect(columns == [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6])
    var instant = Player.on([], piece: .t, x: 0, y: 18)
    instant.press(.right, times: 12, rules: Rules(das: 11, arr: 0, levelsUp: true))
    #expect(instant.active?.x == 7, "ARR 0 goes straight to the wall")
  }

  @Test func gravityAtLevelOneIsARowASecond() {
    var player = Player.on([], piece: .t, x: 3, y: 15)
    player.press([], times: 64)
    #expect(player.active?.y == 14)
    player.press(.softDrop, times: 4)
    #expect(player.active?.y == 12, "soft drop: 20 times gravity, at least half a row a tick")
    #expect(player.score == 2)
  }

  @Test func lockDelayIsHalfASecondOnTheGround() {
    var player = Player.on([], piece: .o, x: 3, y: 1)
    player.press([], times: 31)
    #expect(player.active != nil)
    player.press([])
    #expect(player.active == nil, "locked after 32 ticks on the ground")
    #expect(player.field.cell(4, 0) != 0)
  }

  @Test func movesOnTheGroundRestartTheLockDelayAtMostFifteenTimes() {
    var player = Player.on([], piece: .o, x: 3, y: 1)
    player.press([])
    var ticks = 1
    while player.active != nil && ticks < 500 {
      player.press(ticks % 2 == 0 ? .left : .right)
      ticks += 1
    }
    #expect(player.active == nil, "it locks although the player never stops moving it")
    // The 15th restart used the last one: the piece, on the ground, locks on that tick.
    #expect(ticks == 1 + 15)
  }

  @Test func withItsRestartsUsedAPieceLocksTheMomentItTouchesDownAgain() {
    // An O on a ledge two rows up, the floor to its right: it uses its restarts on the ledge,
    // then slides off and falls; it locks as it lands, with no fresh half second.
    var player = Player.on(
      ["#####.....", "#####.....", "#####....."], piece: .o, x: 2, y: 4)
    player.press([])
    player.lockResets = BlocksTuning.maxLockResets - 1
    player.press(.rotateRight)  // the 15th restart (the O turns in place)
    #expect(player.active == nil, "on the ground with every restart used: locked at once")
    // A piece a kick lifted a row above its lowest row, every restart used: when gravity
    // brings it back down (not lower, so the count does not start over) it locks as it lands.
    var lifted = Player.on([], piece: .o, x: 3, y: 2)
    lifted.lowestY = 1
    lifted.lockResets = BlocksTuning.maxLockResets
    var ticks = 0
    while lifted.active?.y == 2 && ticks < 200 {
      lifted.press([])
      ticks += 1
    }
    #expect(lifted.active == nil, "locked on the tick it touched down, after \(ticks) ticks")
    #expect(lifted.field.cell(4, 0) != 0)
  }

  @Test func theEntryDelayAndTheLineClearDelay() {
    var player = Player.on(["####.#####"], piece: .i, rotation: 1, x: 2, y: 4)
    player.press(.hardDrop)
    #expect(player.clearing == [0])
    player.press([], times: BlocksTuning.lineClearDelay - 1)
    #expect(player.active == nil && player.field.cell(0, 0) != 0)
    player.press([])
    #expect(player.clearing.isEmpty)
    #expect(player.field.cell(0, 0) == 0, "the cleared row fell away")
    #expect(player.active != nil, "the next piece right after the clear")
    var plain = Player.on([], piece: .o, x: 3, y: 5)
    plain.press(.hardDrop)
    plain.press([], times: BlocksTuning.entryDelay - 1)
    #expect(plain.active == nil)
    plain.press([])
    #expect(plain.active != nil)
  }

  // MARK: T-spins

  /// A T-spin double slot: the T points down into it, an overhang above its left.
  static let tSlot = [
    "###.......",
    "##...#####",
    "###.######",
  ]

  @Test func aTTurnedIntoASlotWithThreeCornersTakenIsATSpin() {
    var player = Player.on(Self.tSlot, piece: .t, rotation: 2, x: 2, y: 2)
    player.rotated = true
    #expect(player.spin(of: player.active!) == .full)
    player.press(.hardDrop)
    #expect(player.lastClear == Clear(lines: 2, spin: .full, backToBack: false, combo: 0))
    #expect(player.score == 1_200)
  }

  @Test func theSameTDroppedInWithoutTurningIsNoSpin() {
    var player = Player.on(Self.tSlot, piece: .t, rotation: 2, x: 2, y: 2)
    player.rotated = false
    #expect(player.spin(of: player.active!) == .none)
    player.press(.hardDrop)
    #expect(player.score == 300)
  }

  @Test func withOnlyOneFrontCornerTakenItIsAMini() {
    // The T points up on the floor: both back corners are the floor; one front corner taken.
    var player = Player.on(["#........."], piece: .t, rotation: 0, x: 0, y: 1)
    player.field = Field(["#.........", ".........."])
    player.active = Player.Active(piece: .t, rotation: 0, x: 0, y: 1)
    player.rotated = true
    #expect(player.spin(of: player.active!) == .mini)
    player.lastKick = 4
    #expect(player.spin(of: player.active!) == .full, "the last kick always makes a full T-spin")
  }

  // MARK: Top-outs

  @Test func aPieceThatCannotAppearIsABlockOut() {
    var player = Player(seed: 1, level: 1)
    player.field = Field(["...###....", "...###....", ""] + Array(repeating: "", count: 18))
    player.press([])
    #expect(player.toppedOut)
    #expect(player.active == nil)
  }

  @Test func aPieceLockedWhollyAboveTheFieldIsALockOut() {
    var player = Player.on(Array(repeating: "#########.", count: 20), piece: .o, x: 3, y: 21)
    player.press(.hardDrop)
    #expect(player.toppedOut)
  }

  @Test func marathonEndsWhenTheStackTopsOutAndSprintAtFortyLines() {
    var settings = BlocksSettings.headless
    settings.mode = .sprint
    var state = Blocks.initialState(seed: 1, settings: settings)
    state.players[0].lines = 39
    state.players[0].field = Field(["#########."])
    state.players[0].active = Player.Active(piece: .i, rotation: 1, x: 7, y: 5)
    _ = Blocks().reduce(into: &state, action: .tick(Blocks.tickInput(.hardDrop, player: 0)), environment: ())
    #expect(state.phase == .results)
    #expect(BlocksDrawing.clock(64 * 83 + 32) == "1:23.50")
  }
}
