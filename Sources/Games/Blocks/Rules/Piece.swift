import GameCore

/// The seven tetrominoes, with their shapes in the four rotation states of the Super Rotation
/// System and its wall-kick tables.
public enum Piece: UInt8, CaseIterable, StateValue, Sendable {
  case i, o, t, s, z, j, l

  /// Its letter, for dumps and tests.
  public var letter: Character { Array("IOTSZJL")[Int(rawValue)] }

  /// The side of its bounding box: 4 for I and O, 3 for the others.
  public var boxSize: Int { self == .i || self == .o ? 4 : 3 }

  /// The cells of rotation `rotation` (0 spawn, 1 clockwise, 2, 3) as (column, row) in the
  /// bounding box, rows counted down from its top.
  public func cells(_ rotation: Int) -> [(x: Int, y: Int)] {
    Piece.cellTable[Int(rawValue)][rotation & 3]
  }

  /// Spawn shapes, rows top down: the guideline's orientation, flat side down, pointing up.
  private static let spawnRows: [[String]] = [
    ["....", "####", "....", "...."],  // I
    [".##.", ".##.", "...."],  // O
    [".#.", "###", "..."],  // T
    [".##", "##.", "..."],  // S
    ["##.", ".##", "..."],  // Z
    ["#..", "###", "..."],  // J
    ["..#", "###", "..."],  // L
  ]

  /// `[piece][rotation]`: each rotation turns the previous one clockwise in its box (the O
  /// does not turn).
  static let cellTable: [[[(x: Int, y: Int)]]] = Piece.allCases.map { piece in
    var cells: [(x: Int, y: Int)] = []
    for (y, row) in spawnRows[Int(piece.rawValue)].enumerated() {
      for (x, mark) in row.enumerated() where mark == "#" { cells.append((x, y)) }
    }
    var rotations = [cells]
    for _ in 1..<4 {
      let last = rotations[rotations.count - 1]
      rotations.append(
        piece == .o
          ? last
          : last.map { (x: piece.boxSize - 1 - $0.y, y: $0.x) }
            .sorted { ($0.y, $0.x) < ($1.y, $1.x) })
    }
    return rotations
  }

  /// `[piece][rotation]`: the box's rows as bit masks (bit `x` for column `x` of the box), top
  /// row first; what collision tests shift into the field's rows.
  static let rowMasks: [[[UInt16]]] = Piece.allCases.map { piece in
    (0..<4).map { rotation in
      var masks = [UInt16](repeating: 0, count: piece.boxSize)
      for cell in cellTable[Int(piece.rawValue)][rotation] { masks[cell.y] |= 1 << UInt16(cell.x) }
      while masks.last == 0 { masks.removeLast() }
      return masks
    }
  }

  /// The SRS wall kicks tried, in order, turning from `from` to `to` (one step either way):
  /// (x, y) offsets with y up, the first that fits wins. The O does not kick.
  ///
  /// From the guideline's tables (J, L, S, T, Z share one; the I has its own).
  public func kicks(from: Int, to: Int) -> [(x: Int, y: Int)] {
    if self == .o { return [(0, 0)] }
    let table = self == .i ? Piece.iKicks : Piece.kicks
    let clockwise = (to - from) & 3 == 1
    return table[(from & 3) * 2 + (clockwise ? 0 : 1)]
  }

  /// J, L, S, T, Z: index `from * 2` turning clockwise, `from * 2 + 1` anticlockwise.
  static let kicks: [[(x: Int, y: Int)]] = [
    [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],  // 0 → R
    [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],  // 0 → L
    [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],  // R → 2
    [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],  // R → 0
    [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],  // 2 → L
    [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],  // 2 → R
    [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],  // L → 0
    [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],  // L → 2
  ]

  /// The I's kicks, indexed as ``kicks``.
  static let iKicks: [[(x: Int, y: Int)]] = [
    [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],  // 0 → R
    [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],  // 0 → L
    [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],  // R → 2
    [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],  // R → 0
    [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],  // 2 → L
    [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],  // 2 → R
    [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],  // L → 0
    [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],  // L → 2
  ]
}
