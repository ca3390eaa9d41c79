import GameCore

/// One player's buttons, as bits of their own: the game's input holds one group per player.
public struct PlayerInput: OptionSet, Equatable, StateValue, Sendable {
  public var rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let left = PlayerInput(rawValue: 1 << 0)
  public static let right = PlayerInput(rawValue: 1 << 1)
  public static let softDrop = PlayerInput(rawValue: 1 << 2)
  public static let hardDrop = PlayerInput(rawValue: 1 << 3)
  public static let rotateRight = PlayerInput(rawValue: 1 << 4)
  public static let rotateLeft = PlayerInput(rawValue: 1 << 5)
  public static let hold = PlayerInput(rawValue: 1 << 6)
  /// Bits a player has.
  public static let count = 7
}

/// What a lock cleared, and how: what the score, the garbage and the banner follow from.
public struct Clear: Equatable, StateValue, Sendable {
  public enum Spin: UInt8, StateValue, Sendable { case none, mini, full }
  public var lines: Int
  public var spin: Spin
  /// True when it was a back-to-back difficult clear (four lines or a T-spin with lines).
  public var backToBack: Bool
  /// The combo count after it (0 for the first clear of a run).
  public var combo: Int
  /// True when it left the field empty: a perfect clear.
  public var perfect = false

  /// Four lines, or a T-spin (full or mini) that cleared lines: what back-to-back chains.
  public var isDifficult: Bool { lines == 4 || (lines > 0 && spin != .none) }
}

/// The rules the players play by: the settings that matter tick by tick.
public struct Rules: Equatable, Sendable {
  public var das: Int
  public var arr: Int
  public var levelsUp: Bool
}

/// One player's game: the field, the falling piece, hold and queue, the timers, the score.
public struct Player: Equatable, StateValue, Sendable {
  /// The piece under the player's control.
  public struct Active: Equatable, StateValue, Sendable {
    public var piece: Piece
    public var rotation: Int
    /// The top-left of its bounding box (row `y` is the box's top row; rows go up).
    public var x: Int
    public var y: Int
  }

  /// Sounds and events of the latest tick, as bits.
  public struct Cues: OptionSet, Equatable, StateValue, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let move = Cues(rawValue: 1 << 0)
    public static let rotate = Cues(rawValue: 1 << 1)
    public static let lock = Cues(rawValue: 1 << 2)
    public static let hardDrop = Cues(rawValue: 1 << 3)
    public static let clear = Cues(rawValue: 1 << 4)
    public static let four = Cues(rawValue: 1 << 5)
    public static let tSpin = Cues(rawValue: 1 << 6)
    public static let levelUp = Cues(rawValue: 1 << 7)
    public static let hold = Cues(rawValue: 1 << 8)
    public static let topOut = Cues(rawValue: 1 << 9)
    public static let garbage = Cues(rawValue: 1 << 10)
    public static let perfectClear = Cues(rawValue: 1 << 11)
  }

  public var field = Field()
  public var active: Active?
  public var hold: Piece?
  /// Hold may be used once per piece.
  public var holdUsed = false
  /// The pieces to come, whole bags at a time: the next five are shown.
  public var queue = PieceQueue()
  /// The player's piece stream: both players of a versus game get the same pieces.
  public var random: SplitMix64

  /// Fraction of a row fallen, 16.16.
  public var fall: Int32 = 0
  /// Ticks on the ground; moves and rotations that restarted it; the lowest row reached.
  public var lockTicks = 0
  public var lockResets = 0
  public var lowestY = 0
  /// True when the piece's last successful action was a rotation, and which kick it took.
  public var rotated = false
  public var lastKick = 0
  /// The held direction (-1, 0, 1) and ticks since it was pressed: delayed auto shift.
  public var shift = 0
  public var shiftTicks = 0
  /// The buttons held the tick before: presses are the bits that were not.
  public var held: PlayerInput = []

  /// Ticks left of the line clear flash or the entry delay; the rows flashing.
  public var delay = 0
  public var clearing: [Int] = []

  public var score = 0
  public var lines = 0
  public var level = 1
  /// The level the game started at: a level every 10 lines counts from it.
  public var startLevel = 1
  /// Consecutive clears minus one (-1: no combo running).
  public var combo = -1
  public var backToBack = false
  /// The last clear, for the drawing's banner.
  @Drawn public var lastClear: Clear? = nil
  public var pieces = 0
  public var toppedOut = false
  /// Garbage waiting to rise, as (rows, hole column); and garbage to send, taken by the game.
  public var incoming: [Int] = []
  public var outgoing = 0
  /// Every line of garbage this player's clears made, cancelled or sent: its attack.
  public var attack = 0
  /// Four-line clears so far (clears by kind are the bots' figures).
  public var fours = 0
  /// Full T-spins that cleared lines.
  public var tSpins = 0
  /// Back-to-back clears.
  public var backToBacks = 0
  /// Perfect clears.
  public var perfectClears = 0
  @Drawn public var cues: Cues = []
  /// Ticks left of the field's shake after a hard drop (drawn only, but kept here so a
  /// replay draws it the same).
  @Drawn public var shake = 0
  /// The rules' own versus opponent's plan for the piece in play (player 2 only): chosen once
  /// a piece, which is what it would choose again on every tick of it.
  public var botPlan: BotPlan?

  /// A plan and the piece it was made for.
  public struct BotPlan: Equatable, StateValue, Sendable {
    public var pieces: Int
    public var piece: Piece
    public var target: Placement
  }

  /// A player at `level` drawing pieces from `seed`.
  public init(seed: UInt64, level: Int) {
    random = SplitMix64(seed: seed)
    self.level = level
    startLevel = level
    refill()
  }

  // MARK: The tick

  /// One tick with `input` held.
  public mutating func step(_ input: PlayerInput, rules: Rules) {
    cues = []
    if shake > 0 { shake -= 1 }
    let pressed = input.subtracting(held)
    held = input
    guard !toppedOut else { return }
    trackShift(input, pressed)
    if delay > 0 {
      delay -= 1
      if delay > 0 { return }
      if !clearing.isEmpty {
        field.clear(clearing)
        clearing = []
      }
    }
    guard var piece = active else {
      riseGarbage()
      if !toppedOut { spawn(takeNext()) }
      return
    }
    if pressed.contains(.hold) && !holdUsed {
      swapHold(piece.piece)
      return
    }
    if pressed.contains(.rotateRight) { rotate(&piece, by: 1) }
    if pressed.contains(.rotateLeft) { rotate(&piece, by: -1) }
    autoShift(&piece, pressed: pressed, rules: rules)
    if pressed.contains(.hardDrop) {
      var rows = 0
      while field.fitsFast(piece.piece, piece.rotation, x: piece.x, y: piece.y - 1) {
        piece.y -= 1
        rows += 1
      }
      score += rows * BlocksTuning.hardDropScore
      if rows > 0 { rotated = false }
      cues.insert(.hardDrop)
      shake = 6
      lock(piece, rules: rules)
      return
    }
    fallDown(&piece, softDrop: input.contains(.softDrop))
    if field.fitsFast(piece.piece, piece.rotation, x: piece.x, y: piece.y - 1) {
      lockTicks = 0
    } else {
      lockTicks += 1
      // With its 15 restarts used, a piece on the ground locks at once (the guideline's
      // extended placement), rather than waiting out a fresh half second after each landing.
      if lockTicks >= BlocksTuning.lockDelay || lockResets >= BlocksTuning.maxLockResets {
        lock(piece, rules: rules)
        return
      }
    }
    active = piece
  }

  /// Gravity, or soft drop while held: whole rows of the fraction fallen.
  mutating func fallDown(_ piece: inout Active, softDrop: Bool) {
    let gravity = BlocksTuning.gravity[min(level, BlocksTuning.gravity.count) - 1]
    let speed =
      softDrop
      ? min(
        BlocksTuning.maxRowsPerTick,
        max(BlocksTuning.softDropMinimum, gravity * BlocksTuning.softDropFactor))
      : gravity
    fall += speed
    while fall >= 1 << 16 {
      guard field.fitsFast(piece.piece, piece.rotation, x: piece.x, y: piece.y - 1) else {
        fall = 0
        break
      }
      piece.y -= 1
      fall -= 1 << 16
      rotated = false
      if softDrop { score += BlocksTuning.softDropScore }
      if piece.y < lowestY {
        lowestY = piece.y
        lockResets = 0
        lockTicks = 0
      }
    }
  }

  // MARK: Moving

  /// Follows left and right: a press moves at once and restarts the delay; a release hands
  /// over to the other direction if it is still held.
  @inline(__always)
  mutating func trackShift(_ input: PlayerInput, _ pressed: PlayerInput) {
    if pressed.contains(.left) {
      (shift, shiftTicks) = (-1, 0)
    } else if pressed.contains(.right) {
      (shift, shiftTicks) = (1, 0)
    } else if shift == -1 && !input.contains(.left) {
      (shift, shiftTicks) = (input.contains(.right) ? 1 : 0, 0)
    } else if shift == 1 && !input.contains(.right) {
      (shift, shiftTicks) = (input.contains(.left) ? -1 : 0, 0)
    } else if shift != 0 {
      shiftTicks += 1
    }
  }

  /// Moves on the press, then after `das` ticks held every `arr` ticks (0: straight to the
  /// wall).
  mutating func autoShift(_ piece: inout Active, pressed: PlayerInput, rules: Rules) {
    guard shift != 0 else { return }
    if pressed.contains(.left) || pressed.contains(.right) {
      move(&piece, by: shift)
    } else if shiftTicks >= rules.das {
      if rules.arr == 0 {
        while move(&piece, by: shift) {}
      } else if (shiftTicks - rules.das) % rules.arr == 0 {
        move(&piece, by: shift)
      }
    }
  }

  /// One column sideways if it fits.
  @discardableResult
  mutating func move(_ piece: inout Active, by dx: Int) -> Bool {
    guard field.fitsFast(piece.piece, piece.rotation, x: piece.x + dx, y: piece.y) else {
      return false
    }
    piece.x += dx
    rotated = false
    cues.insert(.move)
    restartLockDelay(piece)
    return true
  }

  /// Turns a quarter, trying the SRS kicks in order.
  mutating func rotate(_ piece: inout Active, by turn: Int) {
    let to = (piece.rotation + turn) & 3
    for (index, kick) in piece.piece.kicks(from: piece.rotation, to: to).enumerated()
    where field.fitsFast(piece.piece, to, x: piece.x + kick.x, y: piece.y + kick.y) {
      piece.rotation = to
      piece.x += kick.x
      piece.y += kick.y
      rotated = true
      lastKick = index
      cues.insert(.rotate)
      restartLockDelay(piece)
      return
    }
  }

  /// A move or rotation on the ground restarts the lock delay, at most 15 times a piece.
  mutating func restartLockDelay(_ piece: Active) {
    guard lockTicks > 0, lockResets < BlocksTuning.maxLockResets else { return }
    lockTicks = 0
    lockResets += 1
  }

  // MARK: Pieces

  /// Whole 7-bags from the player's stream, so the queue always shows five.
  mutating func refill() {
    while queue.count < 7 {
      var bag = Piece.allCases
      for i in stride(from: bag.count - 1, to: 0, by: -1) {
        bag.swapAt(i, Int(random.next() % UInt64(i + 1)))
      }
      for piece in bag { queue.append(piece) }
    }
  }

  mutating func takeNext() -> Piece {
    let piece = queue.removeFirst()
    refill()
    return piece
  }

  /// The row of the spawn box's top: pieces appear in rows 21-22 (counted from 1).
  public static let spawnY = 21

  /// The guideline's spawn: centred (left of centre for three-wide pieces) in rows 21-22,
  /// just above the visible field, then one row down at once when nothing is in the way, so
  /// the piece's lower row is in the field on the tick it appears. A piece that cannot appear
  /// is a block out.
  mutating func spawn(_ piece: Piece) {
    var spawned = Active(piece: piece, rotation: 0, x: 3, y: Player.spawnY)
    (fall, lockTicks, lockResets, rotated, lastKick) = (0, 0, 0, false, 0)
    guard field.fitsFast(piece, 0, x: spawned.x, y: spawned.y) else {
      toppedOut = true
      cues.insert(.topOut)
      active = nil
      return
    }
    if field.fitsFast(piece, 0, x: spawned.x, y: spawned.y - 1) { spawned.y -= 1 }
    lowestY = spawned.y
    active = spawned
  }

  mutating func swapHold(_ current: Piece) {
    let next = hold ?? takeNext()
    hold = current
    holdUsed = true
    cues.insert(.hold)
    spawn(next)
  }

  /// Garbage received rises before the next piece appears.
  mutating func riseGarbage() {
    while incoming.count >= 2 {
      let (rows, hole) = (incoming[0], incoming[1])
      incoming.removeFirst(2)
      cues.insert(.garbage)
      if !field.addGarbage(rows, hole: hole) {
        toppedOut = true
        cues.insert(.topOut)
      }
    }
  }

  /// Garbage received, waiting to rise.
  public var pendingGarbage: Int {
    stride(from: 0, to: incoming.count, by: 2).map { incoming[$0] }.reduce(0, +)
  }

  /// The row the piece would land on: the ghost.
  public func ghostY(of piece: Active) -> Int {
    var y = piece.y
    while field.fits(piece.piece, piece.rotation, x: piece.x, y: y - 1) { y -= 1 }
    return y
  }
}
