#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HTTPServer {
  /// Takes the connections the listener has ready into `waiting`, making room when full.
  ///
  /// At most a quarter of the waiting slots are filled a call, so a flood of new connections
  /// cannot push out one accepted in the same call before the poll loop has read its head.
  func acceptAll(into waiting: inout WaitingConnections) {
    for _ in 0..<max(1, limits.waitingConnections / 4) {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
      if waiting.isFull, let oldest = waiting.removeOldest() {
        if !oldest.head.isEmpty {
          reply(oldest.descriptor, .error(.serviceUnavailable, "too many connections"))
        }
        close(oldest.descriptor)
      }
      waiting.add(connection, now: monotonicSeconds())
    }
  }

  /// Queues a request that arrived whole, or answers what cannot be served.
  func handle(_ event: WaitingConnections.Event) {
    switch event {
    case .arrived(let request):
      if queue.load < limits.requests {
        queue.push(request)
        return
      }
      reply(request.descriptor, .error(.serviceUnavailable, "too many requests"))
      close(request.descriptor)
    case .tooLarge(let descriptor):
      reply(descriptor, .error(.headersTooLarge))
      close(descriptor)
    case .gone(let descriptor):
      close(descriptor)
    }
  }

  /// Answers a request whose head arrived whole and closes its connection.
  func serve(_ request: ArrivedRequest) {
    let connection = request.descriptor
    defer { close(connection) }
    _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
    setWriteTimeout(connection, seconds: limits.writeSeconds)
    answer(connection, head: request.head[...])
  }

  private func answer(_ connection: Int32, head: ArraySlice<UInt8>) {
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

  /// Writes the whole response, giving up on an error or a timeout. On a connection the poll
  /// loop still holds (non-blocking), what does not fit the socket's buffer at once is
  /// dropped: the loop never waits for a client.
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

  func setWriteTimeout(_ connection: Int32, seconds: Double) {
    var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
  }
}
