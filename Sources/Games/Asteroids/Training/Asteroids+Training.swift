import GameCore
import GameTraining

/// Asteroids as a training environment: the ship, its eight nearest rocks, the saucer and
/// the nearest saucer shot, all relative to the ship on the wrapping field.
///
/// Reward: the points scored in the step (20, 50 or 100 a rock, 200 or 1,000 a saucer).
/// The episode ends at game over (the last ship lost).
extension Asteroids: TrainableGame {
  /// Rocks the observation shows, nearest first.
  public static let observedRocks = 8

  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    let ship = state.ship
    let halfWidth = Int(World.widthRaw / 2)
    let halfHeight = Int(World.heightRaw / 2)
    let topSpeed = Int(Tuning.shipMaxSpeed.raw)
    features.unit(
      "ship_x", Int(ship.position.x.raw), over: Int(World.widthRaw), "ship's x / field width")
    features.unit(
      "ship_y", Int(ship.position.y.raw), over: Int(World.heightRaw), "ship's y / field height")
    features.signed(
      "ship_vx", Int(ship.velocity.x.raw), over: topSpeed, "ship's x speed / its top speed")
    features.signed(
      "ship_vy", Int(ship.velocity.y.raw), over: topSpeed, "ship's y speed / its top speed")
    features.direction("ship", ship.angle, "the ship's heading")
    features.unit("ship_active", ship.isActive, "1 while the ship flies (alive, not in hyperspace)")
    features.unit(
      "invulnerable", ship.isActive && !ship.isVulnerable, "1 while the ship cannot be hit")
    features.unit("can_fire", ship.fireCooldown == 0, "1 when the gun is ready")
    features.unit("lives", max(0, state.score.lives), over: 10, "ships left / 10")
    state.rocks.items.withUnsafeBufferPointer { rocks in
      writeNearestRocks(rocks, from: ship.position, into: &features)
    }
    let saucer = state.saucer
    let saucerOffset = World.offset(from: ship.position, to: saucer.position)
    features.unit("saucer_active", saucer.isActive, "1 while a saucer flies")
    features.signed(
      "saucer_dx", saucer.isActive ? Int(saucerOffset.x.raw) : 0, over: halfWidth,
      "x offset from the ship / half the field width")
    features.signed(
      "saucer_dy", saucer.isActive ? Int(saucerOffset.y.raw) : 0, over: halfHeight,
      "y offset from the ship / half the field height")
    features.unit("saucer_small", saucer.isActive && saucer.isSmall, "1 for the small saucer")
    var shot: Vector?
    for bullet in state.bullets.items where bullet.owner != .ship {
      let offset = World.offset(from: ship.position, to: bullet.position)
      if shot.map({ squaredLength(offset) < squaredLength($0) }) ?? true { shot = offset }
    }
    features.unit("shot_present", shot != nil, "1 when a saucer shot is in flight")
    features.signed(
      "shot_dx", Int(shot?.x.raw ?? 0), over: halfWidth,
      "nearest saucer shot's x offset / half the field width")
    features.signed(
      "shot_dy", Int(shot?.y.raw ?? 0), over: halfHeight,
      "nearest saucer shot's y offset / half the field height")
  }

  public static func actions(forPlayer player: Int) -> [TrainingAction] {
    [
      TrainingAction("noop", []), TrainingAction("left", .rotateLeft),
      TrainingAction("right", .rotateRight), TrainingAction("thrust", .thrust),
      TrainingAction("fire", .fire), TrainingAction("hyperspace", .hyperspace),
      TrainingAction("left+thrust", [.rotateLeft, .thrust]),
      TrainingAction("right+thrust", [.rotateRight, .thrust]),
      TrainingAction("left+fire", [.rotateLeft, .fire]),
      TrainingAction("right+fire", [.rotateRight, .fire]),
      TrainingAction("thrust+fire", [.thrust, .fire]),
      TrainingAction("left+thrust+fire", [.rotateLeft, .thrust, .fire]),
      TrainingAction("right+thrust+fire", [.rotateRight, .thrust, .fire]),
    ]
  }

  public static func score(of state: State, player: Int) -> Int { state.score.score }

  /// `score` (the default reward), `lives` and `wave`.
  /// Inlined into the batch's step, where the writer lists nothing and its checks fold away.
  @inline(__always)
  public static func counters(of state: State, player: Int, into counters: inout CounterWriter) {
    counters.total("score", state.score.score, "points scored")
    counters.total("lives", state.score.lives, "ships left")
    counters.total("wave", state.score.wave, "waves of rocks begun")
  }
}
