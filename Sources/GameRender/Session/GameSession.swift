import Foundation
import GameCore
import GameScene

/// A game in a store with history, a renderer subscription, sounds and an optional recording:
/// what `play` hands the window loop.
package final class GameSession<G: PlayableGame>: PlaySession {
  /// How far back rewind reaches, in seconds of play.
  static var rewindSeconds: Int { 20 }
  /// Ticks between history snapshots: a restore re-runs at most this many minus one.
  static var snapshotInterval: Int { 8 }

  let store: StoreOf<G>
  let feed: SceneFeed<G>
  let recording: RewindableRecording<G>?
  package private(set) var sounds = Sounds()
  /// Ticks taken back by rewinding, for the summary.
  private(set) var rewoundTicks = 0
  /// Ticks each button was held, in bit order: the window test checks that keys reached the
  /// game.
  private(set) var held: [Int]
  private var recordingError: (any Error)?
  /// Whether each tick of the rewind window moved nothing on screen or showed a screen that
  /// is not play (paused), by tick modulo the window: rewind passes over those.
  private var stillTicks: [Bool]

  /// How far back rewind reaches, in ticks: ``rewindSeconds`` at the session's tick rate.
  let rewindTicks: Int

  package init(
    seed: UInt64, settings: G.Settings = G.Settings(), hz: Int = 64,
    sink: (any RecordingSink<G.State>)?
  ) {
    let rewindTicks = Self.rewindSeconds * hz
    self.rewindTicks = rewindTicks
    let policy = HistoryPolicy(
      capacity: rewindTicks / Self.snapshotInterval + 2, interval: Self.snapshotInterval)
    store = StoreOf(
      initialState: G.initialState(seed: seed, settings: settings), reducer: G(),
      environment: (), history: policy)
    feed = SceneFeed(G.self, store: store)
    recording = sink.map {
      RewindableRecording<G>(seed: seed, settings: settings, window: rewindTicks, sink: $0)
    }
    held = Array(repeating: 0, count: G.buttons.bitCount)
    stillTicks = Array(repeating: false, count: rewindTicks + 2)
  }

  package var scene: Scene { feed.scene }
  package var previousScene: Scene { feed.previous }

  package func step(_ input: TickInput) {
    store.step(.tick(input))
    stillTicks[store.state.tick % stillTicks.count] = feed.scene.isStill || !feed.scene.isRunning
    for bit in held.indices where input.contains(TickInput(bit: bit)) { held[bit] += 1 }
    // A failing disk must not kill a game in progress; finish() reports it.
    do { try recording?.append(input) } catch { recordingError = error }
    sounds = G.sounds(of: store.state)
  }

  /// Goes back one tick, and on past any ticks in which nothing moved or play was not under
  /// way (a paused span): they are not part of the rewind timeline.
  package func stepBack() -> Bool {
    guard undoOne() else { return false }
    while wasStill(store.state.tick), undoOne() {}
    sounds = Sounds()
    return true
  }

  /// True when tick `tick` moved nothing on screen, as it was played.
  private func wasStill(_ tick: Int) -> Bool {
    tick > 0 && stillTicks[tick % stillTicks.count]
  }

  private func undoOne() -> Bool {
    if let recording, !recording.canRewind { return false }
    guard store.undo() else { return false }
    recording?.rewindOne()
    rewoundTicks += 1
    return true
  }

  /// One line for the screen when the recording stopped (the game goes on).
  package var notice: String? {
    recordingError.map { "RECORDING STOPPED: \(Self.reason($0))" }
  }

  private static func reason(_ error: any Error) -> String {
    let text = "\(error)"
    return String((text.split(separator: ":").last.map(String.init) ?? text)
      .trimmingCharacters(in: .whitespaces).uppercased().prefix(60))
  }

  package func finish() throws -> [String] {
    if let recordingError { throw recordingError }
    guard let recording else { return [] }
    return [try recording.finish(live: store.state)]
  }

  /// One line describing where the game is: the window test reads it.
  ///
  /// `tick=… <the game's summary> rewound=… held=<button>:<ticks>,…`
  package var summary: String {
    let state = store.state
    let buttons = zip(G.buttons.buttons, held).map { "\($0.name):\($1)" }
    return "tick=\(state.tick) \(G.summary(of: state)) rewound=\(rewoundTicks) "
      + "held=\(buttons.joined(separator: ","))"
  }
}
