import Foundation
import Testing

/// `netplay` and `relay`: their flags refused in one line each. Whole matches between real
/// processes through the relay's faults run in `scripts/netplay-faults --quick` (the test
/// command), which needs both peers running at once.
@Suite struct NetplayCommandTests {
  @Test(arguments: [
    (["--game", "pong"], "give one of --host PORT, --join HOST:PORT and --spectate HOST:PORT"),
    (["--game", "pong", "--host", "0", "--join", "127.0.0.1:9"], "give one of --host PORT, --join HOST:PORT and --spectate HOST:PORT"),
    (["--game", "pong", "--host", "70000"], "--host must be a port from 0 to 65535"),
    (["--game", "pong", "--host", "-1"], "--host must be a port from 0 to 65535"),
    (["--game", "pong", "--join", "nowhere"], "--join: 'nowhere' is not HOST:PORT"),
    (["--game", "pong", "--join", "127.0.0.1:0"], "--join: '127.0.0.1:0' has no port from 1 to 65535"),
    (["--game", "pong", "--join", "127.0.0.1:99999"], "has no port from 1 to 65535"),
    (["--game", "pong", "--join", "127.0.0.1:9", "--seats", "3"], "pong has buttons for 2 players, not 3"),
    (["--game", "pong", "--spectate", "127.0.0.1:9", "--host", "0"], "give one of --host PORT, --join HOST:PORT and --spectate HOST:PORT"),
    (["--game", "pong", "--spectate", "nowhere:x"], "--spectate: 'nowhere:x' has no port from 1 to 65535"),
    (["--game", "pong", "--host", "0", "--seats", "5"], "--seats must be between 2 and 4"),
    (["--game", "pong", "--host", "0", "--ticks", "0"], "--ticks must be between 1 and"),
    (["--game", "pong", "--host", "0", "--input-delay", "17"], "the input delay is 0 to 16 ticks"),
    (["--game", "pong", "--host", "0", "--window", "-1"], "the prediction window is 0 to 32 ticks"),
    (["--game", "pong", "--host", "0", "--hash-interval", "0"], "the hash interval is 1 to 65536 ticks"),
    (["--game", "pong", "--host", "0", "--timeout", "nan"], "--timeout must be between 0.1 and 3600 seconds"),
    (["--game", "blocks", "--host", "0"], "blocks seats one player under these settings: netplay needs two or more"),
    (["--game", "pong", "--host", "0", "--bot", "nobody"], "unknown bot 'nobody' for pong"),
    (["--game", "pong", "--host", "0", "--record", "/tmp"], "/tmp"),
  ])
  func badFlagsAreOneLine(flags: [String], says: String) throws {
    try Self.refused(["netplay"] + flags, says: says)
  }

  /// `arguments` end with status 2 and one line on stderr that says `says`.
  static func refused(_ arguments: [String], says: String) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
    #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
  }

  /// A --record that cannot be written is refused before the handshake, in every role: a
  /// host never waits for a player it cannot record.
  @Test(arguments: [
    ["--host", "0"], ["--join", "127.0.0.1:9"], ["--spectate", "127.0.0.1:9"],
  ])
  func aReplayThatCannotBeWrittenIsRefusedBeforeAnyoneJoins(role: [String]) throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("a-file").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    try Self.refused(
      ["netplay", "--game", "pong", "--timeout", "20", "--record", file + "/match.replay"] + role,
      says: "is a file")
  }

  /// SIGTERM while the host waits for player 2: the replay's temporary goes with it.
  @Test func aSignalDuringTheHandshakeLeavesNoTemporary() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("stderr.txt")
    #expect(FileManager.default.createFile(atPath: log.path, contents: Data()))
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = [
      "netplay", "--game", "pong", "--host", "0", "--timeout", "120", "--record",
      folder.appendingPathComponent("match.replay").path,
    ]
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let deadline = Date().addingTimeInterval(60)
    func waiting() -> Bool {
      (try? String(contentsOf: log, encoding: .utf8))?.contains("waiting for player 2") ?? false
    }
    while !waiting() && process.isRunning && Date() < deadline { usleep(20_000) }
    #expect(waiting(), "the host never said it was waiting")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).contains("match.replay.part"))
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["stderr.txt"])
  }

  @Test func aHostNobodyJoinsGivesUpWithOneSentence() throws {
    let result = try CommandRunner.run(["netplay", "--game", "pong", "--host", "0", "--timeout", "0.5"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("netplay: no player 2 joined in 0.5 s (port "), "\(result.stderr)")
  }

  @Test(arguments: [
    (["--listen", "0", "--to", "127.0.0.1:9", "--loss", "1.5"], "--loss is a chance from 0 to 1"),
    (["--listen", "0", "--to", "127.0.0.1:9", "--duplicate", "-0.1"], "--duplicate is a chance from 0 to 1"),
    (["--listen", "0", "--to", "127.0.0.1:9", "--reorder", "nan"], "--reorder is a chance from 0 to 1"),
    (["--listen", "0", "--to", "127.0.0.1:9", "--delay", "-5"], "the delay is 0 to 10000 ms"),
    (["--listen", "0", "--to", "127.0.0.1:9", "--jitter", "20000"], "the jitter is 0 to 10000 ms"),
    (["--listen", "70000", "--to", "127.0.0.1:9"], "--listen must be a port from 0 to 65535"),
    (["--listen", "0", "--to", "10.0.0.1:9"], "is not on loopback (add --any-address to allow it)"),
    (["--listen", "0", "--to", "127.0.0.1"], "--to: '127.0.0.1' is not HOST:PORT"),
    (["--listen", "0", "--to", "127.0.0.1:9", "--seconds", "0"], "--seconds must be between 0 and 86400"),
  ])
  func badRelayFlagsAreOneLine(flags: [String], says: String) throws {
    try Self.refused(["relay"] + flags, says: says)
  }

  @Test func aRelayWithNothingToDoReportsAndStops() throws {
    let result = try CommandRunner.run(["relay", "--listen", "0", "--to", "127.0.0.1:9", "--seconds", "0.2"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("relaying port "))
    #expect(result.stdout.contains("relayed 0 datagrams to the server and 0 back"))
  }
}
