/// Locking a piece and what it earns: T-spins by the 3-corner rule, the guideline's score and
/// garbage tables, back-to-back, combos, perfect clears, lines and levels.
extension Player {
  /// What kind of T-spin `piece` locked with: the 3-corner rule (three of the four cells
  /// diagonal to the T's centre taken, walls and floor included), full when both corners on
  /// the side the T points to are taken or the last rotation took the last kick, else mini.
  public func spin(of piece: Active) -> Clear.Spin {
    guard piece.piece == .t, rotated else { return .none }
    let cx = piece.x + 1
    let cy = piece.y - 1
    // Corners clockwise from top-left: the two at index `rotation` and the next are in front.
    let corners = [(cx - 1, cy + 1), (cx + 1, cy + 1), (cx + 1, cy - 1), (cx - 1, cy - 1)]
    let taken = corners.map { field.isTaken($0.0, $0.1) }
    guard taken.filter({ $0 }).count >= 3 else { return .none }
    let front = taken[piece.rotation] && taken[(piece.rotation + 1) & 3]
    return front || lastKick == 4 ? .full : .mini
  }

  mutating func lock(_ piece: Active, rules: Rules) {
    let spin = spin(of: piece)
    field.place(piece.piece, piece.rotation, x: piece.x, y: piece.y)
    active = nil
    holdUsed = false
    pieces += 1
    cues.insert(.lock)
    // Lock out: the whole piece above the visible field.
    if piece.piece.cells(piece.rotation).allSatisfy({ piece.y - $0.y >= Field.visibleHeight }) {
      toppedOut = true
      cues.insert(.topOut)
      return
    }
    let full = field.fullRows
    // A perfect clear: every row that holds a block is full.
    let perfect =
      !full.isEmpty
      && field.rows.indices.allSatisfy { full.contains($0) || field.rows[$0] == Field.emptyRow }
    score(lines: full.count, spin: spin, perfect: perfect, rules: rules)
    if full.isEmpty {
      delay = BlocksTuning.entryDelay
    } else {
      clearing = full
      delay = BlocksTuning.lineClearDelay
    }
  }

  /// The guideline's scoring: the line (or T-spin) table × level, back-to-back × 1.5, combos
  /// 50 × combo × level, the perfect-clear bonus; the garbage it sends; lines and levels.
  mutating func score(lines cleared: Int, spin: Clear.Spin, perfect: Bool = false, rules: Rules) {
    let table =
      spin == .full
      ? BlocksTuning.tSpinScores : spin == .mini ? BlocksTuning.miniScores : BlocksTuning.lineScores
    var points = table[cleared] * level
    guard cleared > 0 else {
      combo = -1
      score += points
      if spin != .none { cues.insert(.tSpin) }
      return
    }
    let clear = Clear(lines: cleared, spin: spin, backToBack: false, combo: combo + 1)
    let chained = clear.isDifficult && backToBack
    if chained { points = points * 3 / 2 }
    backToBack = clear.isDifficult ? true : (cleared > 0 ? false : backToBack)
    combo += 1
    points += BlocksTuning.comboScore * combo * level
    if perfect {
      let bonus =
        chained && cleared == 4
        ? BlocksTuning.backToBackPerfectFourScore : BlocksTuning.perfectClearScores[cleared]
      points += bonus * level
    }
    score += points
    var garbage =
      spin == .full ? BlocksTuning.tSpinGarbage[cleared] : BlocksTuning.lineGarbage[cleared]
    if chained { garbage += BlocksTuning.backToBackGarbage }
    garbage += BlocksTuning.comboGarbage[min(combo, BlocksTuning.comboGarbage.count - 1)]
    if perfect { garbage += BlocksTuning.perfectClearGarbage }
    attack += garbage
    // What is sent first cancels what is waiting to rise.
    while garbage > 0 && incoming.count >= 2 {
      let cancelled = min(garbage, incoming[0])
      garbage -= cancelled
      incoming[0] -= cancelled
      if incoming[0] == 0 { incoming.removeFirst(2) }
    }
    outgoing += garbage
    lastClear = Clear(
      lines: cleared, spin: spin, backToBack: chained, combo: combo, perfect: perfect)
    lines += cleared
    cues.insert(cleared == 4 ? .four : .clear)
    if spin != .none { cues.insert(.tSpin) }
    if perfect { cues.insert(.perfectClear) }
    if cleared == 4 { fours += 1 }
    if spin == .full { tSpins += 1 }
    if chained { backToBacks += 1 }
    if perfect { perfectClears += 1 }
    let reached = startLevel + lines / BlocksTuning.linesPerLevel
    if rules.levelsUp && reached > level && level < BlocksTuning.maxLevel {
      level = min(BlocksTuning.maxLevel, reached)
      cues.insert(.levelUp)
    }
  }
}
