import Foundation
import LocalHTTP

#if canImport(Glibc)
  import Glibc
#endif

/// A server on a free loopback port, run on its own thread, stopped when the test ends.
final class RunningServer: @unchecked Sendable {
  let server: HTTPServer
  private let finished = DispatchSemaphore(value: 0)

  init(limits: HTTPServer.Limits = .init(), handler: @escaping HTTPServer.Handler) throws {
    server = try HTTPServer(port: 0, limits: limits, handler: handler)
    let thread = Thread { [server, finished] in
      server.run()
      finished.signal()
    }
    thread.start()
  }

  /// Stops the server and waits (at most 20 s) for `run` to return.
  func stop() -> Bool {
    server.stop()
    return finished.wait(timeout: .now() + 20) == .success
  }

  /// A connected socket.
  func connect() throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = server.port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
    var time = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    return descriptor
  }

  /// Sends `bytes` and reads the whole answer (the server closes after it).
  func exchange(_ bytes: [UInt8]) throws -> String {
    let descriptor = try connect()
    defer { close(descriptor) }
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return readAll(descriptor)
  }

  /// Whether the server closes `descriptor` within `seconds` without sending anything.
  func closesWithoutAnswer(_ descriptor: Int32, within seconds: Double) -> Bool {
    var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&polled, 1, Int32(seconds * 1_000)) == 1 else { return false }
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
  }

  func readAll(_ descriptor: Int32) -> String {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      out += buffer[0..<count]
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// Seconds on a clock that never jumps.
func secondsNow() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; returns whether it held.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
  let deadline = secondsNow() + seconds
  while !condition() {
    guard secondsNow() < deadline else { return false }
    usleep(10_000)
  }
  return true
}

/// A value shared between a test and the threads it starts.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&value) }
  }
}
