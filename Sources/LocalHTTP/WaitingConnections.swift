#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request whose head has arrived whole, waiting for a worker.
struct ArrivedRequest: Sendable {
  /// The connection, blocking from here on.
  let descriptor: Int32
  /// The request head, without the blank line that ended it.
  let head: [UInt8]
}

/// Connections accepted whose request head has not all arrived, silent ones included: the
/// poll loop reads them without blocking, so however slowly a client sends, it holds no
/// worker, and each has a deadline counted from its accept.
struct WaitingConnections {
  /// One connection and what it has sent so far.
  struct Entry {
    let descriptor: Int32
    /// When it was accepted (``monotonicSeconds()``).
    let accepted: Double
    var head: [UInt8] = []
  }

  /// What a read from a ready connection came to.
  enum Event {
    /// A whole head: the connection left the waiting list.
    case arrived(ArrivedRequest)
    /// A head over ``HTTPServer/Limits/headBytes``: answer 431 and close.
    case tooLarge(Int32)
    /// The client hung up or the read failed: close.
    case gone(Int32)
  }

  let limits: HTTPServer.Limits
  /// Oldest first.
  private(set) var entries: [Entry] = []

  /// Whether a new connection must first make room by ``removeOldest()``.
  var isFull: Bool { entries.count >= max(1, limits.waitingConnections) }

  /// Adds a connection accepted `now`; its deadlines count from here.
  mutating func add(_ descriptor: Int32, now: Double) {
    entries.append(Entry(descriptor: descriptor, accepted: now))
  }

  /// Removes the connection that has waited longest, to make room for a new one.
  mutating func removeOldest() -> Entry? {
    entries.isEmpty ? nil : entries.removeFirst()
  }

  /// Reads once from each entry `poll` found ready (`ready[i]` for `entries[i]`), oldest
  /// first; connections whose head arrived, overflowed or ended leave the list.
  mutating func read(ready: [Bool]) -> [Event] {
    var events: [Event] = []
    var buffer = [UInt8](repeating: 0, count: 2_048)
    var finished: Set<Int> = []
    for index in entries.indices where ready[index] {
      let descriptor = entries[index].descriptor
      let count = buffer.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
      guard count > 0 else {
        events.append(.gone(descriptor))
        finished.insert(index)
        continue
      }
      let searchFrom = max(0, entries[index].head.count - 3)
      entries[index].head += buffer[0..<count]
      let head = entries[index].head
      if let end = HTTPServer.endOfHead(head, from: searchFrom), end <= limits.headBytes {
        events.append(.arrived(ArrivedRequest(descriptor: descriptor, head: Array(head[..<end]))))
        finished.insert(index)
      } else if head.count > limits.headBytes {
        events.append(.tooLarge(descriptor))
        finished.insert(index)
      }
    }
    entries = entries.indices.filter { !finished.contains($0) }.map { entries[$0] }
    return events
  }

  /// When `entry` is closed: ``HTTPServer/Limits/idleSeconds`` after its accept while it is
  /// silent, ``HTTPServer/Limits/headSeconds`` after it however its bytes trickle in.
  static func deadline(of entry: Entry, limits: HTTPServer.Limits) -> Double {
    let head = entry.accepted + limits.headSeconds
    return entry.head.isEmpty ? min(head, entry.accepted + limits.idleSeconds) : head
  }

  /// Removes and returns the connections whose deadline has passed.
  mutating func removeExpired(now: Double) -> [Entry] {
    let limits = limits
    let expired = entries.filter { Self.deadline(of: $0, limits: limits) <= now }
    entries.removeAll { Self.deadline(of: $0, limits: limits) <= now }
    return expired
  }

  /// How long `poll` may wait: until the nearest deadline, or forever when none.
  func millisecondsToNextDeadline(now: Double) -> Int32 {
    guard let next = entries.map({ Self.deadline(of: $0, limits: limits) }).min() else {
      return -1
    }
    return Int32(max(0, min(60_000, ((next - now) * 1_000).rounded(.up))))
  }
}
