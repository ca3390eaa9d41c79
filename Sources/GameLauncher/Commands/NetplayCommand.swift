import ArgumentParser
import GameCore
import GameFiles
import GameNetplay
import GameScene

/// `GameApp netplay`: a headless rollback match over UDP, bots in the local seats.
struct NetplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "netplay",
    abstract: "Play a headless rollback match over UDP, a bot in this peer's seat.",
    discussion: """
      One peer hosts (--host PORT) and the others join (--join HOST:PORT); the handshake \
      agrees the game, rules version, settings, seed, seats, input delay, prediction window \
      and hash interval, and refuses any difference on both sides with one sentence. Each \
      peer plays --ticks ticks at 64 a second (--fast: as fast as the packets allow), rolls \
      back when a peer's input differs from the prediction, compares state hashes every \
      --hash-interval ticks, and prints the final hash of the confirmed match with its \
      figures. --record writes the match's replay (every seat's confirmed inputs), which \
      `replay --verify` checks. Exit status 0 when the match ended (or a peer left: the \
      replay so far is kept), 1 on a desync (the match ends there unless \
      --continue-on-desync) or a failed handshake, 2 for a bad flag; \
      SIGINT or SIGTERM mid-match tells the peers, keeps the replay so far and exits 128 \
      plus the signal's number.
      """)

  @OptionGroup var game: GameOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Host the match on this UDP port (0: any free one).", valueName: "port"))
  var host: Int?

  @Option(parsing: .unconditional, help: ArgumentHelp("Join the match hosted at HOST:PORT.", valueName: "host:port"))
  var join: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Watch the match hosted at HOST:PORT: its confirmed inputs, no seat.", valueName: "host:port"))
  var spectate: String?

  @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1; 0.0.0.0: every interface).", valueName: "ipv4"))
  var address = "127.0.0.1"

  @Option(help: ArgumentHelp("The bot in this peer's seat (default: the game's first).", valueName: "name"))
  var bot: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Ticks to play.", valueName: "n"))
  var ticks = 1_920

  @Option(parsing: .unconditional, help: ArgumentHelp("The gameplay RNG seed (the host's and joiners' must agree).", valueName: "s"))
  var seed: UInt64 = 1

  @Option(parsing: .unconditional, help: ArgumentHelp("Players in the match (default: the seats the game's settings give; every peer must say the same).", valueName: "n"))
  var seats: Int?

  @Option(name: .customLong("input-delay"), parsing: .unconditional, help: ArgumentHelp("Ticks between a press and the game seeing it (0-16).", valueName: "ticks"))
  var inputDelay = 2

  @Option(parsing: .unconditional, help: ArgumentHelp("Ticks a peer may run on predicted inputs (0-32; 0 is lockstep).", valueName: "ticks"))
  var window = 8

  @Option(name: .customLong("hash-interval"), parsing: .unconditional, help: ArgumentHelp("Ticks between the state hashes the peers compare (1-65536).", valueName: "ticks"))
  var hashInterval = 64

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for the handshake, and for a silent peer before giving up on it.", valueName: "s"))
  var timeout = 10.0

  @Option(help: ArgumentHelp("Write the match's replay here.", valueName: "file"))
  var record: String?

  @Flag(name: .customLong("continue-on-desync"), help: "Play on when the peers' states differ (reported at the end) instead of ending the match.")
  var continueOnDesync = false

  @Flag(help: "Run as fast as the peers' packets allow instead of 64 ticks a second.")
  var fast = false

  @Flag(help: "Print one JSON object at the end instead of text.")
  var json = false

  var options: NetplayOptions {
    NetplayOptions(inputDelay: inputDelay, predictionWindow: window, hashInterval: hashInterval)
  }

  func validate() throws {
    try validateMatchFlags(
      host: host, join: join, spectate: spectate, seats: seats, ticks: ticks, options: options,
      timeout: timeout)
    try refuseFolder(record)
    try check(try game.game())
  }

  private func check<G: PlayableGame>(_ game: G.Type) throws {
    let settings = try self.game.settings(for: G.self, base: .headless)
    _ = try self.game.bot(bot, for: G.self, seed: seed)
    let seats = self.seats ?? G.seats(for: settings)
    guard seats >= 2 else {
      throw ValidationError(
        "\(G.id) seats one player under these settings: netplay needs two or more")
    }
    guard seats <= G.buttons.players else {
      throw ValidationError("\(G.id) has buttons for \(G.buttons.players) players, not \(seats)")
    }
  }

  func run() throws { try run(try game.game()) }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    let settings = try self.game.settings(for: G.self, base: .headless)
    let terms = NetPacket.Terms(
      game: G.id, version: G.version, settings: settings.encoded, seed: seed,
      seats: seats ?? G.seats(for: settings), options: options)
    // The replay's file before the handshake: a --record that cannot be written is said now,
    // not after a peer came; a signal while waiting leaves no temporary behind.
    let recorder = try recorder(G.self, settings: settings)
    if recorder != nil { Leftovers.removeOnSignals() }
    if let spectate {
      return try watch(
        G.self, Endpoint(parsing: spectate), terms: terms, settings: settings, recorder: recorder)
    }
    let link: NetplayLink
    do {
      let socket = try UDPSocket(host: address, port: UInt16(host ?? 0))
      let status: (String) -> Void = { line in if !json { printError(line) } }
      if host != nil {
        // The port first, alone on its line: a script that hosts on port 0 reads it here.
        printError("hosting \(G.id) on \(address):\(socket.port)")
        link = try NetplayLink.host(on: socket, terms: terms, timeout: timeout, status: status)
      } else {
        link = try NetplayLink.join(
          try Endpoint(parsing: join ?? ""), on: socket, terms: terms, timeout: timeout,
          status: status)
      }
    } catch {
      recorder?.discard()
      printError("netplay: \(error)")
      throw ExitCode(1)
    }
    try play(G.self, link: link, settings: settings, recorder: recorder)
  }

  /// The recording of the match, if asked for.
  private func recorder<G: PlayableGame>(_ game: G.Type, settings: G.Settings) throws
    -> ReplayRecorder?
  {
    try record.map { path in
      try createFolder(holding: path)
      return try ReplayRecorder(
        header: ReplayHeader(game: G.self, seed: seed, settings: settings),
        sink: try ReplayFileSink(path: path))
    }
  }

  private func watch<G: PlayableGame>(
    _ game: G.Type, _ host: Endpoint, terms: NetPacket.Terms, settings: G.Settings,
    recorder: ReplayRecorder?
  ) throws {
    let spectator: NetplaySpectator<G>
    do {
      spectator = NetplaySpectator<G>(
        host, on: try UDPSocket(host: address), terms: terms, settings: settings)
      spectator.records = recorder != nil
      if !json { printError("watching \(host)") }
      try spectator.connect(timeout: timeout)
    } catch {
      recorder?.discard()
      printError("netplay: \(error)")
      throw ExitCode(1)
    }
    spectator.timeout = timeout
    StopSignal.install()
    if let recorder {
      spectator.onConfirmed = { input, state in try recorder.record(input, after: state) }
    }
    let end: MatchEnd
    do {
      end = try spectator.run(ticks: ticks, shouldStop: { StopSignal.received != 0 })
      try recorder?.finish(state: spectator.recordedState)
    } catch {
      recorder?.discard()
      throw error
    }
    announce(end)
    let hash = ReplayFormat.hex(spectator.simulation.hash)
    if json {
      var object = JSONObject()
      object.set("game", G.id)
      object.set("spectator", true)
      object.set("ended", end.word)
      object.set("hash", hash)
      object.set("ticks", spectator.simulation.tick)
      object.set("snapshot_tick", spectator.startTick)
      print(object)
    } else {
      let from = spectator.startTick > 0 ? " (from the host's snapshot of tick \(spectator.startTick))" : ""
      print("\(G.id), watched: \(spectator.simulation.tick) ticks\(from), hash \(hash)")
    }
    try exit(for: end)
  }

  private func exit(for end: MatchEnd) throws {
    switch end {
    case .desync: throw ExitCode(1)
    case .stopped: throw ExitCode(StopSignal.status)
    case .finished, .peerGone: break
    }
  }

  private func play<G: PlayableGame>(
    _ game: G.Type, link: NetplayLink, settings: G.Settings, recorder: ReplayRecorder?
  ) throws {
    let match = NetplayMatch<G>(link: link, settings: settings)
    match.timeout = timeout
    match.stopsOnDesync = !continueOnDesync
    if !json { match.onEvent = { printError("netplay: \($0)") } }
    // A signal from here on ends the match properly: the peers told, the replay so far kept.
    StopSignal.install()
    if let recorder {
      match.onConfirmed = { input, state in try recorder.record(input, after: state) }
    }
    var player = try self.game.bot(bot, for: G.self, seed: seed &+ UInt64(link.seat))
    let seat = link.seat
    let end: MatchEnd
    do {
      end = try match.run(ticks: ticks, fast: fast, shouldStop: { StopSignal.received != 0 }) {
        state in
        G.input(of: &player, for: state, seat: seat)
      }
      try recorder?.finish(state: match.confirmed.state)
    } catch {
      recorder?.discard()
      throw error
    }
    announce(end)
    if case .finished = end, let tick = match.desyncTick {
      printError("netplay: the peers' states differed at tick \(tick); the match was played on")
    }
    if let desync = match.desyncReport { printError("netplay: " + desync.save(beside: record)) }
    report(G.self, match: match, end: end)
    try exit(for: end)
    if match.desyncTick != nil { throw ExitCode(1) }
  }

  /// One line on stderr when the match did not simply finish.
  private func announce(_ end: MatchEnd) {
    switch end {
    case .finished: break
    case .desync(let tick):
      printError(
        "netplay: the peers' states differ at tick \(tick)"
          + (record.map { "; this match is in \($0)" } ?? ""))
    case .stopped(let tick):
      printError(
        "netplay: stopped by a signal at tick \(tick)"
          + (record.map { "; the match so far is in \($0)" } ?? ""))
    case .peerGone(let seat, let tick, let said):
      printError(
        "netplay: player \(seat + 1) \(said ? "left" : "stopped answering") at tick \(tick)"
          + (record.map { "; the match so far is in \($0)" } ?? ""))
    }
  }

  private func report<G: PlayableGame>(_ game: G.Type, match: NetplayMatch<G>, end: MatchEnd) {
    let statistics = match.rollback.statistics
    let counters = match.link.counters
    let hash = ReplayFormat.hex(match.confirmed.hash)
    if json {
      var object = JSONObject()
      object.set("game", G.id)
      object.set("seat", match.link.seat)
      object.set("seats", match.link.terms.seats)
      object.set("ended", end.word)
      object.set("hash", hash)
      object.set("ticks", match.confirmed.tick)
      object.set("rollbacks", statistics.rollbacks)
      object.set("deepest_rollback", statistics.deepestRollback)
      object.set("resimulated_ticks", statistics.resimulatedTicks)
      object.set("waits", statistics.waits)
      object.set("time_sync_skips", match.timeSyncSkips)
      if let ping = match.pingMilliseconds {
        object.set("ping_ms", ping, places: 2)
      } else {
        object.setNull("ping_ms")
      }
      object.set("desync_tick", match.desyncTick)
      object.set("rollback_depths", statistics.depths.enumerated().filter { $0.element > 0 }
        .map { "\($0.offset):\($0.element)" }.joined(separator: " "))
      object.set("packets_sent", counters.sent)
      object.set("bytes_sent", counters.bytesSent)
      object.set("packets_received", counters.received)
      object.set("packets_lost", counters.lost)
      object.set("packets_duplicated", counters.duplicated)
      object.set("packets_dropped", counters.dropped)
      print(object)
    } else {
      let ping = match.pingMilliseconds.map { "\(Int($0.rounded())) ms" } ?? "none measured"
      print(
        "\(G.id), seat \(match.link.seat + 1) of \(match.link.terms.seats): \(match.confirmed.tick) ticks, hash \(hash); "
          + "\(statistics.rollbacks) rollbacks (deepest \(statistics.deepestRollback), \(statistics.resimulatedTicks) ticks run again), "
          + "ping \(ping), packets \(counters.sent) sent, \(counters.lost) lost, \(counters.duplicated) duplicated")
    }
  }
}

extension MatchEnd {
  var word: String {
    switch self {
    case .finished: "finished"
    case .desync: "desync"
    case .peerGone: "peer gone"
    case .stopped: "stopped"
    }
  }
}

/// The flags `netplay` and `play` share for a match over the network, each refused in one
/// line: exactly one role, a port, addresses, seats, ticks, the options and the timeout.
func validateMatchFlags(
  host: Int?, join: String?, spectate: String?, seats: Int?, ticks: Int?,
  options: NetplayOptions, timeout: Double?
) throws {
  guard [host != nil, join != nil, spectate != nil].filter({ $0 }).count == 1 else {
    throw ValidationError("give one of --host PORT, --join HOST:PORT and --spectate HOST:PORT")
  }
  if let host, !(0...65_535).contains(host) {
    throw ValidationError("--host must be a port from 0 to 65535")
  }
  for (flag, value) in [("--join", join), ("--spectate", spectate)] {
    guard let value else { continue }
    do { _ = try Endpoint(parsing: value) } catch { throw ValidationError("\(flag): \(error)") }
  }
  if let seats, !(2...Seats.maxCount).contains(seats) {
    throw ValidationError("--seats must be between 2 and \(Seats.maxCount)")
  }
  if let ticks, !(1...ReplayFormat.maxTotalTicks).contains(ticks) {
    throw ValidationError("--ticks must be between 1 and \(ReplayFormat.maxTotalTicks)")
  }
  if let problem = options.problem { throw ValidationError(problem) }
  if let timeout, !(timeout.isFinite && (0.1...3_600).contains(timeout)) {
    throw ValidationError("--timeout must be between 0.1 and 3600 seconds")
  }
}
