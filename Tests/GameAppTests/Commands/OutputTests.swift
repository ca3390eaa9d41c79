import Foundation
import GameCore
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

/// Files the commands write: refused before the run when they cannot be, one line when a write
/// fails.
@Suite struct WrittenFileTests {
  @Test func recordingOntoAFolderIsRefusedBeforeTheRun() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let result = try CommandRunner.run(
      ["simulate", "--seed", "1", "--ticks", "100000000", "--record", folder.path])
    #expect(result.status == 2)
    #expect(result.stderr == "error: --record \(folder.path) is a folder; give the replay a file name\n")
  }

  @Test func aFrameThatCannotBeWrittenIsOneLineNamingItAndTheReason() throws {
    let folder = try CommandRunner.temporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("frame-004000.bmp").path,
      withDestinationPath: "/dev/full")
    let result = try CommandRunner.run(
      OutputTests.fromRepository([
        "replay", "assets/asteroids/demos/ace-seed1.replay", "--frames", folder.path, "--every",
        "4000",
      ]))
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: cannot write \(folder.path)/frame-004000.bmp: no space left on device\n")
  }

  @Test func aHeaderOnlyPartFileIsNotVerifiedAndSaysSo() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let file = folder.appendingPathComponent("run.replay").path
    _ = try CommandRunner.run(["simulate", "--seed", "1", "--ticks", "600", "--record", file])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let part = file + ".part"
    // A recorder killed in its first 1,024 ticks leaves the header alone.
    let header = try ReplayReader(bytes: [UInt8](bytes)).header
    try Data(header.encoded).write(to: URL(fileURLWithPath: part))
    let result = try CommandRunner.run(["replay", part, "--verify"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("not verified: the file holds no recorded hash to check"))
    #expect(!result.stdout.contains("verified: all"))
  }
}
