
/// The attacking bot's planner: a beam search over the piece in play, hold and the next queue,
/// valuing what each line of placements sends (four-line clears, T-spins, back-to-back,
/// combos, perfect clears, by the rules' own tables) and the shape it leaves: a clean stack
/// with a well kept open for fours, no holes, low enough for the garbage that is coming.
///
/// Integer arithmetic throughout, so the rules' own opponent can use it and replays stay exact.
public struct AttackPlanner: Sendable {
  /// How many placements survive each level of the search, and how many pieces it looks
  /// ahead (the piece in play counts as the first; at most the five shown next follow).
  public var beam: Int
  public var depth: Int

  /// The attacking bot's search: 4 placements kept a level, 3 pieces deep (the piece in play
  /// or the one hold gives, then two of the queue): while tuning, keeping 6 won barely more
  /// matches at half the speed, and 2 pieces deep lost more.
  public static let standard = AttackPlanner(beam: 4, depth: 3)


  /// A search keeping `beam` placements a level, `depth` pieces deep.
  public init(beam: Int, depth: Int) {
    self.beam = beam
    self.depth = depth
  }

  /// One line of play being searched: the board after it, what hold and the queue hold, the
  /// chains running, and its first placement (the one the bot will make).
  struct Node {
    var board: AttackBoard
    var current: Piece
    var hold: Piece?
    var holdUsable: Bool
    var next: Int
    var backToBack: Bool
    var combo: Int
    var reward: Int
    var value: Int
    var first: Placement?
  }

  /// The placement to make now for `player`'s piece, or nil when there is none.
  public func best(for player: Player) -> Placement? {
    guard let active = player.active else { return nil }
    let queue = Array(player.queue.prefix(5))
    let pending = player.pendingGarbage
    var frontier = [
      Node(
        board: AttackBoard(player.field), current: active.piece, hold: player.hold,
        holdUsable: !player.holdUsed, next: 0, backToBack: player.backToBack,
        combo: player.combo, reward: 0, value: 0, first: nil)
    ]
    for level in 0..<max(1, depth) {
      var children: [Node] = []
      // A node whose next piece is past the five shown is not looked into further.
      for node in frontier where node.next <= queue.count {
        expand(node, queue: queue, pending: pending, into: &children)
      }
      guard !children.isEmpty else { break }
      frontier = Self.best(level == depth - 1 ? 1 : beam, of: children)
    }
    return frontier.first?.first
  }

  /// The `count` best nodes, best first; of equal values the one found first, so the choice
  /// is deterministic.
  static func best(_ count: Int, of nodes: [Node]) -> [Node] {
    var kept: [Int] = []
    kept.reserveCapacity(count + 1)
    for index in nodes.indices {
      let value = nodes[index].value
      if kept.count == count && nodes[kept[count - 1]].value >= value { continue }
      var at = kept.count
      while at > 0 && nodes[kept[at - 1]].value < value { at -= 1 }
      kept.insert(index, at: at)
      if kept.count > count { kept.removeLast() }
    }
    return kept.map { nodes[$0] }
  }

  /// Every placement of the node's piece, and of the piece hold gives, as child nodes.
  func expand(_ node: Node, queue: [Piece], pending: Int, into children: inout [Node]) {
    var options: [(piece: Piece, hold: Piece?, next: Int, useHold: Bool)] = [
      (node.current, node.hold, node.next, false)
    ]
    if node.holdUsable {
      if let held = node.hold {
        if held != node.current { options.append((held, node.current, node.next, true)) }
      } else if node.next < queue.count && queue[node.next] != node.current {
        options.append((queue[node.next], node.current, node.next + 1, true))
      }
    }
    let height = AttackEvaluation.height(of: node.board) + pending
    for option in options {
      let known = option.next < queue.count
      let following = known ? queue[option.next] : option.piece
      for placement in placements(of: option.piece, on: node.board, useHold: option.useHold) {
        var board = node.board
        let landed = placement.turn == 0 ? (placement.x, placement.y) : (placement.finalX, placement.finalY)
        let rotation = (placement.rotation + placement.turn) & 3
        let spin: Clear.Spin =
          placement.turn == 0
          ? .none : board.spin(rotation: rotation, x: landed.0, y: landed.1, kick: placement.value)
        let result = board.place(option.piece, rotation, x: landed.0, y: landed.1)
        var child = node
        child.board = board
        child.current = following
        child.hold = option.hold
        child.holdUsable = true
        child.next = known ? option.next + 1 : queue.count + 1
        child.reward += reward(
          lines: result.lines, spin: spin, perfect: result.perfect, node: &child,
          height: height)
        child.value = child.reward + AttackEvaluation.value(of: board, pending: pending)
        if child.first == nil {
          var first = placement
          first.value = child.value
          child.first = first
        }
        children.append(child)
      }
    }
  }

  /// Each rotation and column reached from where pieces appear (turned there, slid along
  /// the row) and dropped; for T, also each quarter turn made on landing that ends in a
  /// T-spin (`value` carries the kick index it took, for the spin rule).
  func placements(of piece: Piece, on board: AttackBoard, useHold: Bool) -> [Placement] {
    var result: [Placement] = []
    let startY = board.fits(piece, 0, x: 3, y: Player.spawnY - 1) ? Player.spawnY - 1 : Player.spawnY
    let top = AttackEvaluation.height(of: board)
    for rotation in 0..<(piece == .o ? 1 : 4) where board.fits(piece, rotation, x: 3, y: startY) {
      for direction in [-1, 1] {
        var x = direction == -1 ? 3 : 4
        while board.fits(piece, rotation, x: x, y: startY) {
          let y = board.landing(piece, rotation, x: x, from: startY, top: top)
          result.append(
            Placement(piece: piece, useHold: useHold, rotation: rotation, x: x, value: 0, y: y))
          if piece == .t { spins(from: rotation, x: x, y: y, on: board, useHold: useHold, into: &result) }
          x += direction
        }
      }
    }
    return result
  }

  /// The T turned a quarter either way where it landed, kicks tried in order as the rules
  /// do, kept when it rests there and makes a full T-spin.
  func spins(
    from rotation: Int, x: Int, y: Int, on board: AttackBoard, useHold: Bool,
    into result: inout [Placement]
  ) {
    for turn in [1, -1] {
      let to = (rotation + turn) & 3
      for (index, kick) in Piece.t.kicks(from: rotation, to: to).enumerated()
      where board.fits(.t, to, x: x + kick.x, y: y + kick.y) {
        let (fx, fy) = (x + kick.x, y + kick.y)
        if !board.fits(.t, to, x: fx, y: fy - 1)
          && board.spin(rotation: to, x: fx, y: fy, kick: index) == .full
        {
          result.append(
            Placement(
              piece: .t, useHold: useHold, rotation: rotation, x: x, value: index, turn: turn,
              y: y, finalX: fx, finalY: fy))
        }
        break
      }
    }
  }

  /// What a clear earns in the search: the lines it sends, by the rules' tables, and what it
  /// costs to clear lines that send nothing while the stack is low (they spend the rows a four
  /// would use) or to break a back-to-back chain.
  func reward(lines: Int, spin: Clear.Spin, perfect: Bool, node: inout Node, height: Int) -> Int {
    guard lines > 0 else {
      node.combo = -1
      return 0
    }
    let difficult = lines == 4 || spin != .none
    var sent = spin == .full ? BlocksTuning.tSpinGarbage[lines] : BlocksTuning.lineGarbage[lines]
    if difficult && node.backToBack { sent += BlocksTuning.backToBackGarbage }
    node.combo += 1
    sent += BlocksTuning.comboGarbage[min(node.combo, BlocksTuning.comboGarbage.count - 1)]
    if perfect { sent += BlocksTuning.perfectClearGarbage }
    var value = sent * AttackEvaluation.perLineSent
    let safe = height < AttackEvaluation.safeHeight
    if !difficult && safe { value -= AttackEvaluation.wastedLine * lines }
    if !difficult && node.backToBack && safe { value -= AttackEvaluation.brokenChain }
    node.backToBack = difficult ? true : false
    return value
  }
}
