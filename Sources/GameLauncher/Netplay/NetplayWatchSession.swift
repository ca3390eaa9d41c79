import Foundation
import GameCore
import GameFiles
import GameNetplay
import GameRender
import GameScene

/// Watching a match in the window: what `play --spectate HOST:PORT` hands the window loop.
///
/// The spectator asks the host on a thread of its own (the window keeps drawing "waiting for
/// player 1" and answers Escape), then each tick due takes the host's confirmed inputs and runs
/// them (``NetplaySpectator/frame()``): one who comes late catches up at once. Nothing is
/// predicted, so nothing is run again; a catch-up of many ticks in one frame stays silent
/// rather than play every cue it passed. The keys do nothing but quit.
final class NetplayWatchSession<G: PlayableGame>: PlaySession {
  let spectator: NetplaySpectator<G>
  let connection: Connection
  /// Ticks to watch (nil: until the host leaves).
  let ticks: Int?
  let recordPath: String?
  private let feed: SceneFeed<G>
  private let cues: RollbackSounds<G>
  private var recorder: ReplayRecorder?
  package private(set) var sounds = Sounds()
  private(set) var connected = false
  private(set) var end: MatchEnd?
  private(set) var failure: (any Error)?
  private var lastNews: Double
  private var lastTick = 0
  private var lastHostFrame = 0
  private let timeout: Double

  /// Ticks a frame may run and still be heard: more is a late spectator catching up.
  static var audibleTicks: Int { 8 }

  /// The spectator's request, made on a thread; `@unchecked Sendable`: the spectator is the
  /// thread's until `outcome` is set under `lock`, and the window's after.
  final class Connection: @unchecked Sendable {
    let spectator: NetplaySpectator<G>
    private let lock = NSLock()
    private var _outcome: Result<Void, NetError>?

    init(_ spectator: NetplaySpectator<G>, timeout: Double) {
      self.spectator = spectator
      let thread = Thread { [self] in
        let outcome: Result<Void, NetError>
        do throws(NetError) {
          try self.spectator.connect(timeout: timeout)
          outcome = .success(())
        } catch {
          outcome = .failure(error)
        }
        lock.withLock { _outcome = outcome }
      }
      thread.name = "netplay spectator"
      thread.start()
    }

    var outcome: Result<Void, NetError>? { lock.withLock { _outcome } }
  }

  /// Watches the match at `host` from a socket on `address`, expecting `terms`.
  init(
    host: Endpoint, address: String, terms: NetPacket.Terms, settings: G.Settings,
    ticks: Int?, timeout: Double, recordPath: String?
  ) throws {
    let socket = try UDPSocket(host: address, port: 0)
    spectator = NetplaySpectator<G>(host, on: socket, terms: terms, settings: settings)
    spectator.timeout = timeout
    spectator.records = recordPath != nil
    self.ticks = ticks
    self.timeout = timeout
    self.recordPath = recordPath
    let store = spectator.simulation.store
    feed = SceneFeed(G.self, store: store)
    cues = RollbackSounds(G.self, store: store)
    lastNews = monotonicSeconds()
    connection = Connection(spectator, timeout: timeout)
    if let recordPath {
      try createFolder(holding: recordPath)
      let recorder = try ReplayRecorder(
        header: ReplayHeader(game: G.self, seed: terms.seed, settings: settings),
        sink: try ReplayFileSink(path: recordPath))
      self.recorder = recorder
    }
  }

  var state: G.State { spectator.simulation.state }
  /// The game's scene without its rewind hints: a match cannot rewind.
  package var scene: Scene { feed.scene.leavingOut(.rewind) }
  package var previousScene: Scene { feed.previous.leavingOut(.rewind) }
  package var isPlaying: Bool { connected && G.isPlaying(state) }
  package var isSharedMatch: Bool { true }
  package var hasEnded: Bool {
    failure != nil || end == .finished
  }

  package func step(_ input: TickInput) {
    sounds = Sounds()
    guard connected else {
      switch connection.outcome {
      case .failure(let error)?: failure = error
      case .success?:
        connected = true
        lastNews = monotonicSeconds()
        // The recorder hears each tick from now on: the connection's thread ran none.
        if let recorder {
          spectator.onConfirmed = { input, state in try recorder.record(input, after: state) }
        }
        printError("watching started: \(spectator.host)")
      case nil: break
      }
      return
    }
    guard end == nil else { return }
    let before = spectator.simulation.tick
    do {
      try spectator.frame()
    } catch {
      failure = error
      return
    }
    let ran = spectator.simulation.tick - before
    let heard = cues.take(state: state)
    sounds = ran > Self.audibleTicks ? Sounds(loops: heard.loops) : heard
    let now = monotonicSeconds()
    if spectator.simulation.tick != lastTick || spectator.hostFrame != lastHostFrame {
      (lastTick, lastHostFrame, lastNews) = (spectator.simulation.tick, spectator.hostFrame, now)
    }
    let tick = spectator.simulation.tick
    if let desync = spectator.desyncTick {
      end = .desync(tick: desync)
    } else if let ticks, tick >= ticks, !spectator.isRecordingBehind {
      // (A recording one waits for the inputs before its snapshot, for the replay.)
      spectator.leave()
      end = .finished
    } else if spectator.hostLeft, tick >= spectator.hostFrame {
      end = .peerGone(seat: 0, tick: tick, said: true)
    } else if now - lastNews > timeout {
      end = .peerGone(seat: 0, tick: tick, said: false)
    }
  }

  package func stepBack() -> Bool { false }

  var overlay: NetplayOverlay {
    guard connected else {
      return .connecting(
        waitingFor: 1, detail: "watching \(spectator.host) - Escape quits")
    }
    let tick = spectator.simulation.tick
    if let end, let sentence = NetplayWindowSession<G>.sentence(end) {
      // The host leaves once the match is over and every spectator has it all.
      return .watched(sentence == "player 1 left" ? "the match is over" : sentence, tick: tick)
    }
    return .watching(tick: tick)
  }

  package var statusOverlay: [Shape] { overlay.shapes }

  package func finish() throws -> [String] {
    guard connected, failure == nil else {
      recorder?.discard()
      recorder = nil
      if let failure { throw failure }
      return ["nothing watched: the window closed before the host answered"]
    }
    if end == nil { spectator.leave() }
    if let recorder {
      try recorder.finish(state: spectator.recordedState)
      self.recorder = nil
    }
    var lines = [
      "\(G.id), watched: \(spectator.simulation.tick) ticks, hash "
        + ReplayFormat.hex(spectator.simulation.hash)
    ]
    if let end, let sentence = NetplayWindowSession<G>.sentence(end) {
      lines.append("the match ended: \(sentence) (tick \(spectator.simulation.tick))")
    }
    if let recordPath { lines.append("replay: \(recordPath)") }
    return lines
  }
}
