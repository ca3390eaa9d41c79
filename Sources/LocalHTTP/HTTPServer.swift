import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server for a local developer tool: GET and HEAD only, one request per
/// connection, every limit explicit.
///
/// One thread polls the listening socket and every connection whose request head has not
/// all arrived, reading those heads without blocking; a connection goes to one of a fixed
/// number of worker threads only once its whole head is in, so neither the idle sockets a
/// browser opens in advance nor clients that trickle their head a line at a time cost a
/// worker. What a client can make the server hold is bounded: at most
/// ``Limits/waitingConnections`` connections still sending their head (a new one closes the
/// one that has waited longest, so they can never keep a whole request out), at most
/// ``Limits/requests`` whole requests queued or served (503 beyond), a request head of at
/// most ``Limits/headBytes`` (431 beyond), ``Limits/idleSeconds`` to start sending and
/// ``Limits/headSeconds`` from the accept to the end of the head, however the bytes trickle
/// in (408 after), and no request body at all.
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
    /// Connections whose request head has not all arrived, silent ones included. A new
    /// connection beyond it closes the one that has waited longest (with 503 if it had sent
    /// part of a head, with nothing if it was silent), so slow or idle connections can never
    /// keep out a request that arrives whole. Each costs a descriptor and at most
    /// ``headBytes`` plus 2 KiB of memory, and no thread.
    public var waitingConnections = 128
    /// Requests whose whole head has arrived, queued for a worker or being served; more are
    /// answered 503.
    public var requests = 32
    /// Worker threads: requests handled at once.
    public var workers = 4
    /// Seconds a new connection may stay silent before it is closed.
    public var idleSeconds = 5.0
    /// Seconds from a connection's accept to the end of its request head, however its bytes
    /// trickle in (one total, not per read); 408 after.
    public var headSeconds = 10.0
    /// Seconds for each write of the answer.
    public var writeSeconds = 10.0

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
  let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  let queue = WorkQueue()

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
        while let request = queue.take() {
          serve(request)
          queue.done()
        }
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    var waiting = WaitingConnections(limits: limits)
    while true {
      var polled = [
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      ]
      polled += waiting.entries.map {
        pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0)
      }
      let timeout = waiting.millisecondsToNextDeadline(now: monotonicSeconds())
      let ready = poll(&polled, nfds_t(polled.count), timeout)
      if ready < 0 && errno != EINTR { break }
      if polled[0].revents != 0 { break }
      // Heads are read before new connections are taken, so a new one that makes room
      // never closes a connection whose head had already arrived.
      for event in waiting.read(ready: polled.dropFirst(2).map { $0.revents != 0 }) {
        handle(event)
      }
      for entry in waiting.removeExpired(now: monotonicSeconds()) {
        if !entry.head.isEmpty { reply(entry.descriptor, .error(.requestTimeout)) }
        close(entry.descriptor)
      }
      if polled[1].revents != 0 { acceptAll(into: &waiting) }
    }
    for descriptor in waiting.entries.map(\.descriptor) { close(descriptor) }
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
