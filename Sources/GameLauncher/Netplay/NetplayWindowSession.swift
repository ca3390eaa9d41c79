import GameCore
import GameFiles
import GameNetplay
import GameRender
import GameScene

/// A rollback match in the window: what `play --host` and `play --join` hand the window loop.
///
/// While the handshake runs (``NetplayHandshake``, on a thread) the window shows the game's
/// first frame and "waiting for player 2". Then each tick the window's clock makes due is one
/// frame of a ``NetplayMatch``: the player's input (their usual player-1 keys, moved to this
/// peer's seat with ``ButtonLayout/moved(_:toPlayer:)``, and a bot's for that seat) goes in,
/// and the window shows the predicted game
/// (``RollbackSession/simulation``). Its sounds go through ``RollbackSounds`` and the window
/// runs the emitters once per tick shown, so a rollback's ticks run again sound and emit
/// nothing twice. Rewind, the pause a lost focus presses, high scores and the attract mode are
/// off (``isSharedMatch``); start and pause are the host's, as ``Seats`` gives them.
final class NetplayWindowSession<G: PlayableGame>: PlaySession {
  /// The match's terms, as this peer asks for them.
  let seed: UInt64
  let settings: G.Settings
  /// Ticks the match lasts (nil: until a player leaves).
  let ticks: Int?
  /// Seconds of silence before a peer is taken to have gone.
  let timeout: Double
  /// Where the replay of the confirmed match goes (nil: nowhere).
  let recordPath: String?
  let handshake: NetplayHandshake
  /// The player the handshake waits for: 2 on the host, the host (1) on a joiner.
  private let waitingFor: Int

  private(set) var match: NetplayMatch<G>?
  /// The bot at this peer's controls (`--bot`), or nil: the keys held add to its input.
  var bot: G.Bot?
  private var feed: SceneFeed<G>
  private var cues: RollbackSounds<G>?
  private var recorder: ReplayRecorder?
  package private(set) var sounds = Sounds()

  /// How the match ended, once it has.
  private(set) var end: MatchEnd?
  /// The handshake's error (the window closes), or the replay's at the start: thrown by
  /// ``finish()``.
  private(set) var failure: (any Error)?
  /// The replay's error mid-match: the match goes on unrecorded, says so on screen, and
  /// ``finish()`` throws it.
  private(set) var recordingFailure: (any Error)?
  /// Ticks due in a row that ran no tick of the match: the prediction window was full, or
  /// this peer was ahead of a peer that has gone quiet (the time sync holds it back first).
  private(set) var waitingFrames = 0

  /// Ticks due in a row the match must stand still before the window says whom it waits
  /// for: a tick or two skipped is the time sync at work, not a late peer.
  static var waitingShownAfter: Int { 8 }

  init(
    seed: UInt64, settings: G.Settings, ticks: Int?, timeout: Double, recordPath: String?,
    handshake: NetplayHandshake, isHost: Bool
  ) {
    self.seed = seed
    self.settings = settings
    self.ticks = ticks
    self.timeout = timeout
    self.recordPath = recordPath
    self.handshake = handshake
    waitingFor = isHost ? 2 : 1
    let first = Simulation<G>(seed: seed, settings: settings)
    feed = SceneFeed(G.self, store: first.store)
  }

  /// The state shown: the predicted game, or its first tick while the handshake runs.
  var state: G.State {
    match?.rollback.simulation.state ?? G.initialState(seed: seed, settings: settings)
  }

  /// The game's scene without its rewind hints: a match cannot rewind.
  package var scene: Scene { feed.scene.leavingOut(.rewind) }
  package var previousScene: Scene { feed.previous.leavingOut(.rewind) }
  package var isPlaying: Bool { match != nil && G.isPlaying(state) }
  package var isSharedMatch: Bool { true }
  package var hasEnded: Bool {
    if failure != nil { return true }
    if case .finished = end { return true }
    return false
  }

  package func step(_ input: TickInput) {
    sounds = Sounds()
    guard let match else {
      start()
      return
    }
    guard end == nil else {
      // The games parted: the peers still trade the section hashes of their reports.
      if case .desync = end { match.exchangeSections() }
      return
    }
    let limit = ticks ?? .max
    let seat = match.link.seat
    var local = TickInput()
    if match.rollback.frame < limit {
      // The player's keys are player 1's: moved to the seat's player. A bot plays the seat
      // as its game says a bot plays it (its axes, with the keys' buttons added).
      let keys = G.buttons.moved(input, toPlayer: seat + 1)
      // A tap in a frame whose input the match did not take (this peer ahead, or the
      // window full) is held into the next that takes one: NetplayMatch.carried.
      local = bot == nil ? keys : G.input(of: &bot!, for: state, seat: seat).union(keys)
    }
    do {
      let ran = try match.frame(localInput: local, ticks: limit)
      waitingFrames = ran || match.rollback.frame >= limit ? 0 : waitingFrames + 1
    } catch {
      // The replay could not be written: the match goes on unrecorded, and says so at the end.
      recorder?.discard()
      recorder = nil
      match.onConfirmed = { _, _ in }
      recordingFailure = error
    }
    sounds = cues?.take(state: state) ?? Sounds()
    end = ending(of: match)
  }

  /// Takes the link once the handshake is done: the match starts, recorded, shown.
  private func start() {
    guard let result = handshake.take() else { return }
    let link: NetplayLink
    switch result {
    case .failure(let error):
      failure = error
      return
    case .success(let made):
      link = made
    }
    let match = NetplayMatch<G>(link: link, settings: settings)
    match.timeout = timeout
    if let recordPath {
      do {
        try createFolder(holding: recordPath)
        let recorder = try ReplayRecorder(
          header: ReplayHeader(game: G.self, seed: seed, settings: settings),
          sink: try ReplayFileSink(path: recordPath))
        match.onConfirmed = { input, state in try recorder.record(input, after: state) }
        self.recorder = recorder
      } catch {
        failure = error
        match.leave()
        return
      }
    }
    let options = link.terms.options
    printError(
      "match started: seat \(link.seat + 1) of \(link.terms.seats), input delay "
        + "\(options.inputDelay), prediction window \(options.predictionWindow)")
    let store = match.rollback.simulation.store
    feed = SceneFeed(G.self, store: store)
    cues = RollbackSounds(G.self, store: store)
    self.match = match
  }

  /// How the match ended after this frame, or nil while it goes on.
  private func ending(of match: NetplayMatch<G>) -> MatchEnd? {
    if let tick = match.desyncTick { return .desync(tick: tick) }
    if let ticks, match.isFinished(ticks: ticks) { return .finished }
    if let gone = match.goneSeats(ticks: ticks ?? .max).first {
      return .peerGone(seat: gone, tick: match.confirmed.tick, said: match.left.contains(gone))
    }
    return nil
  }

  /// The player (from 1) the match waits for (``NetplayMatch/awaitedSeat``), once it has
  /// stood still for ``waitingShownAfter`` ticks due.
  private var latePlayer: Int? {
    guard let match, waitingFrames >= Self.waitingShownAfter else { return nil }
    return match.awaitedSeat.map { $0 + 1 }
  }

  /// The player (from 1) who owns the pause button, when the game shown is paused.
  private var pausedBy: Int? {
    guard let match, G.isPaused(state) else { return nil }
    let seats = match.rollback.seats
    return (0..<seats.count).first { !seats.owned(G.buttons.pause, by: $0).isEmpty }.map {
      $0 + 1
    }
  }

  var overlay: NetplayOverlay {
    guard let match else {
      // The handshake's own word when it says more than the message ("seat 2 of 2: waiting
      // for the others"), else where this peer waits.
      let status = handshake.status
      let place = handshake.place
      let detail =
        status.hasPrefix("waiting for player") || status.hasPrefix("joining") ? place : status
      return .connecting(waitingFor: waitingFor, detail: "\(detail) - Escape quits")
    }
    let statistics = match.rollback.statistics
    if let end, let sentence = Self.sentence(end) {
      return .ended(
        sentence, ping: match.pingMilliseconds, lastRollback: statistics.lastRollback,
        deepestRollback: statistics.deepestRollback)
    }
    return .playing(
      ping: match.pingMilliseconds, lastRollback: statistics.lastRollback,
      deepestRollback: statistics.deepestRollback, waitingFor: latePlayer, pausedBy: pausedBy)
  }

  package var statusOverlay: [Shape] { overlay.shapes }

  /// One line for the screen about how the match ended; nil for a match that ran its ticks.
  static func sentence(_ end: MatchEnd) -> String? {
    switch end {
    case .finished: nil
    case .desync(let tick): "the games differ at tick \(tick)"
    case .peerGone(let seat, _, let said):
      "player \(seat + 1) \(said ? "left" : "stopped answering")"
    case .stopped(let tick): "stopped at tick \(tick)"
    }
  }

  package func stepBack() -> Bool { false }

  package var notice: String? { recordingFailure.map { _ in "RECORDING STOPPED" } }

  /// Ends the session: tells the peers, writes the replay of the confirmed match, and returns
  /// the line the terminal shows (as `netplay` prints it). Throws the handshake's error, or
  /// the recording's.
  package func finish() throws -> [String] {
    guard let match else {
      if let failure { throw failure }
      // A handshake that ended as the window closed: the others hear goodbye at once rather
      // than wait out the silence.
      if case .success(let link)? = handshake.take() {
        for _ in 0..<3 { for seat in link.otherSeats { link.send(.bye, to: seat) } }
      }
      return ["no match played: the window closed during the handshake"]
    }
    var report: NetplayDesyncReport?
    if match.desyncTick != nil {
      match.finishDesyncReport(within: 2)
      report = match.desyncReport
    }
    match.leave()
    if let recorder {
      try recorder.finish(state: match.confirmed.state)
      self.recorder = nil
    }
    if let recordingFailure { throw recordingFailure }
    let statistics = match.rollback.statistics
    let counters = match.link.counters
    let ping = match.pingMilliseconds.map { "\(Int($0.rounded())) ms" } ?? "none measured"
    var lines = [
      "\(G.id), seat \(match.link.seat + 1) of \(match.link.terms.seats): "
        + "\(match.confirmed.tick) ticks, hash \(ReplayFormat.hex(match.confirmed.hash)); "
        + "\(statistics.rollbacks) rollbacks (deepest \(statistics.deepestRollback), "
        + "\(statistics.resimulatedTicks) ticks run again), ping \(ping), packets "
        + "\(counters.sent) sent, \(counters.lost) lost, \(counters.duplicated) duplicated"
    ]
    if let end, let sentence = Self.sentence(end) {
      lines.append("the match ended: \(sentence) (tick \(match.confirmed.tick))")
    }
    if let recordPath { lines.append("replay: \(recordPath)") }
    if let report { lines.append(report.save(beside: recordPath)) }
    return lines
  }
}
