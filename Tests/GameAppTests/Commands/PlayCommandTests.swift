import Foundation
import Testing

/// `play`'s bad input, which must stop it before any window opens: one line, exit status 2.
@Suite struct PlayCommandTests {
  func play(_ arguments: [String]) throws -> CommandRunner.Result {
    try CommandRunner.run(
      ["play", "--no-record"] + arguments, environment: CommandRunner.withoutDisplay())
  }

  @Test func aMissingKeysFileIsOneLineAndStatusTwo() throws {
    let result = try play(["--keys", "/nonexistent/keys.conf"])
    #expect(result.status == 2)
    #expect(
      result.stderr == "error: /nonexistent/keys.conf: cannot read key bindings: no such file\n")
  }

  @Test func aMalformedKeysFileNamesItsLineWithStatusTwo() throws {
    let directory = try CommandRunner.temporaryDirectory()
    let file = directory.appendingPathComponent("keys.conf").path
    try "fire = Space\njump = Up\n".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try play(["--keys", file])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: \(file):2: expected `action = KEY`"))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func aTickRateOutOfRangeIsOneLineAndStatusTwo() throws {
    for value in ["0", "481", "abc", "-5"] {
      let result = try play(["--hz", value])
      #expect(result.status == 2, "--hz \(value)")
      #expect(result.stderr.hasPrefix("error: "), "--hz \(value)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "--hz \(value): \(result.stderr)")
    }
    #expect(
      try play(["--hz", "481"]).stderr
        == "error: --hz must be between 1 and 480 (the loop runs at most 8 ticks a frame:"
        + " faster would fall behind a 60 Hz display)\n")
  }

  @Test func anUnknownBotIsOneLineNamingTheGamesBotsBeforeAnyWindow() throws {
    let result = try play(["--game", "pong", "--bot", "nobody"])
    #expect(result.status == 2)
    #expect(result.stderr == "error: unknown bot 'nobody' for pong; its bots: coach, idle\n")
  }

  @Test func attractSecondsOutOfRangeAreOneLineAndStatusTwo() throws {
    for value in ["-1", "3601", "soon"] {
      let result = try play(["--attract", value])
      #expect(result.status == 2, "--attract \(value)")
      #expect(
        result.stderr.filter { $0 == "\n" }.count == 1, "--attract \(value): \(result.stderr)")
    }
    #expect(
      try play(["--attract", "3601"]).stderr
        == "error: --attract must be between 0 and 3600 seconds (0 turns demos off)\n")
  }

  @Test func attractWithABotAtTheControlsIsAConflict() throws {
    let result = try play(["--game", "pong", "--bot", "coach", "--attract", "5"])
    #expect(result.status == 2)
    #expect(
      result.stderr == "error: --attract and --bot conflict: with --bot a bot plays already\n")
    let off = try play(["--game", "pong", "--bot", "coach", "--attract", "0"])
    #expect(off.stderr.hasPrefix("error: no display"), "0 is no conflict: \(off.stderr)")
  }
}

/// `play --host`, `--join` and `--spectate`: their flags refused in one line before any window opens.
/// Whole matches between two windows, or a window and a headless peer, run in
/// `scripts/netplay-window-test.sh`, which needs a display.
@Suite struct PlayMatchFlagsTests {
  @Test(arguments: [
    (["--game", "pong", "--host", "0", "--join", "127.0.0.1:9"], "give one of --host PORT, --join HOST:PORT and --spectate HOST:PORT"),
    (["--game", "pong", "--join", "127.0.0.1:9", "--spectate", "127.0.0.1:9"], "give one of --host PORT, --join HOST:PORT and --spectate HOST:PORT"),
    (["--game", "pong", "--spectate", "127.0.0.1"], "--spectate: '127.0.0.1' is not HOST:PORT"),
    (["--game", "pong", "--host", "70000"], "--host must be a port from 0 to 65535"),
    (["--game", "pong", "--join", "nowhere"], "--join: 'nowhere' is not HOST:PORT"),
    (["--game", "pong", "--join", "127.0.0.1:9", "--seats", "5"], "--seats must be between 2 and 4"),
    (["--game", "pong", "--host", "0", "--ticks", "0"], "--ticks must be between 1 and"),
    (["--game", "pong", "--host", "0", "--input-delay", "17"], "the input delay is 0 to 16 ticks"),
    (["--game", "pong", "--host", "0", "--window", "33"], "the prediction window is 0 to 32 ticks"),
    (["--game", "pong", "--host", "0", "--timeout", "0"], "--timeout must be between 0.1 and 3600 seconds"),
    (["--game", "pong", "--host", "0", "--hz", "60"], "--hz: a match over the network runs at 64 ticks a second"),
    (["--game", "pong", "--host", "0", "--attract", "5"], "--attract: a match over the network shows no demos"),
    (["--game", "blocks", "--host", "0"], "blocks seats one player under these settings: a match needs two or more"),
    (["--game", "pong", "--window", "4"], "--window is for a match over the network: add --host PORT, --join HOST:PORT or --spectate HOST:PORT"),
    (["--game", "pong", "--ticks", "100"], "--ticks is for a match over the network"),
  ])
  func badFlagsAreOneLine(flags: [String], says: String) throws {
    let result = try CommandRunner.run(
      ["play", "--no-record"] + flags, environment: CommandRunner.withoutDisplay())
    #expect(result.status == 2, "\(flags): \(result.status) \(result.stderr)")
    #expect(result.stderr.contains(says), "\(flags): \(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(flags): \(result.stderr)")
  }

  @Test func aMatchWithNoDisplaySaysSoBeforeAnyHandshake() throws {
    let result = try CommandRunner.run(
      ["play", "--game", "pong", "--host", "0", "--no-record"],
      environment: CommandRunner.withoutDisplay())
    #expect(result.status != 0)
    #expect(result.stderr.contains("no display to open a window on"), "\(result.stderr)")
    #expect(!result.stderr.contains("hosting"), "no socket opened: \(result.stderr)")
  }

  /// A --record that cannot be written is said before the window (here: before the display
  /// check) and the handshake, and nothing is left in its folder.
  @Test func aReplayThatCannotBeWrittenIsRefusedBeforeTheWindow() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("a-file").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    let result = try CommandRunner.run(
      ["play", "--game", "pong", "--host", "0", "--record", file + "/match.replay"],
      environment: CommandRunner.withoutDisplay())
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("is a file"), "\(result.stderr)")
    #expect(!result.stderr.contains("no display"), "\(result.stderr)")
    let fine = try CommandRunner.run(
      ["play", "--game", "pong", "--host", "0", "--record", folder.path + "/match.replay"],
      environment: CommandRunner.withoutDisplay())
    #expect(fine.stderr.contains("no display"), "\(fine.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a-file"])
  }
}
