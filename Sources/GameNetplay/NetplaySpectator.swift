import GameCore

/// Watching a match: the host's confirmed inputs, every seat's merged, stepped in order.
///
/// A spectator asks the host to watch with the terms it expects (refused, like a joiner, on
/// any difference, or when the host has ``NetplayLink/maxSpectators`` already), then takes
/// `confirmed` packets and acknowledges what it holds, so the host resends only what is
/// missing. One who comes late gets every confirmed input from the first tick (four packets
/// of 100 a frame) and runs them at full speed: the snapshot it starts from is the match's
/// first state, which the seed and settings give. It compares its state with the host's hash
/// at each hashed tick, so a spectator sees a desync as a player does.
public final class NetplaySpectator<G: Game> {
  public let socket: UDPSocket
  public let host: Endpoint
  public let terms: NetPacket.Terms
  /// The match so far: every confirmed tick received, run.
  public let simulation: Simulation<G>
  /// Called with each tick's input and the state after it, in order.
  public var onConfirmed: (TickInput, G.State) throws -> Void = { _, _ in }
  /// Seconds without a packet from the host before it is taken to have gone.
  public var timeout = 5.0
  /// The first tick whose state differs from the host's hash of it, if any.
  public private(set) var desyncTick: Int?
  /// The host's confirmed tick count, as last told.
  public private(set) var hostFrame = 0
  public private(set) var hostLeft = false
  var session: UInt64?
  var received: [TickInput] = []
  var hashes: [(tick: Int, hash: UInt64)] = []
  var heard: Double
  /// Ticks to run at most.
  var limit = Int.max

  /// Watches the match hosted at `host`, expecting `terms`, the game's `settings` being those
  /// the terms' settings bytes encode.
  public init(
    _ host: Endpoint, on socket: UDPSocket, terms: NetPacket.Terms, settings: G.Settings
  ) {
    (self.host, self.socket, self.terms) = (host, socket, terms)
    simulation = Simulation(seed: terms.seed, settings: settings)
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
      case .bye where session == packet.session:
        hostLeft = true
      default:
        continue
      }
    }
    return nil
  }

  func take(_ message: InputMessage) {
    hostFrame = max(hostFrame, min(message.frame, received.count + 4 * InputMessage.maxInputs))
    if message.hashTick > 0, !hashes.contains(where: { $0.tick == message.hashTick }) {
      hashes.append((message.hashTick, message.hash))
      if hashes.count > 64 { hashes.removeFirst() }
    }
    let have = received.count
    guard message.firstTick <= have, message.firstTick + message.inputs.count > have else { return }
    received += message.inputs[(have - message.firstTick)...]
  }

  /// One frame: packets in, every tick received run (checked against the host's hashes),
  /// the acknowledgement out.
  public func frame() throws {
    _ = take(waiting: 0)
    while simulation.tick < min(received.count, limit) {
      let input = received[simulation.tick]
      simulation.step(input)
      try onConfirmed(input, simulation.state)
      if let theirs = hashes.first(where: { $0.tick == simulation.tick }),
        theirs.hash != simulation.hash, desyncTick == nil
      {
        desyncTick = simulation.tick
      }
    }
    if let session {
      socket.send(
        NetPacket(session: session, .watching(received: received.count)).encoded(), to: host)
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
      if simulation.tick >= ticks || (hostLeft && simulation.tick >= hostFrame) {
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
