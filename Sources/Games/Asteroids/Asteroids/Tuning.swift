import GameCore

/// Every number that decides how the game plays, in one place, each with the reason for it.
///
/// Units: distances in world units (the world is 1280×720, a pixel each at 720p), speeds in
/// units per tick, times in ticks (64 per second). Changing any of these changes replays: bump
/// ``Asteroids/version`` with them.
public enum Tuning {
  // MARK: World

  /// World width: 16:9, so the default 1280×720 window shows it one-to-one.
  public static let worldWidth: Int32 = 1280
  /// World height.
  public static let worldHeight: Int32 = 720

  // MARK: Ship

  /// Collision radius. Smaller than the drawn hull (about 16): near misses that look like
  /// misses must be misses, or deaths feel unfair.
  public static let shipRadius: Int32 = 11
  /// Turn rate: 900/65536 turn per tick is a full turn in 73 ticks (1.1 s), quick enough to
  /// swing onto a new target, slow enough to line up a shot by tapping.
  public static let shipTurnRate: Int32 = 900
  /// Thrust: 0.11 units/tick² reaches cruising speed in about a second: heavy, Asteroids-like.
  public static let shipThrust = Fixed(ratio: 11, 100)
  /// Speed cap; above about 7 units/tick a ship crosses the screen before the player can react.
  public static let shipMaxSpeed = Fixed(7)
  /// Drag: velocity loses 1/96 per tick (a half-life of about one second), so a ship drifts
  /// like in space but a player who lets go is not lost forever.
  public static let shipDragDivisor: Int32 = 96
  /// Ticks between shots while fire is held: 8 shots/s; holding fire is allowed so a player
  /// is not punished for lacking a turbo thumb.
  public static let shipFireInterval: Int32 = 8
  /// Ship bullets alive at once (the arcade's four): fire is a resource to aim, not a hose.
  public static let shipBulletCap = 4
  /// Hyperspace: ticks spent out of the world before reappearing (0.75 s).
  public static let hyperspaceTicks: Int32 = 48
  /// Hyperspace risk: 1 jump in 8 ends in an explosion, so it is an escape, not a free dodge.
  public static let hyperspaceFailureOdds: UInt64 = 8
  /// Ticks after a death before the ship may respawn: time to see what killed you.
  public static let respawnDelay: Int32 = 128
  /// Respawn waits until no rock or saucer is within this distance of the centre, so a new
  /// ship never appears under a rock.
  public static let respawnClearance: Int32 = 150
  /// Invulnerability after a respawn (2.5 s, shown by blinking): time to get bearings.
  public static let invulnerableTicks: Int32 = 160
  /// Blink period while invulnerable, in ticks (visible half of each period).
  public static let blinkPeriod: Int32 = 8

  // MARK: Bullets

  /// Bullet speed, added to the shooter's velocity: fast enough to outrun the ship.
  public static let bulletSpeed = Fixed(9)
  /// Bullet lifetime: 56 ticks × 9 units reaches 500 units, most of the screen but never all
  /// the way around a wrap to hit the shooter.
  public static let bulletLifetime: Int32 = 56
  /// Saucer bullets are slower (6 units/tick) so they can be dodged.
  public static let saucerBulletSpeed = Fixed(6)
  /// Saucer bullets alive at once.
  public static let saucerBulletCap = 2

  // MARK: Rocks

  /// Collision radius of a large rock: a big, slow, easy first target.
  public static let largeRockRadius: Int32 = 38
  /// Collision radius of a medium rock, about half a large one.
  public static let mediumRockRadius: Int32 = 20
  /// Collision radius of a small rock: hard to hit, so it pays most.
  public static let smallRockRadius: Int32 = 10
  /// Points per rock size: small rocks are hardest to hit, so they pay most.
  public static let rockPoints: [Int] = [20, 50, 100]
  /// Slowest and fastest speed per size, in 1/64 units per tick: small rocks are faster.
  public static let rockSpeedRange: [ClosedRange<Int32>] = [32...80, 48...120, 64...160]
  /// Large rocks in wave 1; each wave adds two up to the cap, so waves grow but stay winnable.
  public static let waveStartRocks = 4
  /// Most large rocks a wave starts with.
  public static let waveMaxRocks = 11
  /// Speed added per wave, in 1/64 units per tick (capped at wave 8).
  public static let waveSpeedBonus: Int32 = 4
  /// Pause between a cleared field and the next wave: a breather and a moment of triumph.
  public static let waveDelay: Int32 = 128
  /// Heartbeat period with 12 or more rocks left (1 s); it shortens with every rock fewer.
  public static let slowestBeat: Int32 = 64
  /// Fastest heartbeat period: the arcade's pulse before a wave falls.
  public static let fastestBeat: Int32 = 16
  /// New waves never spawn rocks within this distance of the ship.
  public static let waveSpawnClearance: Int32 = 200

  // MARK: Saucer

  /// Ticks before the first saucer of a wave (15 s), so clearing rocks quickly is rewarded.
  public static let saucerFirstDelay: Int32 = 960
  /// Ticks between later saucers; shortened by `saucerDelayPerWave` each wave, down to 6 s.
  public static let saucerInterval: Int32 = 768
  /// How much sooner saucers return per wave.
  public static let saucerDelayPerWave: Int32 = 48
  /// Shortest time between saucers.
  public static let saucerMinInterval: Int32 = 384
  /// Radius of the large and small saucer.
  public static let saucerRadius: [Int32] = [18, 10]
  /// Horizontal speed of the large and small saucer in units/tick.
  public static let saucerSpeed: [Fixed] = [Fixed(ratio: 3, 2), Fixed(2)]
  /// Ticks between saucer shots (large, small).
  public static let saucerFireInterval: [Int32] = [72, 52]
  /// Aim error, in binary angle units either side (large: ±40°, a warning shot; small: ±6°,
  /// a marksman that forces the player to keep moving).
  public static let saucerAimError: [Int32] = [7_282, 1_092]
  /// Ticks between a saucer's changes of vertical course.
  public static let saucerTurnInterval: Int32 = 64
  /// Points for the large and small saucer.
  public static let saucerPoints: [Int] = [200, 1_000]
  /// From this score on, every saucer is small: experts get the harder enemy.
  public static let smallSaucerScore = 10_000

  // MARK: Score and lives

  /// Ships at the start of a game.
  public static let startingLives = 3
  /// An extra ship every this many points.
  public static let extraLifeEvery = 10_000
  /// Most ships a player can bank, so a long game still has tension.
  public static let maxLives = 9
  /// Ticks after game over before fire restarts: stops a held fire button skipping the screen.
  public static let restartDelay: Int32 = 96
}
