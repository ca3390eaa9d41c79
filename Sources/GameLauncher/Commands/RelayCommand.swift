import ArgumentParser
import GameNetplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `GameApp relay`: a seeded UDP relay with faults, between a joiner and a host.
struct RelayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "relay",
    abstract: "Relay UDP between a netplay joiner and its host with delay, jitter, loss, duplication and reordering.",
    discussion: """
      Listens on --listen PORT and forwards to --to HOST:PORT: the first other address that \
      sends to it is the client, and what the server answers goes back to it. Each datagram, \
      each way, is delayed --delay ms plus or minus up to --jitter ms, lost with chance \
      --loss, sent twice with chance --duplicate, and held back behind later ones with \
      chance --reorder, all drawn from --seed, so that a failing run fails again the same \
      way. Loopback only unless --any-address. Runs until --seconds pass or SIGTERM, then \
      prints what it did.
      """)

  @Option(parsing: .unconditional, help: ArgumentHelp("The UDP port to listen on (0: any free one, printed).", valueName: "port"))
  var listen: Int

  @Option(help: ArgumentHelp("Where to forward: the host's HOST:PORT.", valueName: "host:port"))
  var to: String

  @Option(parsing: .unconditional, help: ArgumentHelp("Milliseconds every datagram waits, each way (0-10000).", valueName: "ms"))
  var delay = 0

  @Option(parsing: .unconditional, help: ArgumentHelp("At most this many milliseconds more or less (0-10000).", valueName: "ms"))
  var jitter = 0

  @Option(parsing: .unconditional, help: ArgumentHelp("The chance a datagram is lost (0-1).", valueName: "p"))
  var loss = 0.0

  @Option(parsing: .unconditional, help: ArgumentHelp("The chance a datagram arrives twice (0-1).", valueName: "p"))
  var duplicate = 0.0

  @Option(parsing: .unconditional, help: ArgumentHelp("The chance a datagram is held back behind later ones (0-1).", valueName: "p"))
  var reorder = 0.0

  @Option(parsing: .unconditional, help: ArgumentHelp("The faults' seed.", valueName: "s"))
  var seed: UInt64 = 1

  @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds.", valueName: "s"))
  var seconds: Double?

  @Flag(name: .customLong("any-address"), help: "Listen on every interface and forward anywhere, not only on loopback.")
  var anyAddress = false

  var profile: FaultProfile {
    FaultProfile(delay: delay, jitter: jitter, loss: loss, duplicate: duplicate, reorder: reorder)
  }

  func validate() throws {
    guard (0...65_535).contains(listen) else {
      throw ValidationError("--listen must be a port from 0 to 65535")
    }
    let server: Endpoint
    do { server = try Endpoint(parsing: to) } catch { throw ValidationError("--to: \(error)") }
    guard anyAddress || server.address >> 24 == 127 else {
      throw ValidationError("--to \(server) is not on loopback (add --any-address to allow it)")
    }
    if let problem = profile.problem { throw ValidationError(problem) }
    if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 86_400) {
      throw ValidationError("--seconds must be between 0 and 86400")
    }
  }

  func run() throws {
    let relay: UDPRelay
    do {
      let socket = try UDPSocket(host: anyAddress ? "0.0.0.0" : "127.0.0.1", port: UInt16(listen))
      relay = UDPRelay(
        socket: socket, server: try Endpoint(parsing: to), profile: profile, seed: seed)
    } catch {
      printError("relay: \(error)")
      throw ExitCode(1)
    }
    StopSignal.install()
    printError("relaying port \(relay.socket.port) to \(to)")
    relay.run(seconds: seconds ?? .infinity) { StopSignal.received != 0 }
    let (out, back) = (relay.toServer, relay.toClient)
    print(
      "relayed \(out.forwarded) datagrams to the server and \(back.forwarded) back; "
        + "lost \(out.lost + back.lost), duplicated \(out.duplicated + back.duplicated), "
        + "reordered \(out.reordered + back.reordered), dropped \(relay.strangers) from strangers")
  }
}

/// SIGINT, SIGTERM and SIGHUP ask a long-running command (`relay`, `netplay`) to stop at its
/// next turn and finish properly (report, say goodbye, keep what it recorded) rather than die.
enum StopSignal {
  /// The signal that asked, or 0.
  nonisolated(unsafe) static var received: sig_atomic_t = 0

  static func install() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number) { StopSignal.received = $0 }
    }
  }

  /// The exit status of a process the signal stopped: 128 plus its number.
  static var status: Int32 { 128 + Int32(received) }
}
