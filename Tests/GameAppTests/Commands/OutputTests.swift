import Foundation
import Testing

/// Output that cannot be written is never lost in silence; a reader that stops reading is not
/// an error.
@Suite struct OutputTests {
  @Test(arguments: [
    ["simulate", "--seed", "1", "--ticks", "100", "--json"],
    ["replay", "assets/asteroids/demos/ace-seed1.replay", "--dump"],
    ["games"],
  ])
  func aFullDiskIsOneLineAndStatusTwo(arguments: [String]) throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try CommandRunner.run(Self.fromRepository(arguments), output: full)
    #expect(result.status == 2)
    #expect(result.stderr == "error: cannot write the output: no space left on device\n")
  }

  @Test func aClosedPipeStopsTheOutputButNotTheCommandOrItsStatus() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let verify = try CommandRunner.run(
      Self.fromRepository(["replay", "assets/asteroids/demos/ace-seed1.replay", "--dump"]),
      output: pipe)
    #expect(verify.status == 0)
    #expect(verify.stderr.isEmpty)
    let closed = Pipe()
    try closed.fileHandleForReading.close()
    let sweep = try CommandRunner.run(["sweep", "--seeds", "1...50", "--ticks", "64"], output: closed)
    #expect(sweep.status == 0)
  }

  /// `arguments` with the demo's path made absolute (tests run from anywhere).
  static func fromRepository(_ arguments: [String]) -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    return arguments.map { $0.hasPrefix("assets/") ? root + "/" + $0 : $0 }
  }
}

/// Hostile replay files from the command line: one line, status 2, bounded memory and time.
@Suite struct HostileReplayTests {
  @Test(arguments: [
    (["replay", "/dev/zero", "--verify"], "error: /dev/zero is not a replay file (it does not start with SRPL)"),
    (
      ["replay", "assets/asteroids/demos/ace-seed1.replay", "--verify", "--max-ticks", "1000"],
      "error: replay asks for 11520 ticks, over the limit of 1000"
    ),
  ])
  func refusedWithOneLine(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(OutputTests.fromRepository(arguments))
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
