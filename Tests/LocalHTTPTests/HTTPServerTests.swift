import Foundation
import LocalHTTP
import Testing

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
    guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
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

@Suite struct HTTPServerTests {
  @Test func aGetIsAnsweredAndTheConnectionClosed() throws {
    let running = try RunningServer { request in
      HTTPResponse(contentType: "text/plain", body: Array("path \(request.path)\n".utf8))
    }
    let answer = try running.exchange(Array("GET /hello?x=1 HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(answer.hasSuffix("\r\n\r\npath /hello\n"))
    let head = try running.exchange(Array("HEAD /hello HTTP/1.1\r\n\r\n".utf8))
    #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.hasSuffix("\r\n\r\n"))
    #expect(running.stop())
  }

  @Test func anOversizedHeadIsRefusedWith431() throws {
    var limits = HTTPServer.Limits()
    limits.headBytes = 1_024
    let running = try RunningServer(limits: limits) { _ in .error(.notFound) }
    let huge = "GET / HTTP/1.1\r\nX-Fill: " + String(repeating: "a", count: 4_000) + "\r\n\r\n"
    #expect(try running.exchange(Array(huge.utf8)).hasPrefix("HTTP/1.1 431 "))
    #expect(running.stop())
  }

  @Test func aSilentConnectionIsDroppedAndAStalledOneTimesOut() throws {
    var limits = HTTPServer.Limits()
    limits.idleSeconds = 0.3
    limits.ioSeconds = 0.3
    let running = try RunningServer(limits: limits) { _ in .error(.notFound) }
    let silent = try running.connect()
    #expect(running.readAll(silent).isEmpty)
    close(silent)
    let stalled = try running.connect()
    _ = Array("GET / HT".utf8).withUnsafeBytes { send(stalled, $0.baseAddress, $0.count, 0) }
    #expect(running.readAll(stalled).hasPrefix("HTTP/1.1 408 "))
    close(stalled)
    #expect(running.stop())
  }

  @Test func connectionsBeyondTheLimitAreAnswered503() throws {
    var limits = HTTPServer.Limits()
    limits.connections = 3
    let running = try RunningServer(limits: limits) { _ in .error(.notFound) }
    let held = try (0..<3).map { _ in try running.connect() }
    // The server sees the three before the fourth: poll for the 503 with a deadline.
    let deadline = Date().addingTimeInterval(20)
    var answer = ""
    while Date() < deadline {
      answer = try running.exchange(Array("GET / HTTP/1.1\r\n\r\n".utf8))
      if answer.hasPrefix("HTTP/1.1 503 ") { break }
    }
    #expect(answer.hasPrefix("HTTP/1.1 503 "))
    for descriptor in held { close(descriptor) }
    #expect(running.stop())
  }

  @Test func stopReturnsWhileRequestsAreInFlight() throws {
    let running = try RunningServer { _ in .error(.notFound) }
    let open = try (0..<5).map { _ in try running.connect() }
    #expect(running.stop())
    for descriptor in open { close(descriptor) }
  }
}
