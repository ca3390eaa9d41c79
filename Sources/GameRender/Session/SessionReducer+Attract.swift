extension SessionReducer {
  /// The attract mode's rules: a screen left idle for the mode's ``AttractMode/idleTicks``
  /// asks for a demo, and any input, rewind or demo's end starts the wait over.
  ///
  /// The driver starts the demo asked for unless the player's game is paused (a paused game
  /// is left alone: asked again after another idle spell, if still idle).
  func reduce(_ state: inout SessionState, attract action: AttractAction) {
    switch action {
    case .chosen(let mode):
      state.attract.mode = mode
    case .playerTicked(let idle):
      guard state.attract.mode.isOn else { return }
      state.attract.idleTicks = idle ? state.attract.idleTicks + 1 : 0
      guard state.attract.idleTicks >= state.attract.mode.idleTicks else { return }
      state.attract.idleTicks = 0
      state.requests.append(.startDemo)
    case .demoStarted:
      state.attract.demosShown += 1
      state.attract.demoOnScreen = state.attract.demosShown
    case .demoEnded(let end):
      state.attract.demoOnScreen = nil
      state.attract.lastEnd = end
      state.attract.idleTicks = 0
    case .woke, .steppedBack:
      state.attract.idleTicks = 0
    }
  }
}
