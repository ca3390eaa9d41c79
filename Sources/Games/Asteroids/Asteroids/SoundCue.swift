import GameCore

/// A sound the platform layer should play this tick.
///
/// The game never calls out to audio: it lists the tick's cues in ``Asteroids/State/cues`` (emptied
/// at the start of every tick) and the platform plays them after the tick. Looping sounds
/// (thrust, the saucer's siren) are not cues: the platform derives them from
/// ``Ship/State/isThrusting`` and ``Saucer/State/isActive``.
public enum SoundCue: UInt8, Equatable, StateValue, Sendable, CaseIterable {
  /// The ship fired.
  case fire
  /// The saucer fired.
  case saucerFire
  /// A large rock was hit.
  case largeRockExploded
  /// A medium rock was hit.
  case mediumRockExploded
  /// A small rock was hit.
  case smallRockExploded
  /// The ship blew up.
  case shipExploded
  /// The saucer was shot down.
  case saucerExploded
  /// A saucer entered the screen.
  case saucerAppeared
  /// An extra ship was awarded.
  case extraLife
  /// The ship jumped into hyperspace.
  case hyperspace
  /// A new wave of rocks appeared.
  case waveStarted
  /// A game began.
  case gameStarted
  /// The last ship was lost.
  case gameOver
  /// The game was paused.
  case paused
  /// The game was resumed.
  case resumed
  /// The low note of the background heartbeat.
  case beatLow
  /// The high note of the background heartbeat.
  case beatHigh
}
