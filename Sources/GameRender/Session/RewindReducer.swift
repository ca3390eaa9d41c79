import GameCore

/// The rules of the rewind key: held, it rewinds, except while initials are entered
/// (Backspace is theirs then); let go on a screen where play is not under way (a paused or
/// any still screen), it asks for the game's pause button to be pressed once, so letting go
/// of rewind always resumes play.
///
/// ```swift
/// let rewind = Store(initialState: RewindState(), reducer: RewindReducer(), environment: ())
/// rewind.send(.polled(held: input.pollRewind(), isEnteringInitials: false, isPlaying: true))
/// if rewind.state.requests.contains(.pressPauseOnce) { input.pauseOnce() }
/// ```
package struct RewindReducer: ReducerProtocol {
  package init() {}

  package func reduce(into state: inout RewindState, action: RewindAction, environment: Void)
    -> Effect<RewindAction>
  {
    switch action {
    case .polled(let held, let isEnteringInitials, let isPlaying):
      let wasRewinding = state.isRewinding
      state.isRewinding = held && !isEnteringInitials
      state.requests =
        wasRewinding && !state.isRewinding && !isPlaying ? [.pressPauseOnce] : []
    }
    return .none
  }
}
