import GameCore

/// A game in a store with history, a renderer subscription, sound cues and an optional
/// recording: what `play` hands the window loop.
package final class GameSession: PlaySession {
  /// How far back rewind reaches, in seconds of play.
  static let rewindSeconds = 20
  /// Ticks between history snapshots: a restore re-runs at most this many minus one.
  static let snapshotInterval = 8

  let store: StoreOf<Game>
  let feed: SceneFeed
  let recording: RewindableRecording?
  package private(set) var sounds = SoundEvents()
  /// Ticks taken back by rewinding, for the summary.
  private(set) var rewoundTicks = 0
  /// What the player's input did (ticks the ship turned or moved, shots fired): the window
  /// test checks these, since where the ship ends up depends on what hit it.
  private(set) var activity = (turned: 0, moved: 0, shots: 0)

  /// How far back rewind reaches, in ticks: ``rewindSeconds`` at the session's tick rate.
  let rewindTicks: Int

  package init(
    seed: UInt64, settings: GameSettings = GameSettings(), hz: Int = 64,
    sink: RewindableRecording.Sink?
  ) {
    let rewindTicks = Self.rewindSeconds * hz
    self.rewindTicks = rewindTicks
    let policy = HistoryPolicy(
      capacity: rewindTicks / Self.snapshotInterval + 2, interval: Self.snapshotInterval)
    store = StoreOf(
      initialState: Game.State(seed: seed, settings: settings), reducer: Game(), environment: (),
      history: policy)
    feed = SceneFeed(store: store)
    recording = sink.map {
      RewindableRecording(seed: seed, settings: settings, window: rewindTicks, sink: $0)
    }
  }

  package var scene: Scene { feed.scene }
  package var previousScene: Scene { feed.previous }

  package func step(_ input: TickInput) {
    let ship = store.state.ship
    store.step(.tick(input))
    let after = store.state.ship
    if after.angle != ship.angle { activity.turned += 1 }
    if after.position != ship.position && after.isActive { activity.moved += 1 }
    // A failing disk must not kill a game in progress; finish() reports it.
    do { try recording?.append(input) } catch { recordingError = error }
    let state = store.state
    sounds.oneShots = state.cues.compactMap(Self.sound(for:))
    activity.shots += state.cues.filter { $0 == .fire }.count
    sounds.loops.removeAll()
    if state.session.phase == .playing {
      if state.ship.isThrusting && state.ship.isActive { sounds.loops.insert("thrust") }
      if state.saucer.isActive {
        sounds.loops.insert(state.saucer.isSmall ? "saucer-small" : "saucer-large")
      }
    }
  }

  private var recordingError: (any Error)?

  package func stepBack() -> Bool {
    if let recording, !recording.canRewind { return false }
    guard store.undo() else { return false }
    recording?.rewindOne()
    rewoundTicks += 1
    sounds = SoundEvents()
    return true
  }

  package func finish() throws -> [String] {
    if let recordingError { throw recordingError }
    guard let recording else { return [] }
    return [try recording.finish(live: store.state)]
  }

  /// The WAV (under `assets/sounds/`) for a cue; nil for cues that are silent.
  static func sound(for cue: SoundCue) -> String? {
    switch cue {
    case .fire, .saucerFire: "fire"
    case .largeRockExploded, .shipExploded: "explosion-large"
    case .mediumRockExploded, .saucerExploded: "explosion-medium"
    case .smallRockExploded: "explosion-small"
    case .extraLife: "extra-life"
    case .hyperspace: "hyperspace"
    case .gameOver: "game-over"
    case .beatLow: "beat-low"
    case .beatHigh: "beat-high"
    case .waveStarted, .gameStarted, .paused, .resumed, .saucerAppeared: nil
    }
  }

  /// One line describing where the game is: the window test reads it.
  package var summary: String {
    let state = store.state
    return "tick=\(state.tick) phase=\(state.session.phase) score=\(state.score.score) "
      + "lives=\(state.score.lives) wave=\(state.score.wave) "
      + "ship=\(state.ship.position.x.rounded),\(state.ship.position.y.rounded) "
      + "angle=\(state.ship.angle.raw) bullets=\(state.bullets.items.count) "
      + "games=\(state.session.gamesStarted) rewound=\(rewoundTicks) "
      + "turned=\(activity.turned) moved=\(activity.moved) shots=\(activity.shots)"
  }
}
