import GameCore
import GameScene

/// Blocks as the window sees it: fields of bevelled minos, the ghost, hold and next panels,
/// the numbers, the line clear's flash and sparks, the screens; and its sounds.
extension Blocks: PlayableGame {
  public static let sourceFile: String? = #filePath

  /// The guideline's colours: I cyan, O yellow, T purple, S green, Z red, J blue, L orange;
  /// garbage grey.
  static let colors: [Color] = [
    Color(0, 220, 230), Color(240, 220, 0), Color(170, 60, 220), Color(60, 210, 80),
    Color(230, 50, 60), Color(40, 90, 235), Color(245, 150, 20), Color(120, 120, 130),
  ]

  public static func scene(of state: State) -> Scene {
    var scene = Scene(tick: state.tick, background: Color(8, 10, 22))
    var drawing = BlocksDrawing(scene: scene, tick: state.tick)
    if state.players.isEmpty || state.phase == .title {
      drawing.title(mode: state.mode, opponent: state.opponent)
    } else if state.players.count == 1 {
      drawing.field(state.players[0], left: 490, top: 60, cell: 30, label: nil)
      drawing.sidePanels(state.players[0], left: 490, top: 60, cell: 30)
      drawing.numbers(state.players[0], mode: state.mode, playTicks: state.playTicks)
    } else {
      for (index, player) in state.players.enumerated() {
        let left: Float = index == 0 ? 190 : 830
        drawing.field(player, left: left, top: 90, cell: 26, label: "PLAYER \(index + 1)")
        drawing.sidePanels(player, left: left, top: 90, cell: 26)
      }
    }
    switch state.phase {
    case .title, .playing: break
    case .paused: drawing.screen("PAUSED", "P to resume", rewindHint: "hold BACKSPACE to rewind")
    case .gameOver:
      drawing.screen("GAME OVER", "SCORE \(state.players.first?.score ?? 0)   ENTER for the title")
    case .results:
      if let winner = state.winner {
        drawing.screen("PLAYER \(winner + 1) WINS", "ENTER for the title")
      } else if state.mode == .versus {
        drawing.screen("DRAW", "ENTER for the title")
      } else {
        drawing.screen(
          "TIME " + BlocksDrawing.clock(state.playTicks),
          "40 LINES   \(state.players.first?.pieces ?? 0) PIECES   ENTER for the title")
      }
    }
    scene.overlay = drawing.scene.overlay
    scene.particles = drawing.scene.particles
    // The saved top ten of the mode: beside the title, and right of the field once it is over.
    if state.mode != .versus && state.phase != .playing && state.phase != .paused {
      let atTitle = state.players.isEmpty || state.phase == .title
      scene.highScores = HighScoreBoard(
        table: state.mode.name,
        list: Text(
          "BEST " + state.mode.name.uppercased(), x: atTitle ? 1130 : 1090, y: atTitle ? 70 : 200,
          alignment: .center, color: Color(120, 200, 255), font: .arcadeGlow))
    }
    return scene
  }

  /// Move, rotate, lock, each clear size, T-spin, level up and top-out, from every player's
  /// cues of the tick.
  public static func sounds(of state: State) -> Sounds {
    var names: [String] = []
    for player in state.players {
      let cues = player.cues
      if cues.contains(.topOut) { names.append("game-over") }
      if cues.contains(.tSpin) {
        names.append("t-spin")
      } else if cues.contains(.four) {
        names.append("clear-4")
      } else if cues.contains(.clear), let clear = player.lastClear {
        names.append("clear-\(clear.lines)")
      } else if cues.contains(.lock) {
        names.append(cues.contains(.hardDrop) ? "hard-drop" : "lock")
      }
      if cues.contains(.levelUp) { names.append("level-up") }
      if cues.contains(.rotate) { names.append("rotate") }
      if cues.contains(.move) { names.append("move") }
      if cues.contains(.hold) { names.append("hold") }
    }
    return Sounds(oneShots: names)
  }

  public static func summary(of state: State) -> String {
    let player = state.players.first
    return "phase=\(state.phase) mode=\(state.mode.name) score=\(player?.score ?? 0) "
      + "lines=\(player?.lines ?? 0) level=\(player?.level ?? 0) pieces=\(player?.pieces ?? 0)"
  }
}

/// Builds the overlay of a Blocks frame, in the 1280 × 720 frame's pixels.
struct BlocksDrawing {
  var scene: Scene
  let tick: Int
  static let white = Color.white
  static let dim = Color(150, 170, 210)
  static let panel = Color(20, 24, 46)

  init(scene: Scene, tick: Int) {
    self.scene = scene
    self.tick = tick
  }

  /// `ticks` of play as minutes:seconds.hundredths.
  static func clock(_ ticks: Int) -> String {
    let hundredths = ticks * 100 / BlocksTuning.tickRate
    let seconds = hundredths / 100
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(seconds / 60):\(two(seconds % 60)).\(two(hundredths % 100))"
  }

  mutating func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float, _ color: Color, filled: Bool = true) {
    scene.overlay.append(.rect(Rect(x: x, y: y, width: w, height: h, color: color, filled: filled)))
  }

  mutating func text(
    _ string: String, _ x: Float, _ y: Float, scale: Float = 1, _ alignment: Text.Alignment = .left,
    _ color: Color = white
  ) {
    scene.overlay.append(
      .text(
        Text(
          string, x: x, y: y, scale: scale, alignment: alignment, color: color,
          font: .arcadeGlow)))
  }

  /// One mino: its colour, a lighter top-left bevel and a darker bottom-right one.
  mutating func mino(_ x: Float, _ y: Float, _ size: Float, _ color: Color) {
    func shade(_ value: UInt8, _ factor: Int) -> UInt8 { UInt8(min(255, Int(value) * factor / 100)) }
    let light = Color(shade(color.red, 150), shade(color.green, 150), shade(color.blue, 150))
    let dark = Color(shade(color.red, 55), shade(color.green, 55), shade(color.blue, 55))
    let bevel = max(2, size / 8)
    rect(x, y, size, size, dark)
    rect(x, y, size - bevel, size - bevel, light)
    rect(x + bevel, y + bevel, size - 2 * bevel, size - 2 * bevel, color)
  }

  /// The rows above the field's top edge that are drawn (over the background, unframed), so a
  /// piece is seen the tick it appears in rows 21-22, as modern games show it.
  static let rowsShownAbove = 2

  /// A field with its frame, blocks, ghost, falling piece and clearing rows; shaken for a few
  /// ticks after a hard drop.
  mutating func field(_ player: Player, left: Float, top: Float, cell: Float, label: String?) {
    let shake = player.shake > 0 ? Float(player.shake % 2 == 0 ? 2 : -2) * Float(player.shake) / 3 : 0
    let top = top + shake
    let width = Float(Field.width) * cell
    let height = Float(Field.visibleHeight) * cell
    rect(left - 4, top - 4, width + 8, height + 8, Color(70, 80, 130))
    rect(left, top, width, height, Color(4, 5, 12))
    for column in 1..<Field.width {
      rect(left + Float(column) * cell, top, 1, height, Color(18, 20, 36))
    }
    func position(_ x: Int, _ y: Int) -> (Float, Float) {
      (left + Float(x) * cell, top + Float(Field.visibleHeight - 1 - y) * cell)
    }
    let flashing = !player.clearing.isEmpty
    let drawnHeight = Field.visibleHeight + Self.rowsShownAbove
    for y in 0..<drawnHeight {
      let clearing = flashing && player.clearing.contains(y)
      for x in 0..<Field.width where player.field.cell(x, y) != 0 {
        let (px, py) = position(x, y)
        let color = Blocks.colors[Int(player.field.cell(x, y)) - 1]
        if clearing && (player.delay / 3) % 2 == 0 {
          rect(px, py, cell, cell, .white)
        } else {
          mino(px, py, cell, color)
        }
      }
      if clearing { sparks(row: y, left: left, top: top, cell: cell, age: BlocksTuning.lineClearDelay - player.delay) }
    }
    if let active = player.active {
      let color = Blocks.colors[Int(active.piece.rawValue)]
      let ghost = player.ghostY(of: active)
      for cell0 in active.piece.cells(active.rotation) {
        let (gx, gy) = position(active.x + cell0.x, ghost - cell0.y)
        if ghost - cell0.y < Field.visibleHeight {
          // A faint fill and a clear outline in the piece's colour: seen on any stack.
          rect(gx + 1, gy + 1, cell - 2, cell - 2, Color(color.red, color.green, color.blue, alpha: 50))
          let outline = Color(color.red, color.green, color.blue, alpha: 230)
          rect(gx + 2, gy + 2, cell - 4, cell - 4, outline, filled: false)
          rect(gx + 3, gy + 3, cell - 6, cell - 6, outline, filled: false)
        }
      }
      for cell0 in active.piece.cells(active.rotation) where active.y - cell0.y < drawnHeight {
        let (px, py) = position(active.x + cell0.x, active.y - cell0.y)
        mino(px, py, cell, color)
      }
    }
    if player.pendingGarbage > 0 {
      let rows = Float(min(player.pendingGarbage, Field.visibleHeight))
      rect(left - 12, top + height - rows * cell, 6, rows * cell, Color(230, 50, 60))
    }
    // Under the field: above it are the rows where pieces appear.
    if let label { text(label, left + width / 2, top + height + 14, .center, Self.dim) }
    if let clear = player.lastClear, clear.perfect, player.field.rows.allSatisfy({ $0 == Field.emptyRow }) {
      // Shown while the field stays empty, until the next piece locks.
      text("PERFECT", left + width / 2, top + height / 2 - 40, scale: 1.6, .center, Color(255, 230, 120))
      text("CLEAR", left + width / 2, top + height / 2, scale: 1.6, .center, Color(255, 230, 120))
    }
    if player.toppedOut {
      let above = Float(Self.rowsShownAbove) * cell
      rect(left, top - above, width, height + above, Color(0, 0, 0, alpha: 140))
    }
  }

  /// Sparks flying out of a clearing row: a pure function of the row and the time since the
  /// clear, so a replay draws the same sparks.
  mutating func sparks(row y: Int, left: Float, top: Float, cell: Float, age: Int) {
    let rowTop = top + Float(Field.visibleHeight - 1 - y) * cell + cell / 2
    for n in 0..<12 {
      var random = SplitMix64(seed: UInt64(y * 131 + n))
      let x = left + Float(random.next() % 300) / 300 * Float(Field.width) * cell
      let vx = (Float(random.next() % 200) - 100) / 25
      let vy = -(Float(random.next() % 100) + 20) / 25
      let t = Float(age)
      scene.particles.append(
        Particle(
          image: "spark", x: x + vx * t, y: rowTop + vy * t + 0.15 * t * t, vx: vx, vy: vy + 0.3 * t,
          life: max(0, 1 - t / Float(BlocksTuning.lineClearDelay))))
    }
  }

  /// Hold to the left of a field, the next five to the right.
  mutating func sidePanels(_ player: Player, left: Float, top: Float, cell: Float) {
    let small = cell * 0.6
    let width = Float(Field.width) * cell
    let panelWidth = small * 5
    rect(left - panelWidth - 24, top, panelWidth + 8, small * 4 + 36, Self.panel)
    text("HOLD", left - panelWidth / 2 - 20, top + 6, .center, Self.dim)
    if let hold = player.hold {
      preview(hold, centreX: left - panelWidth / 2 - 20, top: top + 34, size: small, dimmed: player.holdUsed)
    }
    rect(left + width + 16, top, panelWidth + 8, small * 16 + 36, Self.panel)
    text("NEXT", left + width + 20 + panelWidth / 2, top + 6, .center, Self.dim)
    for (index, piece) in player.queue.prefix(5).enumerated() {
      preview(piece, centreX: left + width + 20 + panelWidth / 2, top: top + 34 + Float(index) * small * 3.2, size: small, dimmed: false)
    }
  }

  /// A piece in its spawn orientation, centred on `centreX`.
  mutating func preview(_ piece: Piece, centreX: Float, top: Float, size: Float, dimmed: Bool) {
    let cells = piece.cells(0)
    let minX = cells.map(\.x).min() ?? 0
    let maxX = cells.map(\.x).max() ?? 0
    let minY = cells.map(\.y).min() ?? 0
    let width = Float(maxX - minX + 1) * size
    let color = dimmed ? Color(90, 90, 100) : Blocks.colors[Int(piece.rawValue)]
    for cell in cells {
      mino(centreX - width / 2 + Float(cell.x - minX) * size, top + Float(cell.y - minY) * size, size, color)
    }
  }

  /// Score, level, lines and time under the hold panel; the last clear's name.
  mutating func numbers(_ player: Player, mode: Blocks.Mode, playTicks: Int) {
    let x: Float = 310
    var y: Float = 250
    let rows: [(String, String)] = [
      ("SCORE", "\(player.score)"), ("LEVEL", "\(player.level)"),
      ("LINES", mode == .sprint ? "\(player.lines) / 40" : "\(player.lines)"),
      ("TIME", Self.clock(playTicks)),
    ]
    for (name, value) in rows {
      text(name, x, y, .left, Self.dim)
      text(value, x, y + 26, scale: 1.25)
      y += 80
    }
    if mode == .marathon && player.lines >= BlocksTuning.marathonLines {
      text("150 CLEARED", x, y, .left, Color(255, 230, 120))
      text("ENDLESS", x, y + 26, .left, Color(255, 230, 120))
    }
    if let clear = player.lastClear, player.delay > 0 || player.active != nil, player.combo >= 0 {
      var words = clear.spin == .full ? "T-SPIN " : clear.spin == .mini ? "T-SPIN MINI " : ""
      words += ["", "SINGLE", "DOUBLE", "TRIPLE", "FOUR LINES"][clear.lines]
      text(words, 640, 664, scale: 1.2, .center, Color(255, 230, 120))
      if clear.backToBack { text("BACK-TO-BACK", 640, 690, .center, Color(255, 170, 80)) }
      if clear.combo > 0 { text("COMBO \(clear.combo)", 960, 664, .left, Color(120, 220, 255)) }
    }
  }

  mutating func title(mode: Blocks.Mode, opponent: BlocksSettings.Opponent) {
    text("BLOCKS", 640, 110, scale: 5, .center, Color(120, 200, 255))
    for (index, piece) in Piece.allCases.enumerated() {
      preview(piece, centreX: 340 + Float(index) * 100, top: 250, size: 22, dimmed: false)
    }
    text("< \(mode.name.uppercased()) >", 640, 360, scale: 2, .center)
    let about = [
      Blocks.Mode.marathon: "150 lines, a level every 10, then endless",
      .sprint: "40 lines against the clock", .versus: "two players: clears send garbage",
    ][mode] ?? ""
    text(about, 640, 410, .center, Self.dim)
    if mode == .versus {
      let who = opponent == .player ? "A PERSON" : "THE COMPUTER, " + opponent.name.uppercased()
      text("PLAYER 2: \(who)   UP DOWN to change", 640, 440, .center, Color(120, 200, 255))
    }
    if (tick / 32) % 2 == 0 { text("PRESS ENTER", 640, 478, scale: 1.5, .center) }
    let help = [
      "LEFT RIGHT move   DOWN soft drop   SPACE hard drop",
      "UP or X rotate   Z rotate back   C hold   P pause",
      "player 2:  J L move   K soft   I hard   O U rotate   RIGHT SHIFT hold",
    ]
    for (row, line) in help.enumerated() { text(line, 640, 540 + Float(row) * 30, .center, Self.dim) }
  }

  /// A dimmed screen with its headline and a line under it, which blinks when it asks for
  /// ENTER; `rewindHint` is a line of its own below, which a netplay match leaves out.
  mutating func screen(_ headline: String, _ line: String, rewindHint: String? = nil) {
    rect(0, 0, 1280, 720, Color(0, 0, 0, alpha: 160))
    text(headline, 640, 280, scale: 3.5, .center)
    if (tick / 32) % 2 == 0 || !line.contains("ENTER") { text(line, 640, 380, .center, Self.dim) }
    if let rewindHint {
      scene.overlay.append(
        .text(
          Text(
            rewindHint, x: 640, y: 410, alignment: .center, color: Self.dim, font: .arcadeGlow,
            engineKey: .rewind)))
    }
  }
}
