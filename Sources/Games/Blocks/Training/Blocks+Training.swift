import GameCore
import GameTraining

/// Blocks as a training environment: marathon for one agent, versus for two.
///
/// Each agent sees its own visible field (20 rows of 10, bottom row first), the falling
/// piece, the hold, the next five, its incoming garbage, and in versus how high the other
/// stack stands. Reward (any counter's change): marathon, the lines cleared in the step
/// (`lines`; `score` and `attack` on request); versus, +1 to the winner and -1 to the loser
/// at the end (`outcome`). The
/// episode ends when a stack tops out. The observation reads only the public state, so it
/// follows the rules wherever they go.
extension Blocks: TrainableGame {
  /// The kinds of piece, as a literal: `Piece.allCases.count` builds an array on every call,
  /// and a `static let` computed at run time is a call to `swift_once` on every read.
  static let pieceKinds = 7

  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    guard player < state.players.count else {
      for _ in 0..<featureCount { features.write(Float(0)) }
      return
    }
    // The players read in place: a copy of one would retain and release each of its arrays.
    state.players.withUnsafeBufferPointer { players in
      observe(players, player, into: &features)
    }
  }

  private static func observe(
    _ players: UnsafeBufferPointer<Player>, _ player: Int, into features: inout ObservationWriter
  ) {
    let me = players.baseAddress! + player
    // The field lent in place: `me.pointee.field.writeVisibleCells(...)` copied the field
    // first, retaining and releasing its two arrays every step (Field+Features.swift).
    let field = UnsafeRawPointer(me) + MemoryLayout<Player>.offset(of: \Player.field)!
    Field.writeVisibleCells(of: field.assumingMemoryBound(to: Field.self), into: &features)
    // One-hots as bits, written a group at a time: the falling piece's kind and rotation
    // (11 flags), then the hold and whether it was used (8), then the next five (35).
    let active = me.pointee.active
    var bits: UInt64 = 0
    if let active {
      bits = 1 << UInt64(active.piece.rawValue) | 1 << UInt64(pieceKinds + (active.rotation & 3))
    }
    features.flags(bits, count: pieceKinds + 4) { flag in
      flag < pieceKinds
        ? pieceFlag("piece_", flag, "the falling piece")
        : (
          "rotation_\(flag - pieceKinds)",
          "1 when the falling piece is in rotation \(flag - pieceKinds)"
        )
    }
    features.unit(
      "piece_x", max(0, (active?.x ?? 0) + 2), over: 12, "the falling piece's box column + 2, / 12")
    features.unit(
      "piece_y", max(0, active?.y ?? 0), over: Field.height, "the falling piece's box row / 40")
    bits = me.pointee.hold.map { 1 << UInt64($0.rawValue) } ?? 0
    if me.pointee.holdUsed { bits |= 1 << UInt64(pieceKinds) }
    features.flags(bits, count: pieceKinds + 1) { flag in
      flag < pieceKinds
        ? pieceFlag("hold_", flag, "the held piece")
        : ("hold_used", "1 when hold was used for this piece")
    }
    bits = 0
    var next = me.pointee.queue.rawValues(first: 5)
    for slot in 0..<Swift.min(5, me.pointee.queue.count) {
      bits |= 1 << ((next & 0xF) &+ UInt64(slot &* pieceKinds))
      next >>= 4
    }
    features.flags(bits, count: 5 * pieceKinds) { flag in
      pieceFlag(
        "next\(flag / pieceKinds)_", flag % pieceKinds, "next piece \(flag / pieceKinds + 1)")
    }
    features.unit("incoming", garbage(me.pointee), over: 20, "garbage rows waiting to rise / 20")
    features.unit("level", max(0, me.pointee.level), over: 20, "level / 20")
    var height = 0
    var incoming = 0
    if players.count == 2 {
      let other = players.baseAddress! + (1 - player)
      for y in 0..<Field.height
      where (0..<Field.width).contains(where: { other.pointee.field.isTaken($0, y) }) {
        height = y + 1
      }
      incoming = garbage(other.pointee)
    }
    features.unit("opponent_height", height, over: 20, "versus: the other stack's height / 20")
    features.unit(
      "opponent_incoming", incoming, over: 20, "versus: the other side's waiting garbage / 20")
  }

  /// The name and meaning of the flag of piece kind `kind` in a one-hot: `piece_T`.
  private static func pieceFlag(
    _ prefix: String, _ kind: Int, _ what: String
  ) -> (name: String, meaning: String) {
    let letter = Piece.allCases[kind].letter
    return ("\(prefix)\(letter)", "1 when \(what) is \(letter)")
  }

  /// Rows of garbage waiting: `incoming` holds (rows, hole) pairs.
  private static func garbage(_ player: Player) -> Int {
    var rows = 0
    var index = 0
    while index < player.incoming.count {
      rows += max(0, player.incoming[index])
      index += 2
    }
    return rows
  }

  public static func actions(forPlayer player: Int) -> [TrainingAction] {
    let choices: [(String, PlayerInput)] = [
      ("noop", []), ("left", .left), ("right", .right), ("soft-drop", .softDrop),
      ("hard-drop", .hardDrop), ("rotate-right", .rotateRight), ("rotate-left", .rotateLeft),
      ("hold", .hold),
    ]
    return choices.map { TrainingAction($0.0, tickInput($0.1, player: player)) }
  }

  public static func score(of state: State, player: Int) -> Int {
    // `players[0].score`, not `players.first?.score`: `first` copies the whole player.
    guard state.players.count == 2 else {
      return state.players.isEmpty ? 0 : state.players[0].score
    }
    guard let winner = state.winner else { return 0 }
    return winner == player ? 1 : -1
  }

  /// `score` (the game's, drops included), `lines`, `attack` (garbage lines made, cancelled
  /// or sent; in marathon what would be sent), `level`, `pieces` and `outcome` (versus: 1 for
  /// the winner, -1 for the loser once decided; 0 until then and in marathon).
  /// Inlined into the batch's step, where the writer lists nothing and its checks fold away.
  @inline(__always)
  public static func counters(of state: State, player: Int, into counters: inout CounterWriter) {
    var values = (score: 0, lines: 0, attack: 0, level: 0, pieces: 0)
    if player < state.players.count {
      // In place: a copy of the player would retain and release each of its arrays.
      state.players.withUnsafeBufferPointer { players in
        let me = players.baseAddress! + player
        values = (
          me.pointee.score, me.pointee.lines, me.pointee.attack, me.pointee.level,
          me.pointee.pieces
        )
      }
    }
    counters.total("score", values.score, "the game's score: line clears, T-spins, combos, drops")
    counters.total("lines", values.lines, "lines cleared")
    counters.total(
      "attack", values.attack, "garbage lines made by clears (in marathon, as if sent)")
    counters.total("level", values.level, "the level")
    counters.total("pieces", values.pieces, "pieces locked")
    var outcome = 0
    if state.players.count == 2, let winner = state.winner { outcome = winner == player ? 1 : -1 }
    counters.total("outcome", outcome, "versus: 1 won, -1 lost, 0 undecided (0 in marathon)")
  }

  /// Marathon: `lines`, so that soft drops (a point a row in the game's score) earn nothing;
  /// versus: `outcome`.
  public static func defaultReward(players: Int) -> String {
    players == 2 ? "outcome" : "lines"
  }

  public static var trainingPlayers: [Int] { [1, 2] }

  public static func trainingSettings(players: Int) -> BlocksSettings {
    var settings = BlocksSettings.headless
    if players == 2 { settings.mode = .versus }
    return settings
  }
}
