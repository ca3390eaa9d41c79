import Foundation
import GameCore
import GameScene

/// A game on a rewindable timeline, a renderer subscription, sounds and an optional recording:
/// what `play` hands the window loop.
package final class GameSession<G: PlayableGame>: PlaySession {
  /// How far back rewind reaches, in seconds of play.
  static var rewindSeconds: Int { 20 }
  /// Ticks between the timeline's snapshots: a step back re-runs at most this many minus one.
  static var snapshotInterval: Int { 8 }

  /// Every tick played, reachable back to the rewind window's start: rewind seeks it, the
  /// recording and a high score's replay read its inputs.
  let timeline: TickTimeline<G>
  /// The game's store (the timeline's): the renderer's feed subscribes to it.
  var store: Store<G> { timeline.simulation.store }
  /// The game's state after the latest tick (what a bot at the controls reads).
  package var state: G.State { store.state }
  let feed: SceneFeed<G>
  let recording: RewindableRecording<G>?
  package private(set) var sounds = Sounds()

  /// How far back rewind reaches, in ticks: ``rewindSeconds`` at the session's tick rate.
  let rewindTicks: Int

  /// The player's high-score tables for this game; nil keeps none (tests, `--no-scores`).
  let book: HighScoreBook?
  /// The engine's interface around the game (high-score claim, initials, counters), run by
  /// ``SessionReducer``; this class carries out what it asks for.
  let interface: Store<SessionReducer>
  private let seed: UInt64
  private let settings: G.Settings
  private let hz: Int

  package init(
    seed: UInt64, settings: G.Settings = G.Settings(), hz: Int = 64,
    sink: (any RecordingSink<G.State>)?, book: HighScoreBook? = nil
  ) {
    self.seed = seed
    self.settings = settings
    self.hz = hz
    self.book = book
    let rewindTicks = Self.rewindSeconds * hz
    self.rewindTicks = rewindTicks
    timeline = TickTimeline(
      start: G.initialState(seed: seed, settings: settings), interval: Self.snapshotInterval,
      capacity: rewindTicks / Self.snapshotInterval + 2)
    feed = SceneFeed(G.self, store: timeline.simulation.store)
    recording = sink.map {
      RewindableRecording<G>(seed: seed, settings: settings, window: rewindTicks, sink: $0)
    }
    interface = Store(
      initialState: SessionState(
        seed: seed, buttons: G.buttons.bitCount, entryDelay: Self.entryDelay(hz: hz)),
      reducer: SessionReducer(), environment: .live(book: book))
  }

  /// The interface's state: the claim, the counters.
  var session: SessionState { interface.state }
  /// A finished game that made the table, waiting for its initials.
  var claim: SessionState.Claim? { session.claim }

  package var scene: Scene { feed.scene }
  package var previousScene: Scene { feed.previous }
  package var isPlaying: Bool { G.isPlaying(store.state) }

  package func step(_ input: TickInput) {
    timeline.step(input)
    // A failing disk must not kill a game in progress; finish() reports it.
    do { try recording?.follow(timeline) } catch { send(.recordingFailed(SessionFailure(error))) }
    sounds = G.sounds(of: store.state)
    send(.ticked(input, glance()))
  }

  /// What the interface reads of the game now; the ranking only of a finished game, and only
  /// while high scores are kept.
  private func glance() -> GameGlance {
    let state = store.state
    let isOver = G.isGameOver(state)
    guard isOver, book != nil, let ranking = G.ranking(of: state) else {
      return GameGlance(tick: state.tick, isOver: isOver)
    }
    return GameGlance(
      tick: state.tick, isOver: true, ranking: ranking,
      text: G.rankingText(ranking.value, table: ranking.table))
  }

  /// Sends `action` to the interface and carries out what it asks of the player's session;
  /// returns the requests left for the caller (a demo to start).
  @discardableResult
  func send(_ action: SessionAction) -> [SessionRequest] {
    interface.send(action)
    var left: [SessionRequest] = []
    for request in interface.state.requests {
      switch request {
      case .buildReplay: send(.replayBuilt(replayOfTimeline()))
      case .save(let save): self.save(save)
      case .startDemo, .pressPauseOnce: left.append(request)
      }
    }
    return left
  }

  /// Adds an entry to the book and tells the interface how it went.
  private func save(_ save: HighScoreSave) {
    guard let book else { return }
    let ranking = save.ranking
    do {
      let place = try book.add(
        save.entry, for: ranking, replay: save.replay, replayName: save.replayName)
      if let place {
        let on = ranking.table.isEmpty ? "" : " on the \(ranking.table) table"
        scoreReports.append(
          "high score: \(save.entry.initials) \(save.entry.text), place \(place + 1)\(on) "
            + "(\(book.path))")
      }
      send(.saved(table: ranking.table, place: place))
    } catch {
      send(.saveFailed(SessionFailure(error)))
    }
  }

  /// The timeline played so far as a replay file, re-run headless from the seed; nil if it
  /// does not end where the live game is (it always should).
  private func replayOfTimeline() -> [UInt8]? {
    let header = ReplayHeader(game: G.self, seed: seed, settings: settings, tickRate: UInt16(hz))
    let sink = MemoryReplaySink()
    let shadow = Store(
      initialState: G.initialState(seed: seed, settings: settings), reducer: G(), environment: ())
    do {
      let recorder = try ReplayRecorder(header: header, sink: sink)
      try timeline.forEachInput(from: 1, through: timeline.tick) { input in
        shadow.step(.tick(input))
        try recorder.record(input, after: shadow.state)
      }
      guard shadow.state == store.state else { return nil }
      _ = try recorder.finish(state: shadow.state)
      return sink.bytes
    } catch {
      return nil
    }
  }

  /// True while a finished game waits for the player's initials: keys go to ``enter(_:)``.
  package var isEnteringInitials: Bool { session.isEnteringInitials }

  /// Ticks the initials entry ignores keys for after it opens: half a second, so presses a
  /// player was making as the game ended land in nothing.
  var entryDelay: Int { session.entryDelay }

  static func entryDelay(hz: Int) -> Int { hz / 2 }

  /// One key of the initials entry; the entry is saved once confirmed. Keys in the first
  /// ``entryDelay`` ticks after it opens are ignored.
  package func enter(_ key: InitialsEntry.Key) { send(.key(key)) }

  /// Goes back one tick, and on past any ticks in which play was not under way
  /// (``PlayableGame/isPlaying(_:)`` false: a paused span): they are not part of the rewind
  /// timeline.
  package func stepBack() -> Bool {
    guard undoOne() else { return false }
    while !G.isPlaying(store.state), undoOne() {}
    sounds = Sounds()
    return true
  }

  /// Goes back one tick on the timeline and forgets the one undone; not before the rewind
  /// window's oldest snapshot, nor into what the recording already wrote.
  private func undoOne() -> Bool {
    let target = timeline.tick - 1
    guard target >= max(timeline.oldest, recording?.committed ?? 0) else { return false }
    timeline.seek(to: target)
    timeline.truncate()
    send(.rewound(GameGlance(tick: store.state.tick, isOver: G.isGameOver(store.state))))
    return true
  }

  /// One line for the screen when the recording stopped (the game goes on).
  package var notice: String? {
    session.recordingFailure.map { "RECORDING STOPPED: \(Self.reason($0.error))" }
      ?? session.scoreFailure.map { "HIGH SCORE NOT SAVED: \(Self.reason($0.error))" }
      ?? (store.state.tick < 10 * hz
        ? book?.notice.map { _ in "HIGH SCORES DAMAGED: STARTED A FRESH TABLE" } : nil)
  }

  /// Why the high score entered could not be saved, for the terminal; nil when all went well.
  package var scoreProblem: (any Error)? { session.scoreFailure?.error }

  /// Lines for the terminal about the high scores entered this session.
  package private(set) var scoreReports: [String] = []

  /// What the engine draws over the scene: the high-score board the scene asks for, and the
  /// initials entry while one is open (with the board's best line but not its list).
  package var boardOverlay: [Shape] {
    let scene = feed.scene
    var shapes: [Shape] = []
    if var board = scene.highScores {
      // The list is about to change: it shows once the initials are saved, the new place lit.
      if claim != nil { board.list = nil }
      let highlight = session.entered.flatMap { $0.table == board.table ? $0.place : nil }
      shapes = HighScoreOverlay.board(
        board, entries: book?.entries(board.table), highlight: highlight, tick: scene.tick,
        text: { G.rankingText($0, table: board.table) },
        order: book?.order(of: board.table) ?? .higherIsBetter)
    }
    if let claim {
      shapes += HighScoreOverlay.entryPanel(
        place: claim.place, text: claim.text,
        table: claim.ranking.table, initials: claim.initials, tick: scene.tick)
    }
    return shapes
  }

  private static func reason(_ error: any Error) -> String {
    let text = "\(error)"
    return String(
      (text.split(separator: ":").last.map(String.init) ?? text)
        .trimmingCharacters(in: .whitespaces).uppercased().prefix(60))
  }

  package func finish() throws -> [String] {
    // A player who quits while entering keeps the place, with the initials typed so far.
    send(.quit)
    if let failure = session.recordingFailure { throw failure.error }
    guard let recording else { return [] }
    return [try recording.finish(timeline)]
  }

  /// One line describing where the game is: the window test reads it.
  ///
  /// `tick=… <the game's summary> rewound=… held=<button>:<ticks>,…`, then, while the initials
  /// entry is open, ` entry=waiting` for its first ``entryDelay`` ticks and ` entry=open` once
  /// it takes keys.
  package var summary: String {
    let state = store.state
    let buttons = zip(G.buttons.buttons, session.held).map { "\($0.name):\($1)" }
    let entry = session.claim.map {
      $0.ticksOpen >= entryDelay ? " entry=open" : " entry=waiting"
    }
    return "tick=\(state.tick) \(G.summary(of: state)) rewound=\(session.rewoundTicks) "
      + "held=\(buttons.joined(separator: ","))\(entry ?? "")"
  }
}
