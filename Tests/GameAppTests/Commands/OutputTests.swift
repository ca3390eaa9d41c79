import Foundation
import GameCore
import Testing

@testable import GameLauncher
import GameFiles

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
      "error: assets/asteroids/demos/ace-seed1.replay: replay asks for 11520 ticks, over the limit of 1000"
    ),
  ])
  func refusedWithOneLine(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(OutputTests.fromRepository(arguments))
    #expect(result.status == 2)
    let expected = OutputTests.fromRepository([String(message.dropFirst(7))])[0]
    #expect(result.stderr.hasPrefix("error: " + expected), "\(result.stderr)")
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
        "4000", "--format", "bmp",
      ]))
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: cannot write \(folder.path)/frame-004000.bmp: no space left on device\n")
  }

  @Test func aFolderThatCannotBeMadeIsNamedWithItsReasonInOurWords() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let file = folder.appendingPathComponent("file").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let cases = [
      (
        ["replay", "assets/pong/demos/seed1.replay", "--frames", file + "/x"],
        "error: cannot create folder \(file)/x: \(file) is a file\n"
      ),
      (
        ["screenshots", "--game", "pong", file + "/x/y"],
        "error: cannot create folder \(file)/x/y: \(file) is a file\n"
      ),
      (
        ["simulate", "--seed", "1", "--ticks", "10", "--record", "/dev/null/x/r.replay"],
        "error: cannot create folder /dev/null/x: /dev/null is a device\n"
      ),
    ]
    for (arguments, message) in cases {
      let result = try CommandRunner.run(OutputTests.fromRepository(arguments))
      #expect(result.status == 2)
      #expect(result.stderr == message)
      #expect(!result.stderr.lowercased().contains("domain"))
    }
  }

  @Test func aFoundationErrorIsToldInOurWordsWithItsPath() {
    let error = CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: "/x/y"])
    #expect(foundationErrorInWords(error) == "/x/y: permission denied")
    let bare = NSError(domain: NSCocoaErrorDomain, code: 512)
    #expect(foundationErrorInWords(bare) == "a file error the system did not explain")
    #expect(foundationErrorInWords(FileError.closed(path: "/x")) == nil)
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

/// Pictures people can share: PNG frames, video clips through ffmpeg.
@Suite struct SharedPicturesTests {
  @Test func aClipOfAReplayIsEncodedByFfmpeg() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
      Issue.record("ffmpeg is not installed (scripts/install-deps installs it)")
      return
    }
    let folder = try CommandRunner.temporaryDirectory()
    let demo = OutputTests.fromRepository(["assets/pong/demos/seed1.replay"])[0]
    for (name, magic) in [("clip.mp4", [UInt8]("ftyp".utf8)), ("clip.gif", [UInt8]("GIF89a".utf8))] {
      let path = folder.appendingPathComponent(name).path
      let result = try CommandRunner.run(["replay", demo, "--video", path, "--from", "64", "--to", "0:02"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "wrote \(path): 65 frames at 64 fps\n")
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let start = name.hasSuffix("mp4") ? 4 : 0
      #expect(Array(bytes[start..<(start + magic.count)]) == magic, "\(name)")
    }
  }

  @Test func anMP4ClipCarriesTheGamesSounds() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else {
      Issue.record("ffmpeg is not installed (scripts/install-deps installs it)")
      return
    }
    let folder = try CommandRunner.temporaryDirectory()
    let path = folder.appendingPathComponent("shots.mp4").path
    let demo = OutputTests.fromRepository(["assets/asteroids/demos/ace-seed1.replay"])[0]
    let result = try CommandRunner.run(["replay", demo, "--video", path, "--to", "0:03"])
    #expect(result.status == 0, "\(result.stderr)")
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
    probe.arguments = ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", path]
    let out = Pipe()
    probe.standardOutput = out
    try probe.run()
    let streams = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    probe.waitUntilExit()
    #expect(streams.split(separator: "\n").sorted() == ["audio", "video"])
  }

  @Test func withoutFfmpegItIsOneLine() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = "/nonexistent"
    let demo = OutputTests.fromRepository(["assets/pong/demos/seed1.replay"])[0]
    let result = try CommandRunner.run(
      ["replay", demo, "--video", "/tmp/never.mp4"], environment: environment)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: replay --video needs ffmpeg, which is not installed"))
  }

  @Test func screenshotsArePNGsUnlessAskedForBMP() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let result = try CommandRunner.run(["screenshots", "--game", "pong", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    let title = [UInt8](try Data(contentsOf: folder.appendingPathComponent("title.png")))
    #expect(title.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }
}

/// Bad numbers say what is wrong with them.
@Suite struct NumberMessageTests {
  @Test(arguments: [
    (["simulate", "--seed", "1", "--ticks", "-5"], "error: --ticks must be between 0 and"),
    (["simulate", "--seed", "-1", "--ticks", "5"], "error: The value '-1' is invalid for '--seed <s>'"),
    (["sweep", "--seeds", "1...3", "--ticks", "5", "--jobs", "-2"], "error: --jobs must be between 1 and 1024"),
  ])
  func aNegativeNumberIsNamedNotMissing(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
  }
}

/// A long simulation reports every game it finished, not only the last.
@Suite struct FinishedGamesTests {
  @Test func simulateCountsTheGamesThatEndedWithTheirBestAndMeanScore() throws {
    let result = try CommandRunner.run(
      ["simulate", "--game", "blocks", "--bot", "beginner", "--seed", "3", "--ticks", "20000", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try CommandRunner.json(result)
    let finished = try #require(json["games_finished"] as? Int)
    #expect(finished >= 2)
    let best = try #require(json["best_finished_score"] as? Int)
    let mean = try #require(json["mean_finished_score"] as? Double)
    #expect(Double(best) >= mean && mean > 0)
    // The mean keeps its fraction: three decimals, in JSON and in text alike.
    let written = try #require(
      result.stdout.firstMatch(of: /"mean_finished_score": ([0-9]+\.[0-9]{3})[,}]/)?.1)
    let text = try CommandRunner.run(
      ["simulate", "--game", "blocks", "--bot", "beginner", "--seed", "3", "--ticks", "20000"])
    #expect(
      text.stdout.contains("\(finished) games finished: best score \(best), mean \(written)"),
      "\(text.stdout)")
  }
}
