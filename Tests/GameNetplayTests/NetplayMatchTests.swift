import GameCore
import Testing

@testable import GameNetplay

@Suite struct NetplayMatchTests {
  /// A host and a joiner over loopback, both driven from the test's thread: the handshake's
  /// host side on a thread of its own, as it blocks until the seat is taken.
  static func pair() throws -> (host: NetplayMatch<FourSeats>, joiner: NetplayMatch<FourSeats>) {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let terms = OverUDPTests.terms(seats: 2)
    let host = OnThread { Unchecked(try NetplayLink.host(on: socket, terms: terms, timeout: 30)) }
    let joiner = try NetplayLink.join(
      .loopback(port), on: try UDPSocket(), terms: terms, timeout: 30)
    return (
      NetplayMatch(link: try host.value().value, settings: NoSettings()),
      NetplayMatch(link: joiner, settings: NoSettings())
    )
  }

  @Test func aTapOnAFrameThatTookNoInputGoesIntoTheNextThatDoes() throws {
    let (host, joiner) = try Self.pair()
    // The joiner runs no frame: the host fills its prediction window (8 ticks past the
    // 2 the input delay confirms) and then waits.
    var ran = 0
    while try host.frame(localInput: [], sync: false) { ran += 1 }
    #expect(ran == 10)
    #expect(host.awaitedSeat == 1)
    try host.frame(localInput: [], sync: false)
    let tap = TickInput(bit: 0)
    #expect(try !host.frame(localInput: tap, sync: false))
    #expect(host.carried == tap)
    #expect(host.rollback.known[0].count == 13, "the first frame that waited took tick 12's")
    // The joiner plays, holding player 2's left from its first tick: the host learns of it,
    // rolls back to tick 2, runs again and on (tick 10 on the input it holds), and takes the
    // tap for tick 13 in the frame after.
    let deadline = monotonicSeconds() + 30
    while host.rollback.frame == 10, monotonicSeconds() < deadline {
      try joiner.frame(localInput: TickInput(bit: 2), sync: false)
      try host.frame(localInput: [], sync: false)
      host.receive(waiting: 5)
    }
    #expect(host.rollback.frame == 11)
    #expect(host.carried == tap)
    try host.frame(localInput: [], sync: false)
    #expect(host.carried == [])
    #expect(host.rollback.known[0][12] == [])
    #expect(host.rollback.known[0][13] == tap)
    #expect(host.rollback.statistics.rollbacks == 1)
    #expect(host.rollback.statistics.lastRollback == 8)
    #expect(host.rollback.statistics.deepestRollback == 8)
  }
}
