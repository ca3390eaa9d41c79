import GameCore

/// Score, lives, extra ships and the wave counter: the numbers on the HUD.
///
/// Waves live here because a wave is a scoring milestone: the root watches ``State/wave`` and
/// spawns the rocks when it goes up.
public struct Score: ReducerProtocol, Sendable {
  /// The HUD's numbers.
  public struct State: Equatable, StateValue, Sendable {
    /// Points this game.
    public var score = 0
    /// Ships left, including the one flying (0 means game over).
    public var lives = Tuning.startingLives
    /// The wave being played (1 is the first; 0 before a game).
    public var wave = 0
    /// The score at which the next extra ship is awarded.
    public var nextExtraLife = Tuning.extraLifeEvery
    /// Best score since the program started (not saved; the platform may persist it).
    public var highScore = 0
    /// Ticks since the field was cleared (0 while rocks remain): the pause between waves.
    public var clearedTicks: Int32 = 0
    /// Ticks until the next heartbeat of the background "thump"; it quickens as rocks thin out.
    public var beatTicks: Int32 = Tuning.slowestBeat
    /// Heartbeats so far this game; the root plays a low or high thump on each (by parity).
    public var beats = 0

    /// Before any game.
    public init() {}
  }

  /// What happened to the numbers.
  public enum Action: Equatable, Sendable {
    /// A game starts with `lives` ships, at wave 1.
    case gameStarted(lives: Int)
    /// Something was destroyed for `points`.
    case pointsScored(Int)
    /// The flying ship was lost.
    case shipLost
    /// One tick passed with `rocksLeft` rocks in the field; when it has been empty for
    /// ``Tuning/waveDelay`` ticks, the next wave begins.
    case fieldChecked(rocksLeft: Int)
  }

  /// The score reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .gameStarted(let lives):
      let best = state.highScore
      state = State()
      state.lives = lives
      state.wave = 1
      state.highScore = best
    case .pointsScored(let points):
      state.score += points
      state.highScore = max(state.highScore, state.score)
      // A loop, not an if: one big score (a small saucer at 9,900) can cross a threshold only
      // once, but the arithmetic stays right whatever the tuning.
      while state.score >= state.nextExtraLife {
        state.nextExtraLife += Tuning.extraLifeEvery
        state.lives = min(Tuning.maxLives, state.lives + 1)
      }
    case .shipLost:
      state.lives = max(0, state.lives - 1)
    case .fieldChecked(let rocksLeft):
      guard rocksLeft == 0, state.wave > 0 else {
        state.clearedTicks = 0
        beat(&state, rocksLeft: rocksLeft)
        return .none
      }
      state.clearedTicks += 1
      if state.clearedTicks >= Tuning.waveDelay {
        state.clearedTicks = 0
        state.wave += 1
      }
    }
    return .none
  }

  /// The arcade's two-note heartbeat: its period falls from ``Tuning/slowestBeat`` to
  /// ``Tuning/fastestBeat`` as the rocks thin out, so tension rises toward a wave's end.
  func beat(_ state: inout State, rocksLeft: Int) {
    guard state.wave > 0 else { return }
    state.beatTicks -= 1
    if state.beatTicks > 0 { return }
    state.beats += 1
    let crowd = Int32(min(rocksLeft, 12))
    state.beatTicks = Tuning.fastestBeat + (Tuning.slowestBeat - Tuning.fastestBeat) * crowd / 12
  }
}
