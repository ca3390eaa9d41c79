import GameCore

/// Debris and sparks: cosmetic only, driven by the cosmetic random stream.
///
/// Nothing in play reads particles, and they draw from their own generator, so explosions can
/// be made prettier without changing any replay's score. They are still part of the state (and
/// its hash) because they are still deterministic: a replay shows the same sparks.
public struct Particles: ReducerProtocol, Sendable {
  /// What a particle is, for its colour and size.
  public enum Kind: UInt8, Equatable, StateValue, Sendable {
    /// Rock dust.
    case dust
    /// Ship debris.
    case debris
    /// Saucer sparks.
    case spark
  }

  /// One particle.
  public struct Particle: Equatable, StateValue, Sendable {
    /// Where it is, in world units.
    public var position: Vector
    /// Units per tick.
    public var velocity: Vector
    /// Ticks left; the renderer fades it out as this falls.
    public var ticksLeft: Int16
    /// What it is.
    public var kind: Kind
  }

  /// Particles in flight and the cosmetic random stream.
  public struct State: Equatable, StateValue, Sendable {
    /// Oldest first.
    public var items: [Particle] = []
    /// The cosmetic stream: never used for anything that changes play.
    public var rng: SplitMix64

    /// No particles, the cosmetic stream seeded from the game's seed.
    public init(seed: UInt64) {
      self.rng = SplitMix64(seed: seed, stream: 0xC05E_371C)
    }
  }

  /// What happened to the particles.
  public enum Action: Equatable, Sendable {
    /// Something exploded at `position`: `count` particles fly out.
    case burst(at: Vector, count: Int, kind: Kind)
    /// One tick passed: particles move and fade.
    case faded
  }

  /// At most this many particles: a burst beyond it replaces nothing, so a 10,000-rock stress
  /// run cannot grow the state without bound.
  public static let cap = 384

  /// The particles reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .burst(let position, let count, let kind):
      for _ in 0..<max(0, min(count, Self.cap - state.items.count)) {
        let heading = Angle(raw: UInt16(truncatingIfNeeded: state.rng.next()))
        let speed = Fixed(raw: state.rng.next(in: 16_384...163_840))  // 0.25 to 2.5 units/tick
        let life = Int16(state.rng.next(in: 20...50))
        state.items.append(
          Particle(
            position: position, velocity: Vector(angle: heading, length: speed),
            ticksLeft: life, kind: kind))
      }
    case .faded:
      guard !state.items.isEmpty else { return .none }
      var kept = 0
      // Compaction in place keeps order and allocates nothing.
      for index in state.items.indices {
        var particle = state.items[index]
        particle.ticksLeft -= 1
        guard particle.ticksLeft > 0 else { continue }
        particle.position = World.wrap(particle.position + particle.velocity)
        state.items[kept] = particle
        kept += 1
      }
      state.items.removeLast(state.items.count - kept)
    }
    return .none
  }
}
