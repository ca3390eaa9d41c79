#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HTTPServer {
  /// Reads one request head from `connection`, answers it and closes the connection.
  func serve(_ connection: Int32) {
    defer { close(connection) }
    setTimeouts(connection, seconds: limits.ioSeconds)
    let deadline = monotonicSeconds() + limits.ioSeconds
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 2_048)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        reply(connection, .error(.requestTimeout))
        return
      }
      guard count > 0 else { return }
      let searchFrom = max(0, head.count - 3)
      head += buffer[0..<count]
      if let end = Self.endOfHead(head, from: searchFrom) {
        answer(connection, head: head[0..<end])
        return
      }
      if head.count > limits.headBytes {
        reply(connection, .error(.headersTooLarge))
        return
      }
      if monotonicSeconds() > deadline {
        reply(connection, .error(.requestTimeout))
        return
      }
    }
  }

  private func answer(_ connection: Int32, head: ArraySlice<UInt8>) {
    guard head.count <= limits.headBytes else {
      reply(connection, .error(.headersTooLarge))
      return
    }
    switch HTTPRequest.parse(head: head) {
    case .failure(let status):
      reply(connection, .error(status))
    case .success(let request):
      reply(connection, handler(request), headOnly: request.method == "HEAD")
    }
  }

  /// The index of the `\r\n\r\n` that ends a request head, searching from `start`.
  static func endOfHead(_ bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in start...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index
    }
    return nil
  }

  /// Writes the whole response, giving up on an error or a timeout.
  func reply(_ connection: Int32, _ response: HTTPResponse, headOnly: Bool = false) {
    let bytes = response.serialized(headOnly: headOnly)
    var done = 0
    bytes.withUnsafeBytes { raw in
      while done < raw.count {
        let count = send(
          connection, raw.baseAddress! + done, raw.count - done, Int32(MSG_NOSIGNAL))
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        done += count
      }
    }
  }

  func setTimeouts(_ connection: Int32, seconds: Double) {
    var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &time, size)
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &time, size)
  }
}

/// Connections accepted but silent so far, each with the moment it will be dropped.
struct PendingConnections {
  private(set) var items: [(descriptor: Int32, deadline: Double)] = []

  mutating func add(_ descriptor: Int32, deadline: Double) {
    items.append((descriptor, deadline))
  }

  mutating func remove(at index: Int) -> Int32 {
    items.remove(at: index).descriptor
  }

  /// Removes and returns the connections whose deadline has passed.
  mutating func removeExpired(now: Double) -> [Int32] {
    let expired = items.filter { $0.deadline <= now }.map(\.descriptor)
    items.removeAll { $0.deadline <= now }
    return expired
  }

  /// How long `poll` may wait: until the nearest deadline, or forever when none.
  func millisecondsToNextDeadline(now: Double) -> Int32 {
    guard let next = items.map(\.deadline).min() else { return -1 }
    return Int32(max(0, min(60_000, ((next - now) * 1_000).rounded(.up))))
  }
}
