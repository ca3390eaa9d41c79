import GameCore

/// The session's phase: title screen, playing, paused, game over, and restart.
///
/// It also remembers last tick's buttons, so actions that fire on a press (start, pause,
/// hyperspace) see the edge, not the held state: holding pause does not flicker.
public struct Session: ReducerProtocol, Sendable {
  /// Where the session is.
  public enum Phase: UInt8, Equatable, StateValue, Sendable {
    /// Title screen (rocks drift behind it): fire starts a game.
    case title
    /// A game is running.
    case playing
    /// Frozen; pause again to resume.
    case paused
    /// The last ship is gone; fire starts a new game after ``Tuning/restartDelay`` ticks.
    case gameOver
  }

  /// The session's phase and input memory.
  public struct State: Equatable, StateValue, Sendable {
    /// The current phase.
    public var phase = Phase.title
    /// Ticks spent in the current phase (saturates; the renderer uses it to animate text).
    public var phaseTicks: Int32 = 0
    /// The buttons held last tick.
    public var held: TickInput = []
    /// Games started so far; the root starts a fresh game when it goes up.
    public var gamesStarted = 0

    /// The title screen.
    public init() {}
  }

  /// What happened to the session.
  public enum Action: Equatable, Sendable {
    /// This tick's buttons arrived.
    case inputReceived(TickInput)
    /// The last ship was lost.
    case lastShipLost
  }

  /// The session reducer.
  public init() {}

  /// Applies one action; returns no effect (timers are counters in the state).
  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    switch action {
    case .inputReceived(let input):
      let pressed = input.subtracting(state.held)
      state.held = input
      if state.phaseTicks < Int32.max { state.phaseTicks += 1 }
      switch state.phase {
      case .title:
        if pressed.contains(.fire) { start(&state) }
      case .playing:
        if pressed.contains(.pause) { enter(.paused, &state) }
      case .paused:
        if pressed.contains(.pause) { enter(.playing, &state) }
      case .gameOver:
        if pressed.contains(.fire) && state.phaseTicks > Tuning.restartDelay { start(&state) }
      }
    case .lastShipLost:
      enter(.gameOver, &state)
    }
    return .none
  }

  func start(_ state: inout State) {
    state.gamesStarted += 1
    enter(.playing, &state)
  }

  func enter(_ phase: Phase, _ state: inout State) {
    state.phase = phase
    state.phaseTicks = 0
  }
}
