import GameCore

/// Watching a match: the host's confirmed inputs, every seat's merged, stepped in order.
///
/// A spectator asks the host to watch with the terms it expects (refused, like a joiner, on
/// any difference, or when the host has ``NetplayLink/maxSpectators`` already), then takes
/// `confirmed` packets and acknowledges what it holds, so the host resends only what is
/// missing. One who comes late (``NetplayMatch/snapshotAfter``) is first sent a snapshot of
/// the state (``NetplaySnapshot``), checked against its hash, and then the inputs since, so
/// it shows the live match at once; one that ``records`` also gets the inputs before the
/// snapshot and runs them in a second game behind the one shown, so that its replay, like
/// every peer's, holds the whole match from the seed. It compares its state with the host's
/// hash at each hashed tick, so a spectator sees a desync as a player does.
public final class NetplaySpectator<G: Game> {
  public let socket: UDPSocket
  public let host: Endpoint
  public let terms: NetPacket.Terms
  /// The match as shown: from the first tick, or from the host's snapshot.
  public let simulation: Simulation<G>
  /// Keep the whole match from the first tick for a replay (``onConfirmed``), also when
  /// starting from a snapshot. Set before ``connect(timeout:)``.
  public var records = false
  /// Called with each tick's input and the state after it, in order: from the first tick
  /// when ``records``, else from where the shown game started.
  public var onConfirmed: (TickInput, G.State) throws -> Void = { _, _ in }
  /// Seconds without a packet from the host before it is taken to have gone.
  public var timeout = 5.0
  /// The first tick whose state differs from the host's hash of it, if any.
  public private(set) var desyncTick: Int?
  /// The host's confirmed tick count, as last told.
  public private(set) var hostFrame = 0
  public private(set) var hostLeft = false
  /// The tick the shown game started from: the snapshot's, or 0.
  public private(set) var startTick = 0
  var session: UInt64?
  /// The confirmed inputs from ``startTick`` on.
  var received: [TickInput] = []
  /// Recording from a snapshot: the inputs from the first tick before it, and the game that
  /// runs them and then the ones shown, for ``onConfirmed``, until it catches up.
  var earlier: [TickInput] = []
  var behind: Simulation<G>?
  /// The snapshot's hash, which the game behind must reach at its tick.
  var startHash: UInt64 = 0
  var parts: SnapshotParts?
  var hashes: [(tick: Int, hash: UInt64)] = []
  var heard: Double
  /// Ticks to run at most.
  var limit = Int.max
  let settings: G.Settings

  /// Watches the match hosted at `host`, expecting `terms`, the game's `settings` being those
  /// the terms' settings bytes encode.
  public init(
    _ host: Endpoint, on socket: UDPSocket, terms: NetPacket.Terms, settings: G.Settings
  ) {
    (self.host, self.socket, self.terms) = (host, socket, terms)
    simulation = Simulation(seed: terms.seed, settings: settings)
    self.settings = settings
    heard = monotonicSeconds()
  }

  /// Asks to watch every 100 ms until the host's first inputs arrive; throws the host's
  /// refusal, or after `timeout` seconds of silence.
  public func connect(timeout: Double) throws(NetError) {
    let ask = NetPacket(session: 0, .watch(terms)).encoded()
    let deadline = monotonicSeconds() + timeout
    while session == nil {
      guard monotonicSeconds() < deadline else {
        throw NetError("no answer from \(host) in \(seconds(timeout))")
      }
      socket.send(ask, to: host)
      if let refusal = take(waiting: 100) { throw NetError("\(host) refused: \(refusal)") }
    }
  }

  /// Takes what arrived (waiting up to `milliseconds` for the first); returns a refusal's
  /// sentence.
  func take(waiting milliseconds: Int) -> String? {
    var wait = milliseconds
    while let (bytes, from) = socket.receive(waiting: wait) {
      wait = 0
      guard from == host, let packet = try? NetPacket.decode(bytes) else { continue }
      switch packet.body {
      case .refuse(let sentence) where session == nil:
        return sentence
      case .confirmed(let message) where session == nil || session == packet.session:
        session = packet.session
        heard = monotonicSeconds()
        take(message)
      case .snapshot(let tick, let hash, let size, let offset, let bytes)
      where session == nil || session == packet.session:
        session = packet.session
        heard = monotonicSeconds()
        guard tick > simulation.tick, startTick == 0 else { continue }
        if parts.map({ ($0.tick, $0.hash, $0.bytes.count) != (tick, hash, size) }) ?? true {
          parts = SnapshotParts(tick: tick, hash: hash, size: size)
        }
        if let snapshot = parts?.take(offset: offset, bytes) {
          do {
            try start(from: snapshot)
          } catch {
            return error.description
          }
        }
      case .bye where session == packet.session:
        hostLeft = true
      default:
        continue
      }
    }
    return nil
  }

  func take(_ message: InputMessage) {
    let held = startTick + received.count
    hostFrame = max(hostFrame, min(message.frame, held + 4 * InputMessage.maxInputs))
    if message.hashTick > 0, !hashes.contains(where: { $0.tick == message.hashTick }) {
      hashes.append((message.hashTick, message.hash))
      if hashes.count > 64 { hashes.removeFirst() }
    }
    let end = message.firstTick + message.inputs.count
    if message.firstTick <= held, end > held {
      received += message.inputs[(held - message.firstTick)...]
    } else if behind != nil, message.firstTick <= earlier.count, end > earlier.count {
      earlier += message.inputs[(earlier.count - message.firstTick)..<(min(end, startTick) - message.firstTick)]
    }
  }

  /// Whether the recording's game still runs behind the one shown (the inputs before the
  /// snapshot are still coming).
  public var isRecordingBehind: Bool { behind != nil }

  /// The state after the last tick handed to ``onConfirmed``: the one a replay ends on.
  public var recordedState: G.State { behind?.state ?? simulation.state }

  /// Shows the match from `snapshot` on: checked, then the shown game jumps there; when
  /// recording, a second game keeps the ticks before it for the replay.
  func start(from snapshot: NetplaySnapshot) throws(NetError) {
    let state = try snapshot.state(of: G.self)
    if records {
      earlier = Array(received.prefix(simulation.tick))
      behind = Simulation(state: simulation.state)
    }
    simulation.restore(state)
    (startTick, startHash, received, parts) = (snapshot.tick, snapshot.hash, [], nil)
  }

  /// One frame: packets in, every tick received run (checked against the host's hashes),
  /// the acknowledgement out.
  public func frame() throws {
    if let refusal = take(waiting: 0) { throw NetError(refusal) }
    while simulation.tick < min(startTick + received.count, limit) {
      let input = received[simulation.tick - startTick]
      simulation.step(input)
      if behind == nil { try onConfirmed(input, simulation.state) }
      check(simulation.tick, simulation.hash)
    }
    try runBehind()
    if let session {
      let before = behind == nil ? startTick : earlier.count
      socket.send(
        NetPacket(session: session, .watching(received: startTick + received.count, before: before))
          .encoded(), to: host)
    }
  }

  /// Runs the recording's game behind the one shown, over the inputs before the snapshot and
  /// then the ones shown, handing each tick on; once it has caught up, the shown game hands
  /// them on.
  func runBehind() throws {
    guard let behind else { return }
    while behind.tick < simulation.tick {
      let tick = behind.tick
      guard tick >= startTick || tick < earlier.count else { break }
      let input = tick < startTick ? earlier[tick] : received[tick - startTick]
      behind.step(input)
      try onConfirmed(input, behind.state)
      check(behind.tick, behind.hash)
      if behind.tick == startTick, behind.hash != startHash, desyncTick == nil {
        desyncTick = startTick
      }
    }
    if behind.tick == simulation.tick, behind.tick >= startTick {
      (self.behind, earlier) = (nil, [])
    }
  }

  /// Notes the first tick whose hash differs from the host's.
  func check(_ tick: Int, _ hash: UInt64) {
    if let theirs = hashes.first(where: { $0.tick == tick }), theirs.hash != hash, desyncTick == nil {
      desyncTick = tick
    }
  }

  /// Tells the host this spectator is gone (three times: one may be lost).
  public func leave() {
    guard let session else { return }
    for _ in 0..<3 { socket.send(NetPacket(session: session, .bye).encoded(), to: host) }
  }

  /// Watches until the host leaves (having sent every tick), goes silent for ``timeout``,
  /// a desync shows, `shouldStop` says so, or `ticks` have run; 64 frames a second.
  public func run(ticks: Int = .max, shouldStop: () -> Bool = { false }) throws -> MatchEnd {
    limit = ticks
    while true {
      try frame()
      if let desyncTick { return .desync(tick: desyncTick) }
      if behind == nil && (simulation.tick >= ticks || (hostLeft && simulation.tick >= hostFrame)) {
        if !hostLeft { leave() }
        return .finished
      }
      if hostLeft || monotonicSeconds() - heard > timeout {
        return .peerGone(seat: 0, tick: simulation.tick, said: hostLeft)
      }
      if shouldStop() {
        leave()
        return .stopped(tick: simulation.tick)
      }
      _ = take(waiting: 15)
    }
  }
}
