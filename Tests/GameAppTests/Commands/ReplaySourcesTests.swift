import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where `replay` reads from: a high-score book's best game must be of the book's game; a
/// pipe nobody writes yet is waited for, and said so.
@Suite struct ReplaySourcesTests {
  @Test func aBestReplayOfAnotherGameIsRefusedNotVerified() throws {
    let data = try CommandRunner.temporaryDirectory()
    let book = data.appendingPathComponent("asteroids")
    try FileManager.default.createDirectory(
      at: book.appendingPathComponent("replays"), withIntermediateDirectories: true)
    let pong = OutputTests.fromRepository(["assets/pong/demos/seed1.replay"])[0]
    try FileManager.default.copyItem(
      atPath: pong, toPath: book.appendingPathComponent("replays/top.replay").path)
    let table =
      #"{"version":1,"tables":[{"name":"","order":"higher","entries":[{"initials":"AAA","value":9,"text":"9","date":"2026-11-25","replay":"top.replay"}]}]}"#
    try Data(table.utf8).write(to: book.appendingPathComponent("highscores.json"))
    let result = try CommandRunner.run(
      ["replay", "--best", "--game", "asteroids", "--verify"],
      environment: CommandRunner.withoutDisplay(["XDG_DATA_HOME": data.path]))
    #expect(result.status == 2)
    #expect(!result.stdout.contains("verified"))
    #expect(result.stderr.contains("is a replay of pong, not of asteroids"), "\(result.stderr)")
  }

  @Test func theBestReplayAndTheTablesAreNamedInWords() throws {
    let data = try CommandRunner.temporaryDirectory()
    let book = data.appendingPathComponent("pong")
    try FileManager.default.createDirectory(
      at: book.appendingPathComponent("replays"), withIntermediateDirectories: true)
    let demo = OutputTests.fromRepository(["assets/pong/demos/seed1.replay"])[0]
    let top = book.appendingPathComponent("replays/top.replay").path
    try FileManager.default.copyItem(atPath: demo, toPath: top)
    let table =
      #"{"version":1,"tables":[{"name":"","order":"higher","entries":[{"initials":"AAA","value":9,"text":"9","date":"2026-11-25","replay":"top.replay"}]}]}"#
    try Data(table.utf8).write(to: book.appendingPathComponent("highscores.json"))
    let environment = CommandRunner.withoutDisplay(["XDG_DATA_HOME": data.path])
    let best = try CommandRunner.run(
      ["replay", "--best", "--game", "pong", "--verify"], environment: environment)
    #expect(best.status == 0, "\(best.stderr)")
    #expect(best.stderr == "the top of Pong's high scores: AAA 9 on 2026-11-25, \(top)\n")
    let scores = try CommandRunner.run(["scores", "--game", "pong"], environment: environment)
    #expect(scores.status == 0)
    let lines = scores.stdout.split(separator: "\n")
    #expect(lines.first == "Pong high scores:")
    #expect(
      lines.dropFirst().first?.hasPrefix("   1 AAA 9  2026-11-25") == true, "\(scores.stdout)")
    #expect(!scores.stdout.contains(": \n"))
    let empty = try CommandRunner.run(
      ["scores", "--game", "asteroids"], environment: environment)
    #expect(empty.stdout == "Asteroids high scores: none yet\n")
  }

  @Test func aPipeNobodyWritesYetIsSaidToBeWaitedFor() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let fifo = folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let errors = folder.appendingPathComponent("stderr").path
    #expect(FileManager.default.createFile(atPath: errors, contents: nil))
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["replay", fifo]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    var said = ""
    while !said.contains("waiting for data on a pipe") && Date() < deadline {
      usleep(50_000)
      said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    }
    #expect(said.contains("waiting for data on a pipe: \(fifo)"), "\(said)")
    // Now write the replay into the pipe: it is read and played.
    let demo = try Data(
      contentsOf: URL(
        fileURLWithPath: OutputTests.fromRepository(["assets/pong/demos/seed1.replay"])[0]))
    let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
    try writer.write(contentsOf: demo)
    try writer.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func aDeviceGivenAsAShardIsReadAndJudgedNotCalledAPermissionProblem() throws {
    let result = try CommandRunner.run(["merge-sweeps", "/dev/null"])
    #expect(result.status == 2)
    #expect(result.stderr == "error: /dev/null has no summary line: an unfinished shard?\n")
  }

  @Test func anEndlessDeviceGivenAsAShardIsRefusedAtItsFirstLineNotHeld() throws {
    let zero = try CommandRunner.run(["merge-sweeps", "/dev/zero"])
    #expect(zero.status == 2)
    #expect(
      zero.stderr
        == "error: /dev/zero:1: longer than 65536 bytes, so not a line of `sweep --json` output\n")
    let random = try CommandRunner.run(["merge-sweeps", "/dev/urandom"])
    #expect(random.status == 2)
    #expect(random.stderr.hasPrefix("error: /dev/urandom:1: "), "\(random.stderr)")
    #expect(random.stderr.split(separator: "\n").count == 1)
  }

  @Test func aShardWithALineThatIsNotJSONIsRefusedNamingTheLine() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let shard = folder.appendingPathComponent("shard").path
    try Data("{\"seed\": 1}\nnot json\n{}\n".utf8).write(to: URL(fileURLWithPath: shard))
    let result = try CommandRunner.run(["merge-sweeps", shard])
    #expect(result.status == 2)
    #expect(
      result.stderr == "error: \(shard):2: not a line of `sweep --json` output (a JSON object)\n")
  }

  @Test func mergeSweepsHelpHasNoStrayBackslash() throws {
    let result = try CommandRunner.run(["merge-sweeps", "--help"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\\"), "\(result.stdout)")
  }
}
