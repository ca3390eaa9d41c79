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
