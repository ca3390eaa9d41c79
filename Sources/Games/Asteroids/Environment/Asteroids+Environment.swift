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

  public static let observationFeatures: [ObservationFeature] = {
    var features = [
      ObservationFeature.unit("ship_x", "ship's x / field width"),
      .unit("ship_y", "ship's y / field height"),
      ObservationFeature("ship_vx", "ship's x speed / its top speed"),
      ObservationFeature("ship_vy", "ship's y speed / its top speed"),
      ObservationFeature("ship_cos", "cosine of the ship's heading"),
      ObservationFeature("ship_sin", "sine of the ship's heading (y down)"),
      .unit("ship_active", "1 while the ship flies (alive, not in hyperspace)"),
      .unit("invulnerable", "1 while the ship cannot be hit"),
      .unit("can_fire", "1 when the gun is ready"),
      .unit("lives", "ships left / 10"),
    ]
    for rock in 0..<observedRocks {
      features += [
        .unit("rock\(rock)_present", "1 when there is a rock in this slot (nearest first)"),
        ObservationFeature("rock\(rock)_dx", "x offset from the ship / half the field width"),
        ObservationFeature("rock\(rock)_dy", "y offset from the ship / half the field height"),
        ObservationFeature("rock\(rock)_vx", "x speed / 4 units a tick"),
        ObservationFeature("rock\(rock)_vy", "y speed / 4 units a tick"),
        .unit("rock\(rock)_size", "0 large, 0.5 medium, 1 small"),
      ]
    }
    features += [
      .unit("saucer_active", "1 while a saucer flies"),
      ObservationFeature("saucer_dx", "x offset from the ship / half the field width"),
      ObservationFeature("saucer_dy", "y offset from the ship / half the field height"),
      .unit("saucer_small", "1 for the small saucer"),
      .unit("shot_present", "1 when a saucer shot is in flight"),
      ObservationFeature("shot_dx", "nearest saucer shot's x offset / half the field width"),
      ObservationFeature("shot_dy", "nearest saucer shot's y offset / half the field height"),
    ]
    return features
  }()

  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    let ship = state.ship
    let halfWidth = Int(World.widthRaw / 2)
    let halfHeight = Int(World.heightRaw / 2)
    features.write(Int(ship.position.x.raw), over: Int(World.widthRaw))
    features.write(Int(ship.position.y.raw), over: Int(World.heightRaw))
    features.write(Int(ship.velocity.x.raw), over: Int(Tuning.shipMaxSpeed.raw))
    features.write(Int(ship.velocity.y.raw), over: Int(Tuning.shipMaxSpeed.raw))
    features.writeDirection(ship.angle)
    features.write(ship.isActive)
    features.write(ship.isActive && !ship.isVulnerable)
    features.write(ship.fireCooldown == 0)
    features.write(max(0, state.score.lives), over: 10)
    state.rocks.items.withUnsafeBufferPointer { rocks in
      writeNearestRocks(rocks, from: ship.position, into: &features)
    }
    let saucer = state.saucer
    let saucerOffset = World.offset(from: ship.position, to: saucer.position)
    features.write(saucer.isActive)
    features.write(saucer.isActive ? Int(saucerOffset.x.raw) : 0, over: halfWidth)
    features.write(saucer.isActive ? Int(saucerOffset.y.raw) : 0, over: halfHeight)
    features.write(saucer.isActive && saucer.isSmall)
    var shot: Vector?
    for bullet in state.bullets.items where bullet.owner != .ship {
      let offset = World.offset(from: ship.position, to: bullet.position)
      if shot.map({ squaredLength(offset) < squaredLength($0) }) ?? true { shot = offset }
    }
    features.write(shot != nil)
    features.write(Int(shot?.x.raw ?? 0), over: halfWidth)
    features.write(Int(shot?.y.raw ?? 0), over: halfHeight)
  }

  public static func actions(forPlayer player: Int) -> [EnvironmentAction] {
    [
      EnvironmentAction("noop", []), EnvironmentAction("left", .rotateLeft),
      EnvironmentAction("right", .rotateRight), EnvironmentAction("thrust", .thrust),
      EnvironmentAction("fire", .fire), EnvironmentAction("hyperspace", .hyperspace),
      EnvironmentAction("left+thrust", [.rotateLeft, .thrust]),
      EnvironmentAction("right+thrust", [.rotateRight, .thrust]),
      EnvironmentAction("left+fire", [.rotateLeft, .fire]),
      EnvironmentAction("right+fire", [.rotateRight, .fire]),
      EnvironmentAction("thrust+fire", [.thrust, .fire]),
      EnvironmentAction("left+thrust+fire", [.rotateLeft, .thrust, .fire]),
      EnvironmentAction("right+thrust+fire", [.rotateRight, .thrust, .fire]),
    ]
  }

  public static func score(of state: State, player: Int) -> Int { state.score.score }
}
