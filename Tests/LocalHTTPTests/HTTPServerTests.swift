import Foundation
import LocalHTTP
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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
    limits.headSeconds = 0.3
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

  @Test func requestsBeyondTheQueueAreAnswered503() throws {
    var limits = HTTPServer.Limits()
    limits.requests = 2
    limits.workers = 1
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let running = try RunningServer(limits: limits) { _ in
      entered.signal()
      gate.wait()
      return .error(.notFound)
    }
    let request = Array("GET / HTTP/1.1\r\n\r\n".utf8)
    let answers = DispatchGroup()
    let first = Locked("")
    DispatchQueue.global().async(group: answers) {
      let answer = (try? running.exchange(request)) ?? ""
      first.withLock { $0 = answer }
    }
    #expect(entered.wait(timeout: .now() + 20) == .success)
    // The one worker is busy; the second request waits in the queue and fills it, so the
    // third, sent after the second arrived whole, is refused.
    let queued = try running.connect()
    _ = request.withUnsafeBytes { send(queued, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    #expect(try running.exchange(request).hasPrefix("HTTP/1.1 503 "))
    gate.signal()
    gate.signal()
    let second = running.readAll(queued)
    close(queued)
    #expect(answers.wait(timeout: .now() + 20) == .success)
    #expect(first.withLock { $0 }.hasPrefix("HTTP/1.1 404 "))
    #expect(second.hasPrefix("HTTP/1.1 404 "))
    #expect(running.stop())
  }

  @Test func stopReturnsWhileRequestsAreInFlight() throws {
    let running = try RunningServer { _ in .error(.notFound) }
    let open = try (0..<5).map { _ in try running.connect() }
    #expect(running.stop())
    for descriptor in open { close(descriptor) }
  }
}
