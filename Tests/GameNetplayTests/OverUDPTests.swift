import Foundation
import GameCore
import Testing

@testable import GameNetplay

/// A value computed on a thread of its own, awaited with a deadline: peers on real sockets
/// each need a thread, and a test must fail, not hang, when one never finishes.
final class OnThread<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<Value, any Error>?

  init(_ body: @escaping @Sendable () throws -> Value) {
    Thread.detachNewThread { [self] in
      let outcome = Result { try body() }
      lock.withLock { result = outcome }
    }
  }

  /// The value, once the thread has finished; fails the test after `seconds`.
  func value(within seconds: Double = 60) throws -> Value {
    let deadline = monotonicSeconds() + seconds
    while monotonicSeconds() < deadline {
      if let result = lock.withLock({ result }) { return try result.get() }
      usleep(2_000)
    }
    throw NetError("the thread did not finish in \(seconds) s")
  }
}

/// A value handed between threads that the test keeps to one at a time.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

@Suite(.serialized) struct OverUDPTests {
  static func terms(seats: Int, seed: UInt64 = 5, options: NetplayOptions = NetplayOptions())
    -> NetPacket.Terms
  {
    NetPacket.Terms(
      game: FourSeats.id, version: FourSeats.version, settings: [], seed: seed, seats: seats,
      options: options)
  }

  struct Outcome: Sendable {
    var end: MatchEnd
    var hash: UInt64
    var inputs: [TickInput]
    var statistics: RollbackStatistics
    var counters: LinkCounters
    /// A spectator's first tick shown: a snapshot's, or 0.
    var start = 0
  }

  /// Plays a match of FourSeats with `seats` peers over loopback UDP, each on its own
  /// thread, each seat a seeded player, as fast as the packets allow (or at 64 ticks a
  /// second); and `spectators` watching, each coming `lateBy` seconds after the one before.
  static func play(
    seats: Int, ticks: Int, options: NetplayOptions = NetplayOptions(), fast: Bool = true,
    spectators: Int = 0, lateBy: Double = 0, hostSocket: UDPSocket? = nil,
    snapshotAfter: Int = 400, recording: [Bool] = []
  ) throws -> [Outcome] {
    let hostSocket = try hostSocket ?? UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let terms = Self.terms(seats: seats, options: options)
    @Sendable func run(_ link: NetplayLink) throws -> Outcome {
      let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
      match.snapshotAfter = snapshotAfter
      var inputs: [TickInput] = []
      match.onConfirmed = { input, _ in inputs.append(input) }
      var player = FourSeats.Player(seat: link.seat, seed: 3)
      let end = try match.run(ticks: ticks, fast: fast) { _ in player.input() }
      return Outcome(
        end: end, hash: match.confirmed.hash, inputs: inputs,
        statistics: match.rollback.statistics, counters: link.counters)
    }
    let host = OnThread {
      try run(try NetplayLink.host(on: socket, terms: terms, timeout: 30))
    }
    let joiners = (1..<seats).map { _ in
      OnThread {
        try run(
          try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: terms, timeout: 30))
      }
    }
    let watchers = (0..<spectators).map { index in
      OnThread {
        usleep(UInt32(Double(index) * lateBy * 1e6))
        let watcher = NetplaySpectator<FourSeats>(
          .loopback(port), on: try UDPSocket(), terms: terms, settings: NoSettings())
        var inputs: [TickInput] = []
        watcher.onConfirmed = { input, _ in inputs.append(input) }
        watcher.records = index < recording.count ? recording[index] : true
        try watcher.connect(timeout: 30)
        let end = try watcher.run()
        return Outcome(
          end: end, hash: watcher.simulation.hash, inputs: inputs, statistics: .init(),
          counters: .init(seats: 0), start: watcher.startTick)
      }
    }
    return try [host.value()] + joiners.map { try $0.value() } + watchers.map { try $0.value() }
  }

  @Test(arguments: [2, 3, 4])
  func everyPeerEndsOnTheStateTheConfirmedInputsReach(seats: Int) throws {
    let outcomes = try Self.play(seats: seats, ticks: 400)
    let lone = Simulation<FourSeats>(seed: 5, settings: NoSettings())
    for input in outcomes[0].inputs { lone.step(input) }
    #expect(outcomes[0].inputs.count == 400)
    for outcome in outcomes {
      #expect(outcome.end == .finished)
      #expect(outcome.inputs == outcomes[0].inputs)
      #expect(outcome.hash == lone.hash)
    }
    // Every seat moved: the merged inputs carry each seat's own buttons.
    for seat in 0..<seats {
      let mask = TickInput(bit: 2 * seat).rawValue | TickInput(bit: 2 * seat + 1).rawValue
      #expect(outcomes[0].inputs.contains { $0.rawValue & mask != 0 }, "seat \(seat)")
    }
  }

  @Test func spectatorsEarlyAndLateSeeTheWholeMatch() throws {
    // At 64 ticks a second, 5 s: the spectators come at 0, 1.5 and 3 s (the last ~190
    // ticks late).
    let outcomes = try Self.play(seats: 2, ticks: 320, fast: false, spectators: 3, lateBy: 1.5)
    #expect(outcomes.count == 5)
    for outcome in outcomes {
      #expect(outcome.end == .finished)
      #expect(outcome.inputs.count == 320)
      #expect(outcome.inputs == outcomes[0].inputs)
      #expect(outcome.hash == outcomes[0].hash)
    }
  }

  @Test func lateSpectatorsStartFromASnapshotAndARecordingOneStillHasTheWholeMatch() throws {
    // 384 ticks at 64 a second, 6 s: spectators come at 0, 2 and 4 s; the host sends a
    // snapshot to one who comes after tick 32. The second records, the third does not.
    let outcomes = try Self.play(
      seats: 2, ticks: 384, fast: false, spectators: 3, lateBy: 2, snapshotAfter: 32,
      recording: [true, true, false])
    let all = outcomes[0].inputs
    #expect(all.count == 384)
    for (index, outcome) in outcomes.enumerated() {
      #expect(outcome.end == .finished, "\(index)")
      #expect(outcome.hash == outcomes[0].hash, "\(index)")
    }
    let (first, recording, shown) = (outcomes[2], outcomes[3], outcomes[4])
    #expect(first.start == 0)
    #expect(first.inputs == all)
    #expect(recording.start > 32, "the second spectator came late and started from a snapshot")
    #expect(recording.inputs == all, "its replay still holds the whole match")
    #expect(shown.start > recording.start)
    #expect(shown.inputs == Array(all[shown.start...]), "it hands on the ticks it showed")
  }

  @Test func aSpectatorWithOtherTermsIsRefused() throws {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let done = Unchecked(NSLock())
    nonisolated(unsafe) var refused = false
    let host = OnThread {
      let link = try NetplayLink.host(on: socket, terms: Self.terms(seats: 2), timeout: 30)
      let deadline = monotonicSeconds() + 30
      while monotonicSeconds() < deadline, !done.value.withLock({ refused }) {
        _ = link.receive(waiting: 20)
      }
      return link.spectators.count
    }
    _ = try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: Self.terms(seats: 2), timeout: 30)
    let watcher = NetplaySpectator<FourSeats>(
      .loopback(port), on: try UDPSocket(), terms: Self.terms(seats: 2, seed: 9),
      settings: NoSettings())
    #expect(throws: NetError("127.0.0.1:\(port) refused: the host's seed is 5, not 9")) {
      try watcher.connect(timeout: 8)
    }
    done.value.withLock { refused = true }
    #expect(try host.value() == 0)
  }

  @Test func aFloodOfStrangersDatagramsNeitherStopsNorPartsTheMatch() throws {
    let flooding = Unchecked(NSLock())
    nonisolated(unsafe) var stop = false
    nonisolated(unsafe) var sent = 0
    // A stranger floods the host's port with garbage from before the handshake to the end.
    let host = try UDPSocket()
    let port = host.port
    nonisolated(unsafe) let flooder = try UDPSocket()
    let flood = OnThread {
      var random = SplitMix64(seed: 4)
      while !flooding.value.withLock({ stop }) {
        for _ in 0..<64 {
          let bytes = (0..<Int(1 + random.next() % 200)).map { _ in
            UInt8(truncatingIfNeeded: random.next())
          }
          flooder.send(bytes, to: .loopback(port))
        }
        flooding.value.withLock { sent += 64 }
      }
    }
    // The match starts once the flood is under way (a condition, not a sleep: a busy machine
    // may be slow to run the flooding thread).
    let deadline = monotonicSeconds() + 30
    while flooding.value.withLock({ sent }) <= 1_000, monotonicSeconds() < deadline { usleep(1_000) }
    let outcomes = try Self.play(seats: 2, ticks: 300, hostSocket: host)
    flooding.value.withLock { stop = true }
    try flood.value()
    #expect(outcomes.allSatisfy { $0.end == .finished })
    #expect(outcomes[0].hash == outcomes[1].hash)
    #expect(flooding.value.withLock { sent } > 1_000)
    #expect(outcomes[0].counters.dropped > 100, "the flood reached the host")
  }

  @Test func aPlayerWhoComesBackFromAnotherAddressFinishesTheMatch() throws {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let terms = Self.terms(seats: 2)
    let host = OnThread { () -> Outcome in
      let link = try NetplayLink.host(on: socket, terms: terms, timeout: 30)
      let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
      match.timeout = 20
      var inputs: [TickInput] = []
      match.onConfirmed = { input, _ in inputs.append(input) }
      var player = FourSeats.Player(seat: 0, seed: 3)
      let end = try match.run(ticks: 500, fast: true) { _ in player.input() }
      return Outcome(
        end: end, hash: match.confirmed.hash, inputs: inputs,
        statistics: match.rollback.statistics, counters: link.counters)
    }
    // The first joiner plays 200 ticks, then its process "dies": no goodbye, its socket gone.
    var firstInputs: [TickInput] = []
    do {
      let link = try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: terms, timeout: 30)
      let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
      match.onConfirmed = { input, _ in firstInputs.append(input) }
      var player = FourSeats.Player(seat: 1, seed: 3)
      let deadline = monotonicSeconds() + 30
      while match.confirmed.tick < 200, monotonicSeconds() < deadline {
        if !(try match.frame(localInput: player.input(), sync: false)) { match.receive(waiting: 2) }
      }
      #expect(match.confirmed.tick >= 200)
    }
    // It comes back from a new address and plays to the end.
    let link = try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: terms, timeout: 30)
    #expect(link.seat == 1)
    #expect(link.matchSoFar.count >= 200)
    let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
    var inputs: [TickInput] = []
    match.onConfirmed = { input, _ in inputs.append(input) }
    var player = FourSeats.Player(seat: 1, seed: 4)
    let end = try match.run(ticks: 500, fast: true) { _ in player.input() }
    let hosted = try host.value()
    #expect(end == .finished)
    #expect(hosted.end == .finished)
    #expect(inputs.count == 500, "the replay of the one who came back covers the whole match")
    #expect(inputs == hosted.inputs)
    #expect(match.confirmed.hash == hosted.hash)
    #expect(Array(inputs.prefix(200)) == Array(firstInputs.prefix(200)))
  }

  /// With three or four seats, the player who goes away reached one other joiner with inputs
  /// the host (and, of four, the third joiner) never got: its packets to them lost for its
  /// last frames. That joiner sends every other peer its copy, the player coming back is sent
  /// them and plays on after them, and every peer ends on one hash with one replay.
  @Test(arguments: [3, 4])
  func aPlayerComingBackIsSentTheInputsOnlyAnotherPeerHeld(seats count: Int) throws {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let terms = Self.terms(seats: count)
    // Every peer stops by this deadline, so a match that never ends fails the test.
    let stopAt = monotonicSeconds() + 90
    @Sendable func diagnose<G>(_ match: NetplayMatch<G>) -> String {
      "seat \(match.link.seat): frame \(match.rollback.frame) confirmed \(match.rollback.confirmedFrame) known \(match.rollback.known.map(\.count)) acked \(match.rollback.acknowledged) catchUp \(match.catchUp) relayed \(match.relayed) left \(match.left)"
    }
    @Sendable func play(_ link: NetplayLink) throws -> Outcome {
      let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
      match.timeout = 60
      var inputs: [TickInput] = []
      match.onConfirmed = { input, _ in inputs.append(input) }
      var player = FourSeats.Player(seat: link.seat, seed: 3)
      let end = try match.run(ticks: 500, fast: true, shouldStop: { monotonicSeconds() > stopAt }) {
        _ in player.input()
      }
      if end != .finished { print("not finished: \(diagnose(match))") }
      return Outcome(
        end: end, hash: match.confirmed.hash, inputs: inputs,
        statistics: match.rollback.statistics, counters: link.counters)
    }
    let host = OnThread { try play(try NetplayLink.host(on: socket, terms: terms, timeout: 30)) }
    let others = (2..<count).map { _ in
      OnThread {
        try play(
          try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: terms, timeout: 30))
      }
    }
    var (seat, cut, lost) = (0, 0, [TickInput]())
    do {
      let link = try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: terms, timeout: 30)
      let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
      seat = link.seat
      let joiners = (1..<count).filter { $0 != seat }
      let keeper = joiners[0]
      var player = FourSeats.Player(seat: seat, seed: 3)
      let deadline = monotonicSeconds() + 30
      while match.confirmed.tick < 150, monotonicSeconds() < deadline {
        if !(try match.frame(localInput: player.input(), sync: false)) { match.receive(waiting: 2) }
      }
      // From here its packets to the host (and a third joiner) are lost; one joiner still
      // gets them.
      let blackHole = try UDPSocket()
      for lacking in [0] + joiners.dropFirst() { link.peers[lacking] = .loopback(blackHole.port) }
      cut = match.rollback.known[seat].count
      // Until that joiner holds four more, or for a second once it holds one more.
      var enough = deadline
      while match.rollback.acknowledged[keeper] < cut + 4, monotonicSeconds() < enough {
        if !(try match.frame(localInput: player.input(), sync: false)) { match.receive(waiting: 2) }
        if match.rollback.acknowledged[keeper] > cut { enough = min(enough, monotonicSeconds() + 1) }
      }
      withExtendedLifetime(blackHole) {}
      let held = match.rollback.acknowledged[keeper]
      try #require(
        held > cut,
        "the joiner holds \(held) of its inputs, the host \(cut); frame \(match.rollback.frame), confirmed \(match.rollback.confirmedFrame)"
      )
      lost = Array(match.rollback.known[seat][cut..<held])
    }
    // It comes back, another player at the keys (another seed), and plays to the end.
    let link = try NetplayLink.join(.loopback(port), on: try UDPSocket(), terms: terms, timeout: 30)
    #expect(link.seat == seat)
    let match = NetplayMatch<FourSeats>(link: link, settings: NoSettings())
    var inputs: [TickInput] = []
    match.onConfirmed = { input, _ in inputs.append(input) }
    var player = FourSeats.Player(seat: seat, seed: 4)
    let end = try match.run(ticks: 500, fast: true, shouldStop: { monotonicSeconds() > stopAt }) {
      _ in player.input()
    }
    if end != .finished { print("not finished: \(diagnose(match))") }
    let hosted = try host.value()
    let played = try others.map { try $0.value() }
    #expect(([end, hosted.end] + played.map(\.end)).allSatisfy { $0 == .finished })
    #expect(inputs.count == 500)
    #expect(inputs == hosted.inputs)
    #expect(played.allSatisfy { $0.inputs == hosted.inputs && $0.hash == hosted.hash })
    #expect(match.confirmed.hash == hosted.hash)
    let seats = Seats(FourSeats.buttons, count: count)
    #expect(hosted.inputs[cut..<cut + lost.count].map { seats.owned($0, by: seat) } == lost)
  }

  @Test func lockstepNeverRollsBack() throws {
    let outcomes = try Self.play(
      seats: 2, ticks: 200, options: NetplayOptions(inputDelay: 2, predictionWindow: 0))
    #expect(outcomes.allSatisfy { $0.statistics.rollbacks == 0 && $0.end == .finished })
    #expect(outcomes[0].hash == outcomes[1].hash)
  }

  @Test func differentTermsAreRefusedOnBothSidesInOneSentence() throws {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let host = OnThread { () -> String in
      do {
        _ = try NetplayLink.host(on: socket, terms: Self.terms(seats: 2), timeout: 30)
        return "joined"
      } catch {
        return "\(error)"
      }
    }
    var joinerSaw = ""
    do {
      _ = try NetplayLink.join(
        .loopback(port), on: try UDPSocket(), terms: Self.terms(seats: 2, seed: 6), timeout: 30)
    } catch {
      joinerSaw = "\(error)"
    }
    let hostSaw = try host.value()
    #expect(joinerSaw == "127.0.0.1:\(port) refused: the host's seed is 5, not 6")
    #expect(hostSaw.hasPrefix("refused 127.0.0.1:"))
    #expect(hostSaw.hasSuffix(": the host's seed is 5, not 6"))
  }

  @Test func aJoinerWithNoHostGivesUpWithOneSentence() throws {
    let nobody = try UDPSocket()  // bound, never answering
    #expect(throws: NetError("no answer from 127.0.0.1:\(nobody.port) in 0.3 s")) {
      _ = try NetplayLink.join(
        .loopback(nobody.port), on: try UDPSocket(), terms: Self.terms(seats: 2), timeout: 0.3)
    }
  }

  @Test func strangersAndOtherMatchesAreDroppedUnread() throws {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let host = OnThread {
      Unchecked(try NetplayLink.host(on: socket, terms: Self.terms(seats: 2), timeout: 30))
    }
    let joinerSocket = try UDPSocket()
    let joiner = try NetplayLink.join(
      .loopback(port), on: joinerSocket, terms: Self.terms(seats: 2), timeout: 30)
    let link = try host.value().value
    #expect(link.session == joiner.session)
    // A stranger's garbage, a packet of another match, and a forged one from a stranger.
    let stranger = try UDPSocket()
    var random = SplitMix64(seed: 1)
    for _ in 0..<50 {
      stranger.send((0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, to: .loopback(port))
    }
    let forged = NetPacket(session: joiner.session, .bye).encoded()
    stranger.send(forged, to: .loopback(port))
    joinerSocket.send(NetPacket(session: joiner.session &+ 1, .bye).encoded(), to: .loopback(port))
    // Then the joiner's real packet: the only one the host takes.
    joiner.send(.ping(stamp: 9), to: 0)
    let deadline = monotonicSeconds() + 10
    var taken: [(Int, NetPacket.Body)] = []
    while taken.isEmpty, monotonicSeconds() < deadline {
      if let packet = link.receive(waiting: 50) { taken.append(packet) }
    }
    #expect(taken.count == 1)
    #expect(taken.first?.0 == 1)
    #expect(taken.first?.1 == .ping(stamp: 9))
    #expect(link.counters.dropped == 52)
  }

  @Test func sequenceNumbersCountLossesAndDuplicates() {
    var counters = LinkCounters(seats: 2)
    for sequence: UInt32 in [0, 1, 3, 3, 2, 6, 1, 200] {
      _ = counters.arrived(sequence, from: 1)
    }
    #expect(counters.received == 8)
    #expect(counters.duplicated == 2)
    // 0...200 sent, 0, 1, 2, 3, 6 and 200 arrived.
    #expect(counters.lost == 201 - 6)
    #expect(counters.arrived(0, from: 1) == false, "too old to tell: taken as a duplicate")
  }

  @Test func theFaultModelIsSeededAndKeepsItsRates() {
    let profile = FaultProfile(delay: 50, jitter: 20, loss: 0.2, duplicate: 0.1, reorder: 0.1)
    var first = FaultModel(profile, seed: 3)
    var again = FaultModel(profile, seed: 3)
    var delays: [[Int]] = []
    for _ in 0..<10_000 {
      let these = first.delays()
      #expect(these == again.delays())
      delays.append(these)
    }
    #expect((1_800...2_200).contains(first.lost))
    #expect((650...950).contains(first.duplicated), "a tenth of the 8,000 forwarded")
    #expect((650...950).contains(first.reordered))
    let plain = delays.filter { $0.count == 1 }.map { $0[0] }
    #expect(plain.min()! >= 30)
    #expect(plain.max()! <= 70 + 2 * 20 + 20)
    var none = FaultModel(FaultProfile(loss: 1), seed: 1)
    #expect((0..<100).allSatisfy { _ in none.delays().isEmpty })
  }

  @Test func aRelayForwardsBothWaysAndDropsStrangers() throws {
    let server = try UDPSocket()
    let relaySocket = try UDPSocket()
    let relayPort = relaySocket.port
    nonisolated(unsafe) let relay = UDPRelay(
      socket: relaySocket, server: .loopback(server.port), profile: FaultProfile(), seed: 1)
    let client = try UDPSocket()
    let done = Unchecked(NSLock())
    nonisolated(unsafe) var finished = false
    let running = OnThread { relay.run(seconds: 60) { done.value.withLock { finished } } }
    client.send([1, 2, 3], to: .loopback(relayPort))
    let there = server.receive(waiting: 2_000)
    #expect(there?.bytes == [1, 2, 3])
    #expect(there?.from == .loopback(relayPort))
    server.send([4, 5], to: .loopback(relayPort))
    #expect(client.receive(waiting: 2_000)?.bytes == [4, 5])
    let stranger = try UDPSocket()
    stranger.send([9], to: .loopback(relayPort))
    #expect(server.receive(waiting: 300) == nil)
    done.value.withLock { finished = true }
    try running.value()
    #expect(relay.strangers == 1)
    #expect(relay.toServer.forwarded == 1 && relay.toClient.forwarded == 1)
  }
}
