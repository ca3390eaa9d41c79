/// The whole game: the root reducer that composes every feature and runs the rules between
/// them, one tick at a time.
///
/// Children (each `Features/<Name>/<Name>.swift`, each lifted with `pullback`):
/// - ``Session``: title, playing, paused, game over, restart; button edges.
/// - ``Ship``: turning, thrust, drift, gun cooldown, hyperspace, death and respawn.
/// - ``Rocks``: drift, splitting, waves.
/// - ``Bullets``: flight and lifetime of every shot.
/// - ``Saucer``: appearance timer, zig-zag flight, reloading.
/// - ``Score``: points, lives, extra ships, the wave counter.
/// - ``Particles``: cosmetic debris, on its own random stream.
///
/// The only external action is ``Action/tick(_:)``. Its rules (`Game+Tick.swift`,
/// `Game+Collisions.swift`) decide what happens between features and tell each child through
/// its own action, dispatched synchronously through the composed children (no effects, no
/// store timers: every timer is a counter in the state, so a copied state is a snapshot).
public struct Game: ReducerProtocol, Sendable {
  /// The simulation's version: bump it whenever a rule or a ``Tuning`` constant changes, so
  /// old replays are refused instead of failing to verify.
  public static let version: UInt16 = 1

  /// Everything the game is at one tick. A renderer reads: `ship` (position, angle,
  /// isThrusting, isVisible), `rocks.items` (position, size, angle, shape), `bullets.items`,
  /// `saucer` (isActive, isSmall, position), `particles.items`, `score` (score, lives, wave,
  /// highScore), `session.phase`, and plays `cues`.
  public struct State: Equatable, Sendable {
    /// Ticks run since the start.
    public var tick: Int = 0
    /// The options this game was started with.
    public var settings: GameSettings
    /// Phase and button edges.
    public var session = Session.State()
    /// The player's ship.
    public var ship = Ship.State()
    /// The rock field.
    public var rocks = Rocks.State()
    /// Shots in flight.
    public var bullets = Bullets.State()
    /// The saucer.
    public var saucer = Saucer.State()
    /// Score, lives and wave.
    public var score = Score.State()
    /// Cosmetic debris and the cosmetic random stream.
    public var particles: Particles.State
    /// The gameplay random stream: every random choice that changes play draws from it.
    public var rng: SplitMix64
    /// Sounds to play for this tick; emptied at the start of every tick.
    public var cues: [SoundCue] = []

    /// The start of a game: the title screen over a drifting wave-1 field, or (when
    /// `settings.startsAtTitle` is false) wave 1 in play.
    public init(seed: UInt64, settings: GameSettings = GameSettings()) {
      self.settings = settings
      self.rng = SplitMix64(seed: seed)
      self.particles = Particles.State(seed: seed)
      let game = Game()
      if settings.startsAtTitle {
        game.spawnField(&self, wave: 1)
      } else {
        session.gamesStarted = 1
        session.phase = .playing
        game.startGame(&self)
      }
    }
  }

  /// What can happen to the game.
  public enum Action: Equatable, Sendable {
    /// One tick with the buttons held: the only input in normal play.
    case tick(TickInput)
    /// Something happened to the session.
    case session(Session.Action)
    /// Something happened to the ship.
    case ship(Ship.Action)
    /// Something happened to the rocks.
    case rocks(Rocks.Action)
    /// Something happened to the bullets.
    case bullets(Bullets.Action)
    /// Something happened to the saucer.
    case saucer(Saucer.Action)
    /// Something happened to the score.
    case score(Score.Action)
    /// Something happened to the particles.
    case particles(Particles.Action)
  }

  /// The children, each lifted onto its field of ``State`` and its case of ``Action``.
  let children = Session().pullback(
    state: \State.session,
    action: CasePath(embed: Action.session, extract: { if case .session(let a) = $0 { a } else { nil } }),
    environment: { $0 }
  ).combined(with: Ship().pullback(
    state: \State.ship,
    action: CasePath(embed: Action.ship, extract: { if case .ship(let a) = $0 { a } else { nil } }),
    environment: { $0 })
  ).combined(with: Rocks().pullback(
    state: \State.rocks,
    action: CasePath(embed: Action.rocks, extract: { if case .rocks(let a) = $0 { a } else { nil } }),
    environment: { $0 })
  ).combined(with: Bullets().pullback(
    state: \State.bullets,
    action: CasePath(embed: Action.bullets, extract: { if case .bullets(let a) = $0 { a } else { nil } }),
    environment: { $0 })
  ).combined(with: Saucer().pullback(
    state: \State.saucer,
    action: CasePath(embed: Action.saucer, extract: { if case .saucer(let a) = $0 { a } else { nil } }),
    environment: { $0 })
  ).combined(with: Score().pullback(
    state: \State.score,
    action: CasePath(embed: Action.score, extract: { if case .score(let a) = $0 { a } else { nil } }),
    environment: { $0 })
  ).combined(with: Particles().pullback(
    state: \State.particles,
    action: CasePath(embed: Action.particles, extract: { if case .particles(let a) = $0 { a } else { nil } }),
    environment: { $0 }))

  /// The game reducer.
  public init() {}

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action>
  {
    if case .tick(let input) = action {
      runTick(&state, input: input)
    } else {
      send(action, &state)
    }
    return .none
  }

  /// Runs a child action now, through the composed children. Children return no effects.
  @inline(__always)
  func send(_ action: Action, _ state: inout State) {
    _ = children.reduce(into: &state, action: action, environment: ())
  }
}
