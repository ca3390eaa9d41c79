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
  /// Ticks taken back by rewinding, for the summary.
  private(set) var rewoundTicks = 0
  /// Ticks each button was held, in bit order: the window test checks that keys reached the
  /// game.
  private(set) var held: [Int]
  private var recordingError: (any Error)?

  /// How far back rewind reaches, in ticks: ``rewindSeconds`` at the session's tick rate.
  let rewindTicks: Int

  /// The player's high-score tables for this game; nil keeps none (tests, `--no-scores`).
  let book: HighScoreBook?
  /// A finished game that made the table, waiting for its initials.
  private(set) var claim: Claim?
  /// The place the latest entry took on its table, highlighted on the board.
  private var entered: (table: String, place: Int)?
  /// The tick and value of the latest game that claimed a place: rewinding to just before its
  /// end and letting it end again is not a second entry.
  private var lastClaim: (tick: Int, value: Int)?
  private var scoreError: (any Error)?
  /// Whether the state after the latest tick showed a finished game: a claim is made when a
  /// game ends, not on every tick of its game-over screen.
  private var wasOver = false
  private let seed: UInt64
  private let settings: G.Settings
  private let hz: Int

  /// A game that made the high-score table: where, its replay, and the initials so far.
  package struct Claim {
    package var ranking: Ranking
    package var place: Int
    package var replay: [UInt8]?
    /// The tick the game ended on: where its replay ends.
    package var tick: Int
    package var initials = InitialsEntry()
    /// Ticks run since the entry opened: it takes keys from ``GameSession/entryDelay`` on.
    package var ticksOpen = 0
  }

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
    held = Array(repeating: 0, count: G.buttons.bitCount)
  }

  package var scene: Scene { feed.scene }
  package var previousScene: Scene { feed.previous }
  package var isPlaying: Bool { G.isPlaying(store.state) }

  package func step(_ input: TickInput) {
    timeline.step(input)
    for bit in held.indices where input.contains(TickInput(bit: bit)) { held[bit] += 1 }
    // A failing disk must not kill a game in progress; finish() reports it.
    do { try recording?.follow(timeline) } catch { recordingError = error }
    sounds = G.sounds(of: store.state)
    claim?.ticksOpen += 1
    let isOver = G.isGameOver(store.state)
    if isOver, !wasOver, claim == nil, let book { claimPlace(in: book) }
    wasOver = isOver
  }

  /// Offers a place on the table to the game that just ended, if it made one.
  private func claimPlace(in book: HighScoreBook) {
    let state = store.state
    guard let ranking = G.ranking(of: state), let place = book.place(for: ranking),
      lastClaim.map({ $0.tick != state.tick || $0.value != ranking.value }) ?? true
    else { return }
    lastClaim = (state.tick, ranking.value)
    claim = Claim(ranking: ranking, place: place, replay: replayOfTimeline(), tick: state.tick)
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
  package var isEnteringInitials: Bool { claim != nil }

  /// Ticks the initials entry ignores keys for after it opens: half a second, so presses a
  /// player was making as the game ended land in nothing.
  var entryDelay: Int { hz / 2 }

  /// One key of the initials entry; the entry is saved once confirmed. Keys in the first
  /// ``entryDelay`` ticks after it opens are ignored.
  package func enter(_ key: InitialsEntry.Key) {
    guard var claim, claim.ticksOpen >= entryDelay else { return }
    claim.initials.press(key)
    self.claim = claim
    if claim.initials.isDone { save(claim, initials: claim.initials.initials) }
  }

  private func save(_ claim: Claim, initials: String) {
    self.claim = nil
    guard let book else { return }
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    let day = formatter.string(from: Date())
    let ranking = claim.ranking
    let entry = HighScoreEntry(
      initials: initials, value: ranking.value,
      text: G.rankingText(ranking.value, table: ranking.table),
      date: day, replay: nil)
    let table = ranking.table.isEmpty ? "" : ranking.table + "-"
    let stamp = day.replacingOccurrences(of: "-", with: "")
    let name = "\(table)\(stamp)-\(initials)-\(ranking.value)-\(seed)-\(claim.tick).replay"
    do {
      if let place = try book.add(entry, for: ranking, replay: claim.replay, replayName: name) {
        entered = (ranking.table, place)
        let on = ranking.table.isEmpty ? "" : " on the \(ranking.table) table"
        scoreReports.append(
          "high score: \(initials) \(entry.text), place \(place + 1)\(on) (\(book.path))")
      }
    } catch {
      scoreError = error
    }
  }

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
    wasOver = G.isGameOver(store.state)
    rewoundTicks += 1
    return true
  }

  /// One line for the screen when the recording stopped (the game goes on).
  package var notice: String? {
    recordingError.map { "RECORDING STOPPED: \(Self.reason($0))" }
      ?? scoreError.map { "HIGH SCORE NOT SAVED: \(Self.reason($0))" }
      ?? (store.state.tick < 10 * hz
        ? book?.notice.map { _ in "HIGH SCORES DAMAGED: STARTED A FRESH TABLE" } : nil)
  }

  /// Why the high score entered could not be saved, for the terminal; nil when all went well.
  package var scoreProblem: (any Error)? { scoreError }

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
      let highlight = entered.flatMap { $0.table == board.table ? $0.place : nil }
      shapes = HighScoreOverlay.board(
        board, entries: book?.entries(board.table), highlight: highlight, tick: scene.tick,
        text: { G.rankingText($0, table: board.table) },
        order: book?.order(of: board.table) ?? .higherIsBetter)
    }
    if let claim {
      shapes += HighScoreOverlay.entryPanel(
        place: claim.place, text: G.rankingText(claim.ranking.value, table: claim.ranking.table),
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
    if let claim { save(claim, initials: claim.initials.finalInitials) }
    if let recordingError { throw recordingError }
    guard let recording else { return [] }
    return [try recording.finish(timeline)]
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
