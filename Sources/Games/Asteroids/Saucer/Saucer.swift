import GameCore

/// The flying saucer: appears on a tick timer, crosses the screen zig-zagging, shoots, leaves.
///
/// Its timers are counters in the state rather than store timers, so a copied state is a
/// complete snapshot. Randomness (side, height, course changes, size) comes from a gameplay
/// RNG draw the root passes in every tick; the root also aims its shots, since aiming needs
/// the ship.
public struct Saucer: ReducerProtocol, Sendable {
  /// The saucer, present or waiting.
  public struct State: Equatable, StateValue, Sendable {
    /// On screen now.
    public var isActive = false
    /// The small, accurate kind (else the large, wild one).
    public var isSmall = false
    /// Centre, in world units (meaningful while active).
    public var position = Vector.zero
    /// Units per tick.
    public var velocity = Vector.zero
    /// Ticks until the next appearance, while not active.
    public var spawnTicks: Int32 = Tuning.saucerFirstDelay
    /// Ticks between appearances this wave.
    public var interval: Int32 = Tuning.saucerInterval
    /// Ticks until the next shot, while active.
    public var fireTicks: Int32 = 0
    /// Ticks until the next change of vertical course.
    public var turnTicks: Int32 = 0

    /// No saucer; the first comes after ``Tuning/saucerFirstDelay``.
    public init() {}

    /// Collision radius in whole units.
    public var radius: Int32 { Tuning.saucerRadius[isSmall ? 1 : 0] }
    /// Points for shooting it down.
    public var points: Int { Tuning.saucerPoints[isSmall ? 1 : 0] }
  }

  /// What happened to the saucer.
  public enum Action: Equatable, Sendable {
    /// One tick passed. `seed` is a gameplay RNG draw; `smallPercent` is the chance (0...100)
    /// that a saucer appearing now is the small kind (the root derives it from the score).
    case flew(seed: UInt64, smallPercent: UInt64)
    /// It fired: the gun reloads.
    case fired
    /// Shot down or rammed: gone until the next appearance.
    case destroyed
    /// A wave or game begins: no saucer; the first in `firstIn` ticks, then every `interval`.
    case scheduled(firstIn: Int32, interval: Int32)
  }

  /// The saucer reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .flew(let seed, let smallPercent):
      if state.isActive {
        fly(&state, seed: seed)
      } else if state.spawnTicks > 1 {
        state.spawnTicks -= 1
      } else {
        appear(&state, seed: seed, smallPercent: smallPercent)
      }
    case .fired:
      state.fireTicks = Tuning.saucerFireInterval[state.isSmall ? 1 : 0]
    case .destroyed:
      leave(&state)
    case .scheduled(let firstIn, let interval):
      state = State()
      state.spawnTicks = max(1, firstIn)
      state.interval = max(1, interval)
    }
    return .none
  }

  func appear(_ state: inout State, seed: UInt64, smallPercent: UInt64) {
    var rng = SplitMix64(rawState: seed)
    state.isActive = true
    state.isSmall = rng.next(below: 100) < smallPercent
    let fromLeft = rng.next(below: 2) == 0
    let speed = Tuning.saucerSpeed[state.isSmall ? 1 : 0]
    let y = Fixed(raw: Int32(truncatingIfNeeded: rng.next(below: UInt64(World.heightRaw))))
    state.position = Vector(x: fromLeft ? .zero : Fixed(raw: World.widthRaw - 1), y: y)
    state.velocity = Vector(x: fromLeft ? speed : -speed, y: .zero)
    // The first shot comes after a short grace period, so the saucer is seen before it shoots.
    state.fireTicks = Tuning.saucerFireInterval[state.isSmall ? 1 : 0] / 2
    state.turnTicks = Tuning.saucerTurnInterval
  }

  func fly(_ state: inout State, seed: UInt64) {
    if state.fireTicks > 0 { state.fireTicks -= 1 }
    state.turnTicks -= 1
    if state.turnTicks <= 0 {
      state.turnTicks = Tuning.saucerTurnInterval
      // Up, level or down at the horizontal speed: the classic zig-zag.
      let course = Int32(truncatingIfNeeded: seed % 3) - 1
      state.velocity.y = state.velocity.x.magnitude * course
    }
    let x = state.position.x.raw &+ state.velocity.x.raw
    // It crosses the screen once and leaves at the far edge.
    if x < 0 || x >= World.widthRaw {
      leave(&state)
      return
    }
    state.position = World.wrap(Vector(x: Fixed(raw: x), y: state.position.y + state.velocity.y))
  }

  func leave(_ state: inout State) {
    state.isActive = false
    state.velocity = .zero
    state.fireTicks = 0
    state.spawnTicks = state.interval
  }
}
