/// The window's rewind key, as a value: whether the frame is rewinding, and what letting go
/// asks for. ``RewindReducer`` changes it once a frame; ``FrameStepper`` runs it in a store and
/// carries out its requests.
package struct RewindState: Equatable, Sendable {
  /// True while the rewind key is held and no initials are being entered, as of the latest
  /// frame.
  package var isRewinding = false
  /// What the latest frame asks the window to do (press the game's pause button once).
  package var requests: [SessionRequest] = []

  package init() {}
}

/// What happens to the rewind key: the frame read it.
package enum RewindAction: Equatable, Sendable {
  /// A frame began with the rewind key `held` (or not), while initials were being entered
  /// (or not) and play was under way on screen (or not).
  case polled(held: Bool, isEnteringInitials: Bool, isPlaying: Bool)
}
