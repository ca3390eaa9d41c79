/// Every timing and scoring constant of Blocks, in ticks of 1/64 s, with its reason.
///
/// The rules follow the modern guideline (SRS, 7-bag, lock delay with capped resets, the
/// guideline's score and garbage tables). Changing any of these changes replays: bump
/// `Blocks.version` with them.
public enum BlocksTuning {
  /// Ticks per second: the engine's default rate.
  public static let tickRate = 64

  /// Gravity in rows per tick, 16.16 fixed point, by level (index 0 is level 1): the
  /// guideline's curve, (0.8 − (level − 1) × 0.007)^(level − 1) seconds per row, turned into
  /// rows per tick at 64 Hz and rounded (computed once, offline, with the Python one-liner in
  /// docs/BLOCKS.md, so no floating point runs in the rules). From level 20 on: 20 rows a tick,
  /// a piece lands the tick it appears ("20G").
  public static let gravity: [Int32] = [
    1_024, 1_291, 1_658, 2_166, 2_883, 3_908, 5_399, 7_600, 10_907, 15_962,
    23_827, 36_289, 56_408, 89_516, 145_071, 240_175, 406_336, 702_747, 1_242_859, 1_310_720,
  ]

  /// Soft drop falls 20 times as fast as gravity (the guideline's factor), at least half a row
  /// a tick so that it is felt at level 1, and at most 20 rows a tick.
  public static let softDropFactor: Int32 = 20
  public static let softDropMinimum: Int32 = 32_768
  public static let maxRowsPerTick: Int32 = 1_310_720

  /// Lock delay: 0.5 s on the ground before a piece locks (32 ticks).
  public static let lockDelay = 32
  /// Moves and rotations on the ground restart the lock delay at most 15 times a piece (the
  /// guideline's "extended placement lock down"); the count starts over when the piece reaches
  /// a new lowest row. Once they are used up the piece locks as soon as it is on the ground:
  /// at once if it is there, or the moment it touches down again, with no fresh half second.
  public static let maxLockResets = 15

  /// Delayed auto shift: a held left or right repeats after about 170 ms (11 ticks)...
  public static let defaultDAS = 11
  /// ...every 33 ms (2 ticks) after that: the defaults of modern versions; both are settings.
  public static let defaultARR = 2

  /// Entry delay: a new piece appears 0.11 s (7 ticks) after the last one locked.
  public static let entryDelay = 7
  /// Line clear delay: cleared rows flash for 0.375 s (24 ticks) before they fall away.
  public static let lineClearDelay = 24

  /// A level every 10 lines from the level the game started at (the guideline's fixed goal:
  /// a marathon started at level 5 is at level 6 after 10 lines), up to level 20.
  public static let linesPerLevel = 10
  public static let maxLevel = 20
  /// Marathon's goal: 150 lines, then it goes on, endless, until the stack tops out.
  public static let marathonLines = 150
  /// Sprint's goal: 40 lines, as fast as possible.
  public static let sprintLines = 40

  /// Points × level for 0 to 4 lines: plain, T-spin mini and T-spin.
  public static let lineScores = [0, 100, 300, 500, 800]
  public static let miniScores = [100, 200, 400, 0, 0]
  public static let tSpinScores = [400, 800, 1_200, 1_600, 0]
  /// Combos: 50 × combo × level, the combo counting consecutive clears from the second.
  public static let comboScore = 50
  /// Points per row dropped.
  public static let softDropScore = 1
  public static let hardDropScore = 2

  /// Perfect clears (the field left empty), points × level for 1 to 4 lines, added to the
  /// clear's own points: the guideline's table since Tetris Ultimate (2014), as listed on
  /// TetrisWiki's "Scoring" page; a back-to-back four-line perfect clear earns 3,200.
  public static let perfectClearScores = [0, 800, 1_200, 1_800, 2_000]
  public static let backToBackPerfectFourScore = 3_200

  /// Garbage sent in versus for 0 to 4 lines: plain, and T-spin (a mini sends as plain).
  public static let lineGarbage = [0, 0, 1, 2, 4]
  public static let tSpinGarbage = [0, 2, 4, 6, 0]
  /// Back-to-back adds one line.
  public static let backToBackGarbage = 1
  /// Combos add by this table (index: the combo count, capped at its last entry): the
  /// "Guideline Standard" column of TetrisWiki's combo table (Tetris Online Japan onwards),
  /// 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5 and 5 from combo 11 on. (Until rules version 2 Blocks
  /// used Tetris Friends' Expert Plus column, which differs at combos 4, 6, 8 and 11.)
  public static let comboGarbage = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5]
  /// A perfect clear sends 10 lines on top of what the clear itself sends (the figure of the
  /// guideline's versus games: Puyo Puyo Tetris, Tetris 99, Tetris Effect: Connected).
  public static let perfectClearGarbage = 10
}
