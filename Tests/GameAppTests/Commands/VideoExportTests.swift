import Foundation
import GameCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `replay --video` and `simulate --record` promise about the files around them: a
/// folder is refused before any work, a device is written in place and never replaced, a
/// planted link is never followed, and nothing is left behind on a failure or a signal.
@Suite struct VideoExportTests {
  static let demo = OutputTests.fromRepository(["assets/pong/demos/seed1.replay"])[0]
  /// Whether ffmpeg is installed; when it is not, records the issue that fails the test (a
  /// test that returned quietly would pass having tested nothing).
  static func needsFfmpeg() -> Bool {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
      Issue.record("ffmpeg is not installed (scripts/install-deps installs it)")
      return false
    }
    return true
  }

  /// Whether `/dev/full` is there to be written; when it is not, records the issue.
  static func needsFullDevice() -> Bool {
    guard access("/dev/full", W_OK) == 0 else {
      Issue.record("/dev/full is missing or not writable (Linux has it: the test needs it)")
      return false
    }
    return true
  }

  static func kind(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
  }

  /// A null device of the test's own as root (CI runs as root), never the system's
  /// `/dev/null` that a broken writer could replace; as anyone else, `/dev/null` itself,
  /// which they cannot replace or create files beside, so a writer that tried fails.
  static func nullDevice(in folder: URL) -> String {
    var null = stat()
    let path = folder.appendingPathComponent("null").path
    guard getuid() == 0, stat("/dev/null", &null) == 0,
      mknod(path, S_IFCHR | 0o666, null.st_rdev) == 0
    else { return "/dev/null" }
    return path
  }

  @Test func anExistingFolderIsRefusedBeforeAnyWorkAndKeptWhole() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let videos = folder.appendingPathComponent("Videos")
    try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
    try Data("holiday".utf8).write(to: videos.appendingPathComponent("holiday.mp4"))
    let result = try CommandRunner.run(["replay", Self.demo, "--video", videos.path])
    #expect(result.status == 2)
    #expect(
      result.stderr == "error: --video \(videos.path) is a folder; give the clip a file name\n")
    #expect(
      try Data(contentsOf: videos.appendingPathComponent("holiday.mp4")) == Data("holiday".utf8))
  }

  @Test func aDeviceIsWrittenInPlaceNeverReplaced() throws {
    guard Self.needsFfmpeg() else { return }
    let folder = try CommandRunner.temporaryDirectory()
    let device = Self.nullDevice(in: folder)
    let video = try CommandRunner.run(["replay", Self.demo, "--video", device, "--to", "32"])
    #expect(video.status == 0, "\(video.stderr)")
    #expect(Self.kind(device) == S_IFCHR)
    let record = try CommandRunner.run(
      ["simulate", "--game", "pong", "--seed", "1", "--ticks", "100", "--record", device])
    #expect(record.status == 0, "\(record.stderr)")
    #expect(Self.kind(device) == S_IFCHR)
    let left = device == "/dev/null" ? [] : ["null"]
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == left)
  }

  @Test func aFullDeviceIsOneLineAndStaysADevice() throws {
    guard Self.needsFfmpeg(), Self.needsFullDevice() else { return }
    let video = try CommandRunner.run(["replay", Self.demo, "--video", "/dev/full", "--to", "32"])
    #expect(video.status == 2)
    #expect(video.stderr.hasPrefix("error: ffmpeg could not write /dev/full: "), "\(video.stderr)")
    #expect(video.stderr.split(separator: "\n").count == 1)
    #expect(!video.stderr.contains("NSCocoaErrorDomain"))
    #expect(Self.kind("/dev/full") == S_IFCHR)
  }

  @Test func aLinkPlantedAsTheClipsTemporaryIsNeverFollowed() throws {
    guard Self.needsFfmpeg() else { return }
    let folder = try CommandRunner.temporaryDirectory()
    let victim = folder.appendingPathComponent("victim").path
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    let clip = folder.appendingPathComponent("clip.mp4").path
    for planted in [clip + ".part", folder.appendingPathComponent(".clip.mp4.part").path] {
      #expect(symlink(victim, planted) == 0)
    }
    let result = try CommandRunner.run(["replay", Self.demo, "--video", clip, "--to", "32"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("precious".utf8))
    #expect(Self.kind(clip + ".part") == S_IFLNK)
    #expect(Self.kind(clip) == S_IFREG)
  }

  @Test func aHugeFromIsOneLineNotATrap() throws {
    let result = try CommandRunner.run(
      ["replay", Self.demo, "--video", "/tmp/never.mp4", "--from", "999999999999999999:00"])
    #expect(result.status == 2)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("--from is past the end of the replay"), "\(result.stderr)")
  }

  @Test(arguments: [["--video", "clip.mp4"], ["--frames", "frames"]])
  func framesAndVideoObeyMaxTicksAsVerifyDoes(output: [String]) throws {
    let folder = try CommandRunner.temporaryDirectory()
    let target = folder.appendingPathComponent(output[1]).path
    let result = try CommandRunner.run(
      ["replay", Self.demo, output[0], target, "--max-ticks", "100"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("100"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aKilledVideoLeavesNothingBehindAndStopsFfmpeg() throws {
    guard Self.needsFfmpeg() else { return }
    let folder = try CommandRunner.temporaryDirectory()
    let clip = folder.appendingPathComponent("clip.mp4").path
    let demo = OutputTests.fromRepository(["assets/asteroids/demos/ace-seed1.replay"])[0]
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["replay", demo, "--video", clip]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Wait (with a deadline) until the clip's temporary is being written, then stop it.
    let deadline = Date().addingTimeInterval(60)
    while Self.kind(clip + ".part") == nil && process.isRunning && Date() < deadline {
      usleep(20_000)
    }
    #expect(Self.kind(clip + ".part") == S_IFREG)
    #expect(Self.stop(process))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.isEmpty, "\(left)")
  }

  /// Sends SIGTERM and waits (with a deadline) for `process` to die of it; kills it if not.
  static func stop(_ process: Process) -> Bool {
    process.terminate()
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return false
    }
    return process.terminationReason == .uncaughtSignal
  }
}

@Suite struct RecordSafetyTests {
  @Test func aFullDiskLeavesNoEmptyPartFile() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let file = folder.appendingPathComponent("run.replay").path
    // A file size limit of 0 blocks: every write fails as on a full disk.
    let result = try CommandRunner.run(
      [
        "/bin/sh", "-c", "ulimit -f 0; exec \"$0\" \"$@\"", CommandRunner.executable.path,
        "simulate", "--game", "pong", "--seed", "1", "--ticks", "100", "--record", file,
      ], viaShell: true)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func anInterruptedRecordingIsRemovedOnSIGTERM() throws {
    let folder = try CommandRunner.temporaryDirectory()
    let file = folder.appendingPathComponent("run.replay").path
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["simulate", "--seed", "1", "--ticks", "100000000", "--record", file]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while VideoExportTests.kind(file + ".part") == nil && Date() < deadline { usleep(20_000) }
    #expect(VideoExportTests.kind(file + ".part") == S_IFREG)
    #expect(VideoExportTests.stop(process))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
