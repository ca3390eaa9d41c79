import GameCore
import Testing

@testable import GameNetplay

/// FourSeats as another build of it would play: the same id, version and settings (so the
/// handshake agrees), but from tick 100 its `mix` is one bit off. Two copies of one binary
/// never desync; this is how two builds do.
struct DriftingFourSeats: Game {
  typealias State = FourSeats.State
  typealias Action = FourSeats.Action

  static let id = FourSeats.id
  static let version = FourSeats.version
  static let buttons = FourSeats.buttons

  static func initialState(seed: UInt64, settings: NoSettings) -> State {
    FourSeats.initialState(seed: seed, settings: settings)
  }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    let effect = FourSeats().reduce(into: &state, action: action, environment: ())
    if state.tick == 100 { state.mix ^= 1 }
    return effect
  }
}

@Suite struct NetplayDesyncReportTests {
  struct Outcome: Sendable {
    var end: MatchEnd
    var report: NetplayDesyncReport?
    var ticks: Int
    var seat: Int
  }

  /// A match of `seats` over loopback UDP, the last joiner playing DriftingFourSeats and the
  /// others FourSeats: they part at tick 100, and the first hashed tick after it is 128.
  static func play(seats: Int = 2, continuing: Bool = false) throws -> [Outcome] {
    let hostSocket = try UDPSocket()
    let port = hostSocket.port
    nonisolated(unsafe) let socket = hostSocket
    let terms = OverUDPTests.terms(seats: seats)
    @Sendable func run<G: Game>(_ game: G.Type, _ link: NetplayLink) throws -> Outcome
    where G.Settings == NoSettings {
      let match = NetplayMatch<G>(link: link, settings: NoSettings())
      match.stopsOnDesync = !continuing
      var player = FourSeats.Player(seat: link.seat, seed: 3)
      let end = try match.run(ticks: 400, fast: true) { _ in player.input() }
      return Outcome(
        end: end, report: match.desyncReport, ticks: match.confirmed.tick, seat: link.seat)
    }
    let host = OnThread {
      try run(FourSeats.self, try NetplayLink.host(on: socket, terms: terms, timeout: 30))
    }
    let joiners = (1..<seats).map { index in
      OnThread {
        let link = try NetplayLink.join(
          .loopback(port), on: try UDPSocket(), terms: terms, timeout: 30)
        // The seats go in the order the hellos arrive: the last seat drifts, whoever has it.
        return link.seat == seats - 1
          ? try run(DriftingFourSeats.self, link) : try run(FourSeats.self, link)
      }
    }
    return try [host.value()] + joiners.map { try $0.value() }.sorted { $0.seat < $1.seat }
  }

  static func check(_ outcomes: [Outcome]) throws {
    let reports = try outcomes.map { try #require($0.report) }
    for (seat, report) in reports.enumerated() {
      #expect(report.tick == 128)
      #expect(report.seat == seat)
      #expect(report.otherSeat == 1 - seat)
      #expect(report.sectionsArrived)
      #expect(report.sections.map(\.name) == ["mix"])
      #expect(report.description.contains("desync at tick 128"))
      #expect(report.description.contains("sections differing at tick 128: mix"))
      #expect(report.description.contains("    mix = "))
    }
    // Each shows its own values: the two differ where the states do.
    #expect(reports[0].sections[0].fields != reports[1].sections[0].fields)
    #expect(reports[0].sections[0].replayedHash == reports[1].sections[0].recordedHash)
    #expect(reports[1].sections[0].replayedHash == reports[0].sections[0].recordedHash)
  }

  @Test func eachPeerWritesTheReportOfTheSameTickAndSections() throws {
    let outcomes = try Self.play()
    for outcome in outcomes { #expect(outcome.end == .desync(tick: 128)) }
    try Self.check(outcomes)
  }

  @Test func aMatchThatPlaysOnStillGetsBothReports() throws {
    let outcomes = try Self.play(continuing: true)
    for outcome in outcomes {
      #expect(outcome.end == .finished)
      #expect(outcome.ticks == 400)
    }
    try Self.check(outcomes)
  }

  @Test func withThreeSeatsEveryPeerReportsTheOneThatParted() throws {
    let outcomes = try Self.play(seats: 3)
    let reports = try outcomes.map { try #require($0.report) }
    for (seat, report) in reports.enumerated() {
      #expect(outcomes[seat].end == .desync(tick: 128))
      #expect(report.tick == 128)
      #expect(report.seat == seat)
      #expect(report.sections.map(\.name) == ["mix"])
    }
    // The two that agree each report the drifting seat; it reports one of them.
    #expect(reports[0].otherSeat == 2)
    #expect(reports[1].otherSeat == 2)
    #expect(reports[2].otherSeat != 2)
    #expect(reports[0].sections[0].fields == reports[1].sections[0].fields)
    #expect(reports[0].sections[0].fields != reports[2].sections[0].fields)
  }

  @Test func anyListOfHashesGivesAReport() {
    let state = FourSeats.initialState(seed: 1, settings: NoSettings())
    let ours = state.hashSections.map(\.hash)
    let agreeing = NetplayDesyncReport.compare(state, tick: 64, seat: 0, with: ours, of: 1)
    #expect(agreeing.sections.isEmpty)
    // No hashes name no section: the match ignores such a packet.
    let none = NetplayDesyncReport.compare(state, tick: 64, seat: 0, with: [], of: 1)
    #expect(none.sections.isEmpty)
    var random = SplitMix64(seed: 9)
    let hostile = (0..<NetPacket.maxSections).map { _ in random.next() }
    let report = NetplayDesyncReport.compare(state, tick: 64, seat: 0, with: hostile, of: 1)
    #expect(report.sections.count == NetPacket.maxSections)
    #expect(report.description.contains("section 159"))
    let late = NetplayDesyncReport.without(state, tick: 64, seat: 1, otherSeat: 0)
    #expect(late.description.contains("player 1's section hashes did not arrive"))
  }
}
