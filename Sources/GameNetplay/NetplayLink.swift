import GameCore

/// Packets a link counted, per match.
public struct LinkCounters: Equatable, Sendable {
  /// Packets sent, to every peer and spectator, and their bytes (UDP payload).
  public var sent = 0
  public var bytesSent = 0
  /// Packets of this match received from its peers (duplicates included).
  public var received = 0
  /// Packets the peers sent that never arrived: gaps in their sequence numbers.
  public var lost: Int { zip(highest, distinct).reduce(0) { $0 + max(0, $1.0 + 1 - $1.1) } }
  /// Packets that arrived more than once.
  public var duplicated = 0
  /// Datagrams dropped unread: not ours, malformed, another match's, or from a stranger.
  public var dropped = 0

  /// Per seat: the highest sequence number received (-1: none), and how many different ones.
  var highest: [Int]
  var distinct: [Int]
  /// Per seat: which of the 64 sequence numbers up to `highest` arrived (bit 0 is `highest`).
  var recent: [UInt64]

  init(seats: Int) {
    highest = Array(repeating: -1, count: seats)
    distinct = Array(repeating: 0, count: seats)
    recent = Array(repeating: 0, count: seats)
  }

  /// Counts every sequence number from `seat` up to `sequence` as arrived.
  mutating func counted(through sequence: UInt32, from seat: Int) {
    highest[seat] = Int(sequence)
    distinct[seat] = Int(sequence) + 1
    recent[seat] = .max
  }

  /// Counts sequence number `sequence` from `seat`; false for a duplicate (or one too old to
  /// tell, which is treated as one).
  mutating func arrived(_ sequence: UInt32, from seat: Int) -> Bool {
    received += 1
    let number = Int(sequence)
    if number > highest[seat] {
      let shift = number - highest[seat]
      recent[seat] = shift >= 64 ? 1 : recent[seat] << UInt64(shift) | 1
      highest[seat] = number
    } else {
      let back = highest[seat] - number
      guard back < 64, recent[seat] & (1 << UInt64(back)) == 0 else {
        duplicated += 1
        return false
      }
      recent[seat] |= 1 << UInt64(back)
    }
    distinct[seat] += 1
    return true
  }
}

/// A match's connection over UDP: the socket, the random session id, this peer's seat and
/// every seat's address, made by a handshake in which every peer agrees the match's
/// ``NetPacket/Terms`` (game, rules version, settings, seed, seats and options).
///
/// The host (seat 0) listens; each joiner sends `hello` with the terms it expects until the
/// host answers. The host refuses any difference with one sentence, which both sides show;
/// otherwise it gives the joiner the next seat and, once every seat is taken, sends every
/// joiner `start` with every seat's address, and the match begins. Every packet after the
/// hello carries the session id: a datagram of any other id, or from an address that holds
/// no seat, is dropped unread and counted.
public final class NetplayLink {
  public let socket: UDPSocket
  public let session: UInt64
  /// This peer's seat: 0 for the host.
  public let seat: Int
  public let terms: NetPacket.Terms
  /// Every seat's address; this peer's own is its socket's.
  public internal(set) var peers: [Endpoint]
  public private(set) var counters: LinkCounters
  var nextSequence: [UInt32]
  /// Addresses that asked to join, with the right terms, once the match had begun: a player
  /// coming back (the host gives them a silent seat: ``NetplayMatch``).
  public private(set) var comingBack: [Endpoint] = []
  /// Seats given to a player coming back who is still being sent the match so far; their
  /// hello is answered with a welcome only, the start waiting until they have it all.
  public var catchingUp: Set<Int> = []
  /// Seats the host's `start` gave a new address mid-match (a player came back), not yet
  /// taken by the match.
  public internal(set) var changedSeats: [Int] = []
  /// For a joiner coming back: every seat's confirmed inputs, merged, from the first tick to
  /// where the host had them, sent before the start.
  public internal(set) var matchSoFar: [TickInput] = []

  /// The host's spectators (at most ``maxSpectators``), in the order they came.
  public private(set) var spectators: [Spectator] = []

  /// Someone watching the match: they get the confirmed inputs only, or, coming late, a
  /// snapshot of the state and the confirmed inputs since.
  public struct Spectator: Equatable, Sendable {
    public var endpoint: Endpoint
    /// They hold every confirmed input before this tick (from the snapshot's on, if any).
    public var received = 0
    /// They hold every confirmed input from the first tick before this one, or want none
    /// before it: the inputs a recording spectator's replay needs before the snapshot.
    public var before = 0
    /// The snapshot they start from, once taken (``NetplayMatch/snapshotAfter``).
    public var snapshot: NetplaySnapshot?
    /// The next part of the snapshot to send.
    var part = 0
    /// When they were last heard from (``monotonicSeconds()``).
    public var heard: Double
    var nextSequence: UInt32 = 0
  }

  /// Most datagrams one ``receive(waiting:)`` reads.
  public static let maxReadsPerCall = 256

  /// Most spectators a host serves; more are refused.
  public static let maxSpectators = 16

  init(socket: UDPSocket, session: UInt64, seat: Int, terms: NetPacket.Terms, peers: [Endpoint]) {
    (self.socket, self.session, self.seat, self.terms) = (socket, session, seat, terms)
    self.peers = peers
    counters = LinkCounters(seats: terms.seats)
    nextSequence = Array(repeating: 0, count: terms.seats)
  }

  /// The other seats.
  public var otherSeats: [Int] { (0..<terms.seats).filter { $0 != seat } }

  /// Sends `body` to seat `to`.
  public func send(_ body: NetPacket.Body, to seat: Int) {
    let packet = NetPacket(session: session, sequence: nextSequence[seat], body)
    nextSequence[seat] &+= 1
    let bytes = packet.encoded()
    counters.sent += 1
    counters.bytesSent += bytes.count
    socket.send(bytes, to: peers[seat])
  }

  /// Sends `body` to spectator `index`.
  public func send(_ body: NetPacket.Body, toSpectator index: Int) {
    let packet = NetPacket(session: session, sequence: spectators[index].nextSequence, body)
    spectators[index].nextSequence &+= 1
    let bytes = packet.encoded()
    counters.sent += 1
    counters.bytesSent += bytes.count
    socket.send(bytes, to: spectators[index].endpoint)
  }

  /// The next packet of this match from a peer, waiting up to `milliseconds`; nil when none
  /// came. Strangers' datagrams, other matches', malformed ones and duplicates are dropped
  /// and counted; a late joiner's repeated hello is answered with `start` again. The host
  /// takes spectators here (``Spectator``): their requests and acknowledgements are
  /// handled, not returned.
  /// At most ``maxReadsPerCall`` datagrams are read a call, so a flood cannot hold a frame
  /// up: what is not read waits in the socket's buffer, where the system drops the excess.
  public func receive(waiting milliseconds: Int = 0) -> (seat: Int, body: NetPacket.Body)? {
    var wait = milliseconds
    var reads = 0
    while reads < Self.maxReadsPerCall, let (bytes, from) = socket.receive(waiting: wait) {
      wait = 0
      reads += 1
      guard let packet = try? NetPacket.decode(bytes) else {
        counters.dropped += 1
        continue
      }
      guard let sender = peers.indices.first(where: { $0 != seat && peers[$0] == from }) else {
        if seat != 0 || !(spectate(packet, from: from) || comeBack(packet, from: from)) {
          counters.dropped += 1
        }
        continue
      }
      if case .start(let list) = packet.body, sender == 0, list.count == peers.count,
        packet.session == session
      {
        // A seat changed hands (a player came back from another address): its packets are
        // counted from the start again, and the match learns which (``changedSeats``).
        for index in peers.indices where index != 0 && index != seat && peers[index] != list[index] {
          peers[index] = list[index]
          restartCounters(of: index)
          changedSeats.append(index)
        }
        continue
      }
      if case .hello = packet.body {
        // A joiner that missed its welcome or the start asks again.
        if seat == 0 {
          send(.welcome(seat: sender, terms), to: sender)
          if !catchingUp.contains(sender) { send(.start(startList), to: sender) }
        }
        continue
      }
      guard packet.session == session else {
        counters.dropped += 1
        continue
      }
      guard counters.arrived(packet.sequence, from: sender) else { continue }
      return (sender, packet.body)
    }
    return nil
  }

  /// A spectator's request or acknowledgement, taken; false for anything else.
  func spectate(_ packet: NetPacket, from: Endpoint) -> Bool {
    let index = spectators.firstIndex { $0.endpoint == from }
    switch packet.body {
    case .watch(let theirs) where index == nil:
      if let difference = terms.difference(from: theirs) {
        socket.send(NetPacket(session: session, .refuse(difference)).encoded(), to: from)
      } else if spectators.count >= Self.maxSpectators {
        let refusal = "the match has \(Self.maxSpectators) spectators already"
        socket.send(NetPacket(session: session, .refuse(refusal)).encoded(), to: from)
      } else {
        spectators.append(Spectator(endpoint: from, heard: monotonicSeconds()))
      }
      return true
    case .watch where index != nil:
      return true  // asked again before the first inputs arrived: they are on their way
    case .bye where index != nil && packet.session == session:
      spectators.remove(at: index!)
      return true
    case .watching(let received, let before) where index != nil && packet.session == session:
      spectators[index!].received = max(spectators[index!].received, received)
      spectators[index!].before = max(spectators[index!].before, before)
      spectators[index!].heard = monotonicSeconds()
      return true
    default:
      return false
    }
  }

  /// A hello, with the right terms, from an address that holds no seat once the match has
  /// begun: noted for the match to give a silent seat; false for anything else.
  func comeBack(_ packet: NetPacket, from: Endpoint) -> Bool {
    guard case .hello(let theirs) = packet.body else { return false }
    if let difference = terms.difference(from: theirs) {
      socket.send(NetPacket(session: session, .refuse(difference)).encoded(), to: from)
    } else if !comingBack.contains(from), comingBack.count < Seats.maxCount {
      comingBack.append(from)
    }
    return true
  }

  /// Gives seat `seat` to `endpoint`, a player coming back: its counters start again, it is
  /// welcomed, and the match so far is sent before the start (``catchingUp``).
  public func rebind(seat: Int, to endpoint: Endpoint) {
    comingBack.removeAll { $0 == endpoint }
    peers[seat] = endpoint
    restartCounters(of: seat)
    nextSequence[seat] = 0
    catchingUp.insert(seat)
    send(.welcome(seat: seat, terms), to: seat)
  }

  /// Counts `seat`'s packets from sequence 0 again: a player coming back starts there.
  func restartCounters(of seat: Int) {
    counters.highest[seat] = -1
    counters.distinct[seat] = 0
    counters.recent[seat] = 0
  }

  /// Tells every seat the addresses, after ``rebind(seat:to:)``: the seat coming back starts,
  /// the others learn where it is now.
  public func sendStart() {
    for other in otherSeats { send(.start(startList), to: other) }
  }

  /// Stops serving spectator `index` (gone silent).
  public func drop(spectator index: Int) { spectators.remove(at: index) }

  /// Starts spectator `index` from `snapshot`; their next part is its first.
  public func give(_ snapshot: NetplaySnapshot, toSpectator index: Int) {
    spectators[index].snapshot = snapshot
    spectators[index].part = 0
  }

  /// Sends spectator `index` the next `count` parts of their snapshot, round and round until
  /// they say they hold it.
  func sendSnapshot(toSpectator index: Int, parts count: Int) {
    guard let snapshot = spectators[index].snapshot else { return }
    let parts = max(1, (snapshot.bytes.count + NetPacket.snapshotPart - 1) / NetPacket.snapshotPart)
    for _ in 0..<min(count, parts) {
      let part = spectators[index].part % parts
      spectators[index].part = part + 1
      let offset = part * NetPacket.snapshotPart
      let end = min(snapshot.bytes.count, offset + NetPacket.snapshotPart)
      send(
        .snapshot(
          tick: snapshot.tick, hash: snapshot.hash, size: snapshot.bytes.count, offset: offset,
          bytes: Array(snapshot.bytes[offset..<end])),
        toSpectator: index)
    }
  }

  /// What the host sends in `start`: every seat's address, its own as 0.0.0.0:0.
  var startList: [Endpoint] {
    [Endpoint(address: 0, port: 0)] + peers.dropFirst()
  }
}

extension NetplayLink {
  /// Hosts a match of `terms.seats` seats on `socket`: waits up to `timeout` seconds for
  /// the other seats to join, calling `status` with each change ("waiting for player 2").
  /// Throws, after telling the joiner, when a joiner's terms differ (the sentence names
  /// what), or when the time runs out.
  public static func host(
    on socket: UDPSocket, terms: NetPacket.Terms, timeout: Double,
    status: (String) -> Void = { _ in }
  ) throws(NetError) -> NetplayLink {
    var random = SystemRandomNumberGenerator()
    let session = random.next() | 1
    var peers = [Endpoint.loopback(socket.port)]
    let deadline = monotonicSeconds() + timeout
    status("waiting for player 2 on port \(socket.port)")
    while peers.count < terms.seats {
      let left = deadline - monotonicSeconds()
      guard left > 0 else {
        throw NetError(
          "no player \(peers.count + 1) joined in \(seconds(timeout)) (port \(socket.port))")
      }
      guard let (bytes, from) = socket.receive(waiting: Int(left * 1_000) + 1),
        let packet = try? NetPacket.decode(bytes), case .hello(let theirs) = packet.body
      else { continue }
      if let difference = terms.difference(from: theirs) {
        let refusal = NetPacket(session: session, .refuse(difference)).encoded()
        for _ in 0..<3 { socket.send(refusal, to: from) }
        throw NetError("refused \(from): \(difference)")
      }
      let seat = peers.firstIndex(of: from) ?? peers.count
      if seat == peers.count {
        peers.append(from)
        if peers.count < terms.seats { status("waiting for player \(peers.count + 1)") }
      }
      socket.send(NetPacket(session: session, .welcome(seat: seat, terms)).encoded(), to: from)
    }
    let link = NetplayLink(
      socket: socket, session: session, seat: 0, terms: terms, peers: peers)
    for seat in link.otherSeats { link.send(.start(link.startList), to: seat) }
    return link
  }

  /// Joins the match hosted at `host`, expecting `terms`: says hello every 100 ms until the
  /// host starts the match or refuses, for up to `timeout` seconds.
  public static func join(
    _ host: Endpoint, on socket: UDPSocket, terms: NetPacket.Terms, timeout: Double,
    status: (String) -> Void = { _ in }
  ) throws(NetError) -> NetplayLink {
    let hello = NetPacket(session: 0, .hello(terms)).encoded()
    let deadline = monotonicSeconds() + timeout
    var nextHello = 0.0
    var welcomed: (session: UInt64, seat: Int)?
    var matchSoFar: [TickInput] = []
    var acknowledgements: UInt32 = 0
    status("joining \(host)")
    while true {
      let now = monotonicSeconds()
      guard now < deadline else {
        throw NetError(
          welcomed == nil
            ? "no answer from \(host) in \(seconds(timeout))"
            : "\(host) did not start the match in \(seconds(timeout))")
      }
      if now >= nextHello {
        socket.send(hello, to: host)
        nextHello = now + 0.1
      }
      guard let (bytes, from) = socket.receive(waiting: Int((nextHello - now) * 1_000) + 1),
        from == host, let packet = try? NetPacket.decode(bytes)
      else { continue }
      switch packet.body {
      case .refuse(let sentence):
        throw NetError("\(host) refused: \(sentence)")
      case .welcome(let seat, _) where (1..<terms.seats).contains(seat):
        if welcomed == nil { status("seat \(seat + 1) of \(terms.seats): waiting for the others") }
        welcomed = (packet.session, seat)
      case .start(let list) where list.count == terms.seats:
        guard let welcomed, welcomed.session == packet.session else { continue }
        let peers = list.enumerated().map { index, peer in
          index == 0 ? host : index == welcomed.seat ? Endpoint.loopback(socket.port) : peer
        }
        let link = NetplayLink(
          socket: socket, session: packet.session, seat: welcomed.seat, terms: terms,
          peers: peers)
        link.matchSoFar = matchSoFar
        link.nextSequence[0] = acknowledgements
        // What the host sent before the start (welcome, the match so far) counts as arrived.
        link.counters.counted(through: packet.sequence, from: 0)
        return link
      case .confirmed(let message):
        // Coming back to a match under way: the match so far, before the start.
        guard let welcomed, welcomed.session == packet.session else { continue }
        let have = matchSoFar.count
        if message.firstTick <= have, message.firstTick + message.inputs.count > have {
          matchSoFar += message.inputs[(have - message.firstTick)...]
        }
        let ack = NetPacket(
          session: welcomed.session, sequence: acknowledgements,
          .watching(received: matchSoFar.count, before: 0))
        acknowledgements += 1
        socket.send(ack.encoded(), to: host)
      default:
        continue
      }
    }
  }
}

/// `10 s`, `0.5 s`: a time in a sentence.
func seconds(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e9
    ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
}
