import Foundation
import LocalHTTP
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Connections whose request head has not all arrived: slow clients, idle sockets.
@Suite struct WaitingConnectionsTests {
  let get = Array("GET /page HTTP/1.1\r\nHost: a\r\n\r\n".utf8)

  static func page(_ request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(contentType: "text/plain", body: Array("page\n".utf8))
  }

  /// The status code of an answer, or 0 for none.
  static func status(_ answer: String) -> Int {
    guard answer.hasPrefix("HTTP/1.1 ") else { return 0 }
    return Int(answer.dropFirst(9).prefix(3)) ?? 0
  }

  /// The defaults, with a head deadline long past the test, so slow clients stay open.
  static var patient: HTTPServer.Limits {
    var limits = HTTPServer.Limits()
    limits.headSeconds = 120
    return limits
  }

  @Test func aWholeRequestIsAnsweredWithinASecondWhileSixtySlowClientsAreOpen() throws {
    let running = try RunningServer(limits: Self.patient, handler: Self.page)
    let slow = try SlowClients(count: 60, to: running, every: 2)
    defer { slow.stop() }
    for _ in 0..<20 {
      let started = secondsNow()
      let answer = try running.exchange(get)
      let took = secondsNow() - started
      #expect(Self.status(answer) == 200, "answered \(answer.prefix(40))")
      #expect(took < 1, "answered after \(took) s")
    }
    // The slow clients were there all along: none was closed or answered.
    #expect(slow.closedCount == 0)
    #expect(running.stop())
  }

  @Test func aBurstOfRequestsSixAtATimeIsAllAnsweredWhileSixtyStalledClientsAreOpen() throws {
    let running = try RunningServer(limits: Self.patient, handler: Self.page)
    // Each sends its request line and then nothing more.
    let slow = try SlowClients(count: 60, to: running, every: .infinity)
    defer { slow.stop() }
    let statuses = Locked([Int: Int]())
    let sent = Locked(0)
    let done = DispatchGroup()
    // Six connections at a time, as a browser opens them, 200 requests in all.
    for _ in 0..<6 {
      done.enter()
      Thread { [get] in
        while sent.withLock({ count in
          count += 1
          return count <= 200
        }) {
          let status = (try? running.exchange(get)).map(Self.status) ?? 0
          statuses.withLock { $0[status, default: 0] += 1 }
        }
        done.leave()
      }.start()
    }
    #expect(done.wait(timeout: .now() + 120) == .success)
    #expect(statuses.withLock { $0 } == [200: 200])
    #expect(slow.closedCount == 0)
    #expect(running.stop())
  }

  @Test func slowClientsAreClosedAtTheHeadDeadlineThoughTheyKeepSending() throws {
    var limits = HTTPServer.Limits()
    limits.headSeconds = 1
    let running = try RunningServer(limits: limits, handler: Self.page)
    // More slow clients than workers, each sending a line every 0.1 s: the deadline counts
    // from the connection's accept, whatever arrives and whoever is busy.
    let slow = try SlowClients(count: 24, to: running, every: 0.1)
    defer { slow.stop() }
    #expect(waitUntil(seconds: 30) { slow.closedCount == 24 })
    let times = slow.closedAfter.compactMap { $0 }
    // Not before the deadline; well within three seconds after it, on a slow, busy machine.
    #expect(times.allSatisfy { $0 >= 1 }, "closed after \(times.sorted()) s")
    #expect(times.allSatisfy { $0 < 4 }, "closed after \(times.sorted()) s")
    #expect(running.stop())
  }

  @Test func anIdleConnectionMakesRoomForANewOneWhenTheWaitingSlotsAreFull() throws {
    var limits = HTTPServer.Limits()
    limits.waitingConnections = 4
    limits.idleSeconds = 60
    let running = try RunningServer(limits: limits, handler: Self.page)
    // Sockets a browser opens in advance and leaves idle, then one more with a request.
    let idle = try (0..<4).map { _ in try running.connect() }
    #expect(Self.status(try running.exchange(get)) == 200)
    // The longest waiting was closed to make room, without an answer; the others are open.
    #expect(running.closesWithoutAnswer(idle[0], within: 10))
    var polled = idle.dropFirst().map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    #expect(poll(&polled, nfds_t(polled.count), 0) == 0)
    for descriptor in idle { close(descriptor) }
    #expect(running.stop())
  }
}
