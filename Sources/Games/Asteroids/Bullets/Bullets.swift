import GameCore

/// Shots in flight, the ship's and the saucer's: they fly straight, wrap, and expire.
///
/// The caps (four for the ship, two for the saucer) are checked by the root ``Asteroids`` before it
/// fires, since the decision to shoot belongs to the shooter.
public struct Bullets: ReducerProtocol, Sendable {
  /// Who fired a bullet: ship bullets score and hit the saucer; saucer bullets hit the ship.
  public enum Owner: UInt8, Equatable, StateValue, Sendable {
    /// The player's ship.
    case ship
    /// The saucer.
    case saucer
  }

  /// One shot.
  public struct Bullet: Equatable, StateValue, Sendable {
    /// Where it is, in world units.
    public var position: Vector
    /// Units per tick.
    public var velocity: Vector
    /// Ticks until it fizzles out.
    public var ticksLeft: Int32
    /// Who fired it.
    public var owner: Owner

    /// Creates a bullet.
    public init(position: Vector, velocity: Vector, ticksLeft: Int32, owner: Owner) {
      self.position = position
      self.velocity = velocity
      self.ticksLeft = ticksLeft
      self.owner = owner
    }
  }

  /// All bullets in flight.
  public struct State: Equatable, StateValue, Sendable {
    /// In firing order.
    public var items: [Bullet] = []

    /// No bullets.
    public init() {}

    /// Bullets in flight fired by `owner`: what the caps are checked against.
    public func count(of owner: Owner) -> Int {
      var count = 0
      for bullet in items where bullet.owner == owner { count += 1 }
      return count
    }
  }

  /// What happened to the bullets.
  public enum Action: Equatable, Sendable {
    /// A shot was fired.
    case fired(Bullet)
    /// One tick passed: bullets move; those whose time ran out vanish.
    case flew
    /// The bullet at `index` hit something and is gone.
    case bulletSpent(index: Int)
    /// A new game: no bullets.
    case cleared
  }

  /// The bullets reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .fired(let bullet):
      state.items.append(bullet)
    case .flew:
      var index = 0
      while index < state.items.count {
        state.items[index].ticksLeft -= 1
        if state.items[index].ticksLeft <= 0 {
          state.items.remove(at: index)
          continue
        }
        state.items[index].position = World.wrap(
          state.items[index].position + state.items[index].velocity)
        index += 1
      }
    case .bulletSpent(let index):
      if state.items.indices.contains(index) { state.items.remove(at: index) }
    case .cleared:
      state.items.removeAll()
    }
    return .none
  }
}
