import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server for a local developer tool: GET and HEAD only, one request per
/// connection, every limit explicit.
///
/// One thread polls the listening socket and the connections that have not yet sent
/// anything; a connection is handed to one of a fixed number of worker threads only once its
/// request starts to arrive, so idle sockets a browser opens in advance cost no worker. What
/// a client can make the server hold is bounded: at most ``Limits/connections`` connections
/// (more are answered 503 and closed), a request head of at most ``Limits/headBytes``
/// (431 beyond), ``Limits/idleSeconds`` to start sending and ``Limits/ioSeconds`` to finish
/// (408 after), and no request body at all.
///
/// ```swift
/// let server = try HTTPServer(port: 0) { request in
///   .init(contentType: "text/plain", body: Array("hello\n".utf8))
/// }
/// print(server.port)
/// server.run()  // until server.stop()
/// ```
public final class HTTPServer: @unchecked Sendable {
  /// The server's limits.
  public struct Limits: Sendable {
    /// Bytes of a request head (request line and headers).
    public var headBytes = 8_192
    /// Connections open at once: waiting to send, queued and being served.
    public var connections = 32
    /// Worker threads: requests handled at once.
    public var workers = 4
    /// Seconds a new connection may stay silent.
    public var idleSeconds = 5.0
    /// Seconds to receive a whole request head, and for each write of the answer.
    public var ioSeconds = 10.0

    /// The defaults.
    public init() {}
  }

  /// Why the server could not start: one line.
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Answers one request; called on worker threads, several at once.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// The port listened on (the one the system chose when asked for 0).
  public let port: UInt16
  /// The address listened on.
  public let host: String
  let limits: Limits
  let handler: Handler
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let queue = WorkQueue()

  /// Listens on `host` (an IPv4 address; loopback by default) and `port` (0: any free one).
  public init(
    host: String = "127.0.0.1", port: UInt16 = 0, limits: Limits = Limits(),
    handler: @escaping Handler
  ) throws(StartError) {
    self.host = host
    self.limits = limits
    self.handler = handler
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw StartError(description: "'\(host)' is not an IPv4 address")
    }
    let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let descriptor = socket(AF_INET, socketType, 0)
    guard descriptor >= 0 else { throw StartError(description: Self.failure("socket")) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      let reason = Self.failure("listen on \(host):\(port)")
      close(descriptor)
      throw StartError(description: reason)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        _ = getsockname(descriptor, $0, &length)
      }
    }
    self.port = UInt16(bigEndian: address.sin_port)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      close(descriptor)
      throw StartError(description: Self.failure("pipe"))
    }
    for end in ends + [descriptor] {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    listener = descriptor
    wakeRead = ends[0]
    wakeWrite = ends[1]
  }

  deinit {
    close(listener)
    close(wakeRead)
    close(wakeWrite)
  }

  /// Serves until ``stop()``; returns once every worker has finished its request.
  public func run() {
    for _ in 0..<limits.workers {
      queue.workerStarted()
      let thread = Thread { [self] in
        while let connection = queue.take() {
          serve(connection)
          queue.done()
        }
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    var waiting = PendingConnections()
    while true {
      var polled = [
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      ]
      polled += waiting.items.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      let timeout = waiting.millisecondsToNextDeadline(now: monotonicSeconds())
      let ready = poll(&polled, nfds_t(polled.count), timeout)
      if ready < 0 && errno != EINTR { break }
      if polled[0].revents != 0 { break }
      // Waiting connections that started sending (or hung up) go to the workers.
      for (index, entry) in polled.dropFirst(2).enumerated().reversed() where entry.revents != 0 {
        queue.push(waiting.remove(at: index))
      }
      for descriptor in waiting.removeExpired(now: monotonicSeconds()) { close(descriptor) }
      if polled[1].revents != 0 { acceptAll(into: &waiting) }
    }
    for descriptor in waiting.items.map(\.descriptor) { close(descriptor) }
    for descriptor in queue.stopAndWait() { close(descriptor) }
  }

  /// Makes ``run()`` return. Thread-safe and async-signal-safe (one `write` to a pipe).
  public func stop() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Makes SIGINT and SIGTERM stop this server (``run()`` returns) instead of killing the
  /// process. SIGINT is caught even when the shell started the process with it ignored (a
  /// background job of a script), and both are unblocked in case the parent spawned the
  /// process with them blocked. Call it on the thread that will call ``run()``.
  public func stopOnSignals() {
    signalWakeDescriptor = wakeWrite
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    sigaddset(&unblock, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    for number in [SIGINT, SIGTERM] {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in
          var byte: UInt8 = 1
          _ = write(signalWakeDescriptor, &byte, 1)
        }
      #else
        action.__sigaction_u.__sa_handler = { _ in
          var byte: UInt8 = 1
          _ = write(signalWakeDescriptor, &byte, 1)
        }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
  }

  private func acceptAll(into waiting: inout PendingConnections) {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
      if waiting.items.count + queue.load >= limits.connections {
        setTimeouts(connection, seconds: 1)
        reply(connection, HTTPResponse.error(.serviceUnavailable, "too many connections"))
        close(connection)
        continue
      }
      waiting.add(connection, deadline: monotonicSeconds() + limits.idleSeconds)
    }
  }

  static func failure(_ operation: String) -> String {
    "cannot \(operation): \(String(cString: strerror(errno)).lowercased())"
  }
}

/// The pipe a signal handler writes to (a handler can reach only globals).
nonisolated(unsafe) private var signalWakeDescriptor: Int32 = -1

/// Seconds on a clock that never jumps.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
