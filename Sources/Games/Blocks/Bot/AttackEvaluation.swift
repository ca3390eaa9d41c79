/// How the attacking bot values a board, in points where one line of garbage sent is 100:
/// a stack kept flat beside one open well (the lowest column) with rows waiting for a four,
/// no covered holes, and low enough for the garbage waiting to rise. Hand-set weights, tuned
/// by bot-against-bot matches (docs/BLOCKS.md has the figures).
enum AttackEvaluation {
  /// A line of garbage sent.
  static let perLineSent = 100
  /// Below this height (rows, garbage waiting included) the stack is safe: clears that send
  /// nothing cost this much a line, and breaking back-to-back costs `brokenChain`.
  static let safeHeight = 9
  static let wastedLine = 60
  static let brokenChain = 150

  static let hole = 250
  static let rowWithHoles = 120
  static let bump = 12
  static let bumpSquared = 4
  static let readyRow = 45
  static let needsAnI = 120
  static let danger = 40
  static let tSlot = 500

  /// True when rows `r` to `r + 2` hold a T-spin double slot at column `c`: row `r` full but
  /// for `c`, row `r + 1` full but for `c - 1` to `c + 1`, and above, `c` open with exactly one
  /// of its neighbours filled (the overhang the T turns under).
  static func hasTSlot(_ board: AttackBoard, below top: Int) -> Bool {
    guard top >= 3 else { return false }
    for r in 0..<(top - 2) {
      let low = board.rows[r]
      guard low != Field.fullRow, (~low & 0b0001_1111_1111_1000).nonzeroBitCount == 1 else { continue }
      let column = (~low & 0b0001_1111_1111_1000).trailingZeroBitCount
      guard column > 3 && column < 12 else { continue }
      let three: UInt16 = 0b111 << UInt16(column - 1)
      let middle = board.rows[r + 1]
      guard middle & three == 0, middle | three == Field.fullRow else { continue }
      let above = board.rows[r + 2]
      let left = above & (1 << UInt16(column - 1)) != 0
      let right = above & (1 << UInt16(column + 1)) != 0
      if above & (1 << UInt16(column)) == 0 && left != right { return true }
    }
    return false
  }

  /// The height of the stack: the row above its highest block.
  static func height(of board: AttackBoard) -> Int {
    var top = Field.height - 1
    while top >= 0 && board.rows[top] == Field.emptyRow { top -= 1 }
    return top + 1
  }

  /// The board's shape, valued; `pending` rows of garbage are about to rise under it.
  static func value(of board: AttackBoard, pending: Int) -> Int {
    let columns: UInt16 = 0b0001_1111_1111_1000
    let top = height(of: board)
    var h = InlineArray<10, Int>(repeating: 0)
    var seen: UInt16 = 0
    var holes = 0
    var holeRows = 0
    var y = top - 1
    while y >= 0 {
      let bits = board.rows[y]
      var fresh = bits & ~seen & columns
      while fresh != 0 {
        h[fresh.trailingZeroBitCount - 3] = y + 1
        fresh &= fresh - 1
      }
      let covered = (~bits & seen & columns).nonzeroBitCount
      holes += covered
      if covered > 0 { holeRows += 1 }
      seen |= bits & columns
      y -= 1
    }
    do {
      // The well: the lowest column, the rightmost of equals.
      var well = 0
      for x in 1..<Field.width where h[x] <= h[well] { well = x }
      var bumps = 0
      var bumpsSquared = 0
      var needsI = 0
      for x in 0..<(Field.width - 1) where x != well && x + 1 != well {
        let d = abs(h[x] - h[x + 1])
        bumps += d
        bumpsSquared += d * d
      }
      for x in 0..<Field.width where x != well {
        let left = x == 0 ? Int.max : h[x - 1]
        let right = x == Field.width - 1 ? Int.max : h[x + 1]
        if min(left, right) - h[x] >= 3 { needsI += 1 }
      }
      // Rows from the well's bottom up, full but for the well: a four is waiting.
      let open = UInt16(1) << UInt16(well + 3)
      var ready = 0
      var row = h[well]
      while ready < 4 && row < top && board.rows[row] | open == Field.fullRow {
        ready += 1
        row += 1
      }
      let effective = top + pending
      let over = max(0, effective - safeHeight)
      let slot = hasTSlot(board, below: top) ? tSlot : 0
      return slot - hole * holes - rowWithHoles * holeRows - bump * bumps - bumpSquared * bumpsSquared
        + readyRow * ready - needsAnI * needsI - danger * over * over
    }
  }
}
