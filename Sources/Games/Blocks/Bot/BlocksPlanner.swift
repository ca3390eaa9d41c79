import GameCore

/// Where a piece should go: the piece (the falling one, or the one hold gives), its rotation
/// and column, and how good the planner found it; for a spin, the quarter turn made once it
/// has been soft-dropped to row `y`, and where the turn's kick puts it.
public struct Placement: Equatable, StateValue, Sendable {
  public var piece: Piece
  public var useHold: Bool
  public var rotation: Int
  public var x: Int
  public var value: Int
  /// 0 for a plain drop; 1 or -1 to turn clockwise or anticlockwise on landing at `y`,
  /// ending at (`finalX`, `finalY`).
  public var turn = 0
  public var y = 0
  public var finalX = 0
  public var finalY = 0
}

/// The weights of a position's features, in thousandths: Pierre Dellacherie's features with
/// the El-Tetris weights (Islam El-Ashi's tuning, 2011).
public struct Weights: Equatable, Sendable {
  public var landingHeight: Int
  public var erodedCells: Int
  public var rowTransitions: Int
  public var columnTransitions: Int
  public var holes: Int
  public var wells: Int

  /// El-Tetris: −4.500158825082766, 3.4181268101392694, −3.2178882868487753,
  /// −9.348695305445199, −7.899265427351652, −3.3855972247263626.
  public static let elTetris = Weights(
    landingHeight: -4_500, erodedCells: 3_418, rowTransitions: -3_218,
    columnTransitions: -9_349, holes: -7_899, wells: -3_386)

  /// Dellacherie's own hand-set weights (−1, 1, −1, −1, −4, −1): a different strong player,
  /// for the second side of a bot-against-bot versus game.
  public static let dellacherie = Weights(
    landingHeight: -1_000, erodedCells: 1_000, rowTransitions: -1_000,
    columnTransitions: -1_000, holes: -4_000, wells: -1_000)
}

/// Chooses placements by evaluating every drop of the piece (and of the held one), and turns a
/// placement into the buttons a person would press: the bots and the rules' own versus
/// opponent share it.
public enum BlocksPlanner {
  /// Every reachable placement of `player`'s piece (and, when `allowHold`, of the piece hold
  /// would give), best first; ties keep enumeration order.
  public static func placements(
    for player: Player, weights: Weights = .elTetris, allowHold: Bool = true
  ) -> [Placement] {
    guard let active = player.active else { return [] }
    var result = drops(of: active.piece, in: player.field, weights: weights, useHold: false)
    if allowHold && !player.holdUsed, let other = player.hold ?? player.queue.first,
      other != active.piece
    {
      result += drops(of: other, in: player.field, weights: weights, useHold: true)
    }
    // A stable sort: equal values keep the order they were found in.
    return result.enumerated().sorted { a, b in
      a.element.value != b.element.value ? a.element.value > b.element.value : a.offset < b.offset
    }.map(\.element)
  }

  /// The best placement, or nil when the piece has none (a top-out is coming).
  public static func best(for player: Player, weights: Weights = .elTetris) -> Placement? {
    placements(for: player, weights: weights).first
  }

  /// Each rotation and column the piece reaches from where it appears, by turning there and
  /// sliding along the row, then dropped straight down.
  static func drops(of piece: Piece, in field: Field, weights: Weights, useHold: Bool)
    -> [Placement]
  {
    var result: [Placement] = []
    let spawnY = 21
    for rotation in 0..<(piece == .o ? 1 : 4) where field.fits(piece, rotation, x: 3, y: spawnY) {
      for direction in [-1, 1] {
        var x = direction == -1 ? 3 : 4
        while field.fits(piece, rotation, x: x, y: spawnY) {
          var y = spawnY
          while field.fits(piece, rotation, x: x, y: y - 1) { y -= 1 }
          let value = evaluate(field, piece, rotation, x: x, y: y, weights: weights)
          result.append(
            Placement(piece: piece, useHold: useHold, rotation: rotation, x: x, value: value))
          x += direction
        }
      }
    }
    return result
  }

  /// The position after `piece` locks at (`x`, `y`) and full rows clear, valued by
  /// `weights` (twice the weighted sum, to keep the landing height's half rows whole).
  public static func evaluate(
    _ field: Field, _ piece: Piece, _ rotation: Int, x: Int, y: Int, weights: Weights
  ) -> Int {
    let masks = Piece.rowMasks[Int(piece.rawValue)][rotation & 3]
    let considered = Field.visibleHeight + 4
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: considered + 1) { rows in
      for row in 0..<considered { rows[row] = field.rows[row] }
      var low = Int.max
      var high = Int.min
      for (index, mask) in masks.enumerated() where mask != 0 {
        let row = y - index
        low = min(low, row)
        high = max(high, row)
        if row < considered { rows[row] |= mask << UInt16(x + 3) }
      }
      // Clear full rows, counting the piece's cells they held.
      var kept = 0
      var cleared = 0
      var eroded = 0
      for row in 0..<considered {
        if rows[row] == Field.fullRow {
          cleared += 1
          let index = y - row
          if index >= 0 && index < masks.count { eroded += masks[index].nonzeroBitCount }
        } else {
          rows[kept] = rows[row]
          kept += 1
        }
      }
      for row in kept..<considered { rows[row] = Field.emptyRow }
      rows[considered] = Field.emptyRow
      let columns: UInt16 = 0b0001_1111_1111_1000
      var rowTransitions = 0
      var columnTransitions = 0
      var holes = 0
      var wells = 0
      var covered: UInt16 = 0
      var below: UInt16 = Field.fullRow
      for row in 0..<considered {
        let bits = rows[row]
        // Filled to empty and back along the row, the walls counting as filled.
        let edges = (bits ^ (bits >> 1)) & 0b0001_1111_1111_1100
        rowTransitions += edges.nonzeroBitCount
        columnTransitions += ((bits ^ below) & columns).nonzeroBitCount
        below = bits
      }
      // Wells: a run of k well cells (empty, both neighbours filled) adds 1 + 2 + ... + k.
      // `depth[i]` holds, bit by column, bit i of each column's current run length.
      var depth: (UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0)
      for row in stride(from: considered - 1, through: 0, by: -1) {
        let bits = rows[row]
        holes += (~bits & covered & columns).nonzeroBitCount
        covered |= bits
        let wellCells = ~bits & (bits << 1) & (bits >> 1) & columns
        if wellCells == 0 && depth == (0, 0, 0, 0, 0) { continue }
        // Add one to every run that goes on, zero the others (a ripple-carry adder by column).
        var carry = wellCells
        depth.0 &= wellCells
        depth.1 &= wellCells
        depth.2 &= wellCells
        depth.3 &= wellCells
        depth.4 &= wellCells
        (depth.0, carry) = (depth.0 ^ carry, depth.0 & carry)
        (depth.1, carry) = (depth.1 ^ carry, depth.1 & carry)
        (depth.2, carry) = (depth.2 ^ carry, depth.2 & carry)
        (depth.3, carry) = (depth.3 ^ carry, depth.3 & carry)
        depth.4 ^= carry
        wells +=
          depth.0.nonzeroBitCount + 2 * depth.1.nonzeroBitCount + 4 * depth.2.nonzeroBitCount
          + 8 * depth.3.nonzeroBitCount + 16 * depth.4.nonzeroBitCount
      }
      let landing = high + low + 2 - 2 * cleared
      return weights.landingHeight * landing
        + 2
        * (weights.erodedCells * cleared * eroded + weights.rowTransitions * rowTransitions
          + weights.columnTransitions * columnTransitions + weights.holes * holes
          + weights.wells * wells)
    }
  }

  /// The buttons to press this tick to bring `player`'s piece to `target`, as a person would:
  /// hold if the plan takes the other piece, turn, slide, drop. Taps are a press and a release
  /// (a button held the tick before is let go first); a long slide is held, auto-repeating
  /// after the delay, unless `taps` asks for taps only.
  public static func buttons(
    toward target: Placement, player: Player, rules: Rules, taps: Bool = false
  ) -> PlayerInput {
    guard let active = player.active else { return [] }
    func tap(_ button: PlayerInput) -> PlayerInput { player.held.contains(button) ? [] : button }
    if active.piece != target.piece {
      return target.useHold && !player.holdUsed ? tap(.hold) : tap(.hardDrop)
    }
    if target.turn != 0 {
      // A spin: turned where it landed. Once turned, drop it where it is (no rows: still a
      // rotation last, as the T-spin rule asks).
      if active.rotation == (target.rotation + target.turn) & 3 && active.x == target.finalX
        && active.y == target.finalY
      {
        return tap(.hardDrop)
      }
      if active.rotation == target.rotation && active.x == target.x {
        if active.y > target.y { return .softDrop }
        if active.y == target.y { return tap(target.turn == 1 ? .rotateRight : .rotateLeft) }
        return tap(.hardDrop)
      }
    }
    if active.rotation != target.rotation {
      let turn = (target.rotation - active.rotation) & 3
      return tap(turn == 3 ? .rotateLeft : .rotateRight)
    }
    if active.x != target.x {
      let direction: PlayerInput = target.x < active.x ? .left : .right
      if !taps && rules.arr > 0 && abs(target.x - active.x) >= 6 { return direction }
      return tap(direction)
    }
    return tap(.hardDrop)
  }

  /// The rules' own versus opponent at `level`: a placement for the piece in play, chosen
  /// once a piece (kept in the player's state), and the buttons toward it. Everything it
  /// reads is in the state (the easy level's slips and slow hands follow the piece count and
  /// the tick), so replays of games against it verify.
  public static func builtIn(
    _ player: inout Player, level: BlocksSettings.Opponent = .normal, tick: Int = 0
  ) -> PlayerInput {
    guard let active = player.active else { return [] }
    if let plan = player.botPlan, plan.pieces == player.pieces,
      plan.piece == active.piece || plan.target.useHold
    {
      // Still this piece's plan.
    } else {
      let target: Placement?
      switch level {
      case .hard: target = AttackPlanner.standard.best(for: player)
      case .easy:
        let options = placements(for: player, allowHold: false)
        target = player.pieces % 3 == 2 ? options.dropFirst(3).first ?? options.first : options.first
      case .normal, .player: target = best(for: player)
      }
      guard let target else { return [] }
      player.botPlan = Player.BotPlan(pieces: player.pieces, piece: active.piece, target: target)
    }
    if level == .easy && tick % 3 != 0 { return [] }
    return buttons(
      toward: player.botPlan!.target, player: player,
      rules: Rules(das: BlocksTuning.defaultDAS, arr: BlocksTuning.defaultARR, levelsUp: true),
      taps: level == .easy)
  }
}
