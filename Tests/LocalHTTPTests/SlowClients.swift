import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Connections that send a request head one header line at a time and never finish it, as a
/// slow-loris attack does; a thread keeps them sending and notes when the server closes each.
final class SlowClients: @unchecked Sendable {
  private struct Client {
    let descriptor: Int32
    /// When the client started to connect.
    let opened: Double
    var nextLine: Double
    /// Seconds from `opened` to the moment the server was seen closing or answering it.
    var closedAfter: Double?
  }

  private let lock = NSLock()
  private var clients: [Client] = []
  private var stopping = false
  private let finished = DispatchSemaphore(value: 0)

  /// Opens `count` connections to `running`, each sending a request line at once and then a
  /// header line every `interval` seconds.
  init(count: Int, to running: RunningServer, every interval: Double) throws {
    for _ in 0..<count {
      let opened = secondsNow()
      let descriptor = try running.connect()
      send(Array("GET / HTTP/1.1\r\n".utf8), to: descriptor)
      clients.append(Client(descriptor: descriptor, opened: opened, nextLine: opened + interval))
    }
    Thread { [self] in
      while !isStopping {
        tick(interval: interval)
        usleep(20_000)
      }
      finished.signal()
    }.start()
  }

  /// How many the server has closed (or answered, which closes too).
  var closedCount: Int { lock.withLock { clients.count { $0.closedAfter != nil } } }

  /// For each client, the seconds from its connect to its close, nil while open.
  var closedAfter: [Double?] { lock.withLock { clients.map(\.closedAfter) } }

  /// Stops sending and closes every connection.
  func stop() {
    lock.withLock { stopping = true }
    finished.wait()
    for client in clients { close(client.descriptor) }
  }

  private var isStopping: Bool { lock.withLock { stopping } }

  private func tick(interval: Double) {
    lock.withLock {
      for index in clients.indices where clients[index].closedAfter == nil {
        let now = secondsNow()
        if isClosed(clients[index].descriptor) {
          clients[index].closedAfter = now - clients[index].opened
        } else if now >= clients[index].nextLine {
          send(Array("X-Slow: \(index)\r\n".utf8), to: clients[index].descriptor)
          clients[index].nextLine = now + interval
        }
      }
    }
  }

  /// Whether the server closed the connection or sent something (an answer, then a close).
  private func isClosed(_ descriptor: Int32) -> Bool {
    var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&polled, 1, 0) == 1 else { return false }
    var byte: UInt8 = 0
    let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    return count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
  }

  private func send(_ bytes: [UInt8], to descriptor: Int32) {
    _ = bytes.withUnsafeBytes {
      Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
  }
}
