import GameCore

/// The player's ship: turning, thrust with inertia and drag, wrapping, the gun's cooldown,
/// hyperspace, death and respawn.
///
/// The ship knows only about itself. Whether a shot may leave the gun (the bullet cap), where
/// hyperspace lands, and whether the respawn point is safe depend on other features, so the
/// root ``Asteroids`` decides those and tells the ship what happened.
public struct Ship: ReducerProtocol, Sendable {
  /// The ship's physical and timer state.
  public struct State: Equatable, StateValue, Sendable {
    /// Centre of the hull, in world units.
    public var position = Vector(Int(Tuning.worldWidth) / 2, Int(Tuning.worldHeight) / 2)
    /// Units per tick.
    public var velocity = Vector.zero
    /// Where the nose points.
    public var angle = Angle.up
    /// False from a death until the respawn; the renderer draws nothing (an explosion plays).
    public var isAlive = true
    /// Thrust held this tick and the ship can fly: the renderer draws the flame.
    public var isThrusting = false
    /// Ticks until the gun may fire again.
    public var fireCooldown: Int32 = 0
    /// Ticks left out of the world in hyperspace (0 when not jumping).
    public var hyperspaceTicks: Int32 = 0
    /// The current jump ends in an explosion (decided when it started, from the gameplay RNG).
    public var hyperspaceFails = false
    /// Ticks left before the ship may respawn after a death.
    public var respawnTicks: Int32 = 0
    /// Ticks of invulnerability left after a respawn.
    public var invulnerableTicks: Int32 = 0

    /// A ship at the centre, facing up.
    public init() {}

    /// In the world and flying: can collide, turn, thrust and fire.
    public var isActive: Bool { isAlive && hyperspaceTicks == 0 }

    /// Whether to draw the hull this tick: active, and during invulnerability only in the
    /// "on" half of each blink period.
    public var isVisible: Bool {
      isActive && (invulnerableTicks / Tuning.blinkPeriod) % 2 == 0
    }

    /// Can be killed: active and not invulnerable.
    public var isVulnerable: Bool { isActive && invulnerableTicks == 0 }
  }

  /// What happened to the ship.
  public enum Action: Equatable, Sendable {
    /// One tick passed with these buttons held: turn, thrust, drift, count timers down.
    case controlled(TickInput)
    /// A shot left the gun: start the cooldown.
    case fired
    /// Hyperspace was entered: vanish, and reappear at `destination` (or explode if `fails`).
    case hyperspaceEntered(destination: Vector, fails: Bool)
    /// Hit by a rock, saucer or bullet.
    case destroyed
    /// Back at the centre after a death, invulnerable for a while.
    case respawned
    /// A new game starts: a fresh ship.
    case reset
  }

  /// The ship reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .controlled(let input):
      fly(&state, input: input)
    case .fired:
      state.fireCooldown = Tuning.shipFireInterval
    case .hyperspaceEntered(let destination, let fails):
      state.hyperspaceTicks = Tuning.hyperspaceTicks
      state.hyperspaceFails = fails
      state.position = destination
      state.velocity = .zero
      state.isThrusting = false
    case .destroyed:
      state.isAlive = false
      state.isThrusting = false
      state.hyperspaceTicks = 0
      state.hyperspaceFails = false
      state.velocity = .zero
      state.respawnTicks = Tuning.respawnDelay
    case .respawned:
      state = State()
      state.invulnerableTicks = Tuning.invulnerableTicks
    case .reset:
      state = State()
    }
    return .none
  }

  @inline(__always)
  func fly(_ state: inout State, input: TickInput) {
    if state.fireCooldown > 0 { state.fireCooldown -= 1 }
    if state.invulnerableTicks > 0 { state.invulnerableTicks -= 1 }
    guard state.isAlive else {
      if state.respawnTicks > 0 { state.respawnTicks -= 1 }
      return
    }
    if state.hyperspaceTicks > 0 {
      state.hyperspaceTicks -= 1
      // The failure shows on re-entry: the ship reappears as an explosion.
      if state.hyperspaceTicks == 0 && state.hyperspaceFails {
        _ = reduce(into: &state, action: .destroyed, environment: ())
      }
      return
    }
    if input.contains(.rotateLeft) { state.angle = state.angle.turned(by: -Tuning.shipTurnRate) }
    if input.contains(.rotateRight) { state.angle = state.angle.turned(by: Tuning.shipTurnRate) }
    state.isThrusting = input.contains(.thrust)
    if state.isThrusting {
      state.velocity += Vector(angle: state.angle, length: Tuning.shipThrust)
      let limit = Int64(Tuning.shipMaxSpeed.floor)
      if state.velocity.lengthSquared > limit * limit {
        // Scale back onto the speed limit; direction kept.
        state.velocity = Vector(angle: state.velocity.angle, length: Tuning.shipMaxSpeed)
      }
    } else {
      state.velocity.x -= state.velocity.x / Tuning.shipDragDivisor
      state.velocity.y -= state.velocity.y / Tuning.shipDragDivisor
      // Below 1/256 unit per tick drag would never finish the job (integer division).
      if state.velocity.x.magnitude.raw < 256 { state.velocity.x = .zero }
      if state.velocity.y.magnitude.raw < 256 { state.velocity.y = .zero }
    }
    state.position = World.wrap(state.position + state.velocity)
  }
}
