import GameCore

/// What a relay does to the datagrams it forwards: a network's faults, seeded, so that a test
/// that fails fails again the same way.
public struct FaultProfile: Equatable, Sendable {
  /// Milliseconds every datagram waits before it is forwarded (one way).
  public var delay = 0
  /// At most this many milliseconds more or less, drawn for each datagram.
  public var jitter = 0
  /// The chance (0...1) of each of these: the datagram never arrives, arrives twice, or is
  /// held back behind the ones after it.
  public var loss = 0.0
  public var duplicate = 0.0
  public var reorder = 0.0

  public init(delay: Int = 0, jitter: Int = 0, loss: Double = 0, duplicate: Double = 0, reorder: Double = 0) {
    (self.delay, self.jitter) = (delay, jitter)
    (self.loss, self.duplicate, self.reorder) = (loss, duplicate, reorder)
  }

  /// What is wrong with the profile, or nil.
  public var problem: String? {
    if !(0...10_000).contains(delay) { return "the delay is 0 to 10000 ms" }
    if !(0...10_000).contains(jitter) { return "the jitter is 0 to 10000 ms" }
    for (name, value) in [("loss", loss), ("duplicate", duplicate), ("reorder", reorder)]
    where !(value >= 0 && value <= 1) {
      return "--\(name) is a chance from 0 to 1"
    }
    return nil
  }
}

/// The faults' decisions, one datagram at a time: when each copy of it leaves (milliseconds
/// after it arrived), or none when it is lost.
public struct FaultModel: Sendable {
  public let profile: FaultProfile
  var random: SplitMix64
  public private(set) var forwarded = 0
  public private(set) var lost = 0
  public private(set) var duplicated = 0
  public private(set) var reordered = 0

  public init(_ profile: FaultProfile, seed: UInt64) {
    precondition(profile.problem == nil, profile.problem ?? "")
    self.profile = profile
    random = SplitMix64(seed: seed)
  }

  mutating func happens(_ chance: Double) -> Bool {
    chance > 0 && Double(random.next() >> 11) / Double(1 << 53) < chance
  }

  /// The delays, in milliseconds, of the copies of the next datagram to send: none when it
  /// is lost, two when it is duplicated; a reordered one waits behind those sent after it.
  public mutating func delays() -> [Int] {
    if happens(profile.loss) {
      lost += 1
      return []
    }
    func oneDelay() -> Int {
      let jitter = profile.jitter > 0 ? random.next(in: -profile.jitter...profile.jitter) : 0
      return max(0, profile.delay + jitter)
    }
    var first = oneDelay()
    if happens(profile.reorder) {
      reordered += 1
      first += 2 * profile.jitter + 20
    }
    forwarded += 1
    guard happens(profile.duplicate) else { return [first] }
    duplicated += 1
    return [first, oneDelay()]
  }
}

/// A user-space UDP relay between one client and one server, with a ``FaultModel`` on each
/// direction: a network of known delay, jitter, loss, duplication and reordering on one
/// machine, where the kernel has no `tc netem`.
///
/// The first address that sends to the relay's socket, other than the server, is the
/// client; what it sends goes to the server from the relay's socket, and what the server
/// sends back goes to the client. Datagrams from anyone else are dropped.
public final class UDPRelay {
  public let socket: UDPSocket
  public let server: Endpoint
  public private(set) var client: Endpoint?
  public private(set) var toServer: FaultModel
  public private(set) var toClient: FaultModel
  /// Datagrams from neither end, dropped.
  public private(set) var strangers = 0
  /// Datagrams waiting to leave: when, what, where.
  var queue: [(due: Double, bytes: [UInt8], to: Endpoint)] = []
  /// Most datagrams held at once; beyond it new ones are lost (a router's full buffer).
  public static let maxQueued = 4_096

  public init(socket: UDPSocket, server: Endpoint, profile: FaultProfile, seed: UInt64) {
    (self.socket, self.server) = (socket, server)
    toServer = FaultModel(profile, seed: seed)
    toClient = FaultModel(profile, seed: seed &+ 0x9E37_79B9_7F4A_7C15)
  }

  /// Forwards for `seconds`, or until `shouldStop` says so (checked every 10 ms).
  public func run(seconds: Double = .infinity, shouldStop: () -> Bool = { false }) {
    let end = monotonicSeconds() + seconds
    while !shouldStop(), monotonicSeconds() < end {
      let now = monotonicSeconds()
      let wait = queue.first.map { max(0, $0.due - now) } ?? 0.01
      if let (bytes, from) = socket.receive(waiting: max(1, Int(min(wait, 0.01) * 1_000))) {
        take(bytes, from: from, now: monotonicSeconds())
      }
      sendDue(now: monotonicSeconds())
    }
  }

  func take(_ bytes: [UInt8], from: Endpoint, now: Double) {
    if client == nil, from != server { client = from }
    let delays: [Int]
    let to: Endpoint
    if from == server, let client {
      (delays, to) = (toClient.delays(), client)
    } else if from == client {
      (delays, to) = (toServer.delays(), server)
    } else {
      strangers += 1
      return
    }
    for delay in delays where queue.count < Self.maxQueued {
      let due = now + Double(delay) / 1_000
      let index = queue.firstIndex { $0.due > due } ?? queue.endIndex
      queue.insert((due, bytes, to), at: index)
    }
  }

  func sendDue(now: Double) {
    var sent = 0
    while sent < queue.count, queue[sent].due <= now {
      socket.send(queue[sent].bytes, to: queue[sent].to)
      sent += 1
    }
    queue.removeFirst(sent)
  }
}
