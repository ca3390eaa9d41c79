import Foundation
import GameCore
import GameRender
import GameScene
import GameFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay FILE --video clip.mp4`: the replay drawn offscreen at its recorded rate and piped
/// into ffmpeg as raw frames; MP4 (H.264, with the game's sounds mixed in as AAC) or GIF by the
/// file's extension.
///
/// Nothing is lost: the clip is an ``OutputFile`` (a temporary created exclusively beside it,
/// handed to ffmpeg as its standard output and renamed over a regular file only when ffmpeg
/// succeeds; a device such as `/dev/null` is written in place); the sound goes through a
/// second exclusive temporary, streamed (memory holds one sound, not the track); on a failure,
/// SIGINT or SIGTERM ffmpeg is stopped and both temporaries are removed.
enum VideoExport {
  /// Encodes the ticks `range` of a replay of `G` into `path`, after checking the replay
  /// within `limits` as `replay --verify` does. Returns the number of frames.
  static func encode<G: PlayableGame>(
    _ game: G.Type, replay bytes: [UInt8], to path: String, range: ClosedRange<Int>,
    tickRate: Int, limits: ReplayLimits
  ) throws -> Int {
    guard let ffmpeg = executable(named: "ffmpeg") else {
      throw FileProblem(
        description: "replay --video needs ffmpeg, which is not installed "
          + "(Debian and Ubuntu: apt-get install ffmpeg)")
    }
    let (_, ticks) = try ReplayPlayer<Simulation<G>>.check(
      bytes, allowPartial: true, limits: limits)
    guard range.lowerBound <= ticks else {
      throw FileProblem(
        description: "--from is past the end of the replay (it has \(ticks) ticks)")
    }
    try createFolder(holding: path)
    Leftovers.removeOnSignals()
    let output = try OutputFile(path: path)
    var track: OutputFile?
    defer { track?.discard() }
    do {
      let format = (path as NSString).pathExtension.lowercased() == "gif" ? "gif" : "mp4"
      var audioInput: [String] = []
      if format == "mp4" {
        // The game's sounds, mixed as the window plays them, under an MP4's picture: raw
        // samples (no size field to overflow), streamed to a temporary ffmpeg reads back.
        let sound = try OutputFile.scratch(beside: output.target, suffix: ".pcm")
        track = sound
        let audible = try SoundTrack.stream(G.self, replay: bytes, ticks: range, limits: limits) {
          samples in
          try samples.withUnsafeBytes { try sound.write($0) }
        }
        if audible, let soundPath = sound.temporaryPath {
          audioInput = ["-f", "s16le", "-ar", "\(Int(Audio.rate))", "-ac", "1", "-i", soundPath]
        }
      }
      let frames = try run(
        ffmpeg: ffmpeg, format: format, audioInput: audioInput, tickRate: tickRate,
        output: output, path: path
      ) { write in
        let progress = ProgressBar(label: "video")
        defer { progress.finish() }
        var frames = 0
        let total = min(range.count, max(0, ticks - range.lowerBound + 1))
        try drawReplay(G.self, replay: bytes, ticks: range, limits: limits) { _, offscreen in
          guard write(offscreen.rawFrame()) else { return false }
          frames += 1
          progress.update(done: frames, total: total)
          return true
        }
        return frames
      }
      try output.commit()
      return frames
    } catch {
      output.discard()
      throw error
    }
  }

  /// Runs ffmpeg writing to `output`'s descriptor (as its standard output: the name it opens
  /// is `/dev/stdout`, so no path is ever reopened by name) and feeds it the frames `draw`
  /// writes; `write` returns false once ffmpeg stopped reading. Fails with ffmpeg's own first
  /// line when it fails.
  private static func run(
    ffmpeg: String, format: String, audioInput: [String], tickRate: Int, output: OutputFile,
    path: String, draw: (_ write: ([UInt8]) -> Bool) throws -> Int
  ) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments =
      [
        "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgr0",
        "-s", "\(Scene.frameWidth)x\(Scene.frameHeight)", "-r", "\(tickRate)", "-i", "-",
      ] + audioInput
      + (format == "gif"
        ? [
          "-vf",
          "fps=25,scale=640:-1:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse",
          "-f", "gif",
        ]
        : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p"]
          + (audioInput.isEmpty ? [] : ["-c:a", "aac", "-b:a", "96k", "-shortest"])
          + ["-movflags", "+faststart", "-f", "mp4"])
      + ["/dev/stdout"]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    process.standardOutput = FileHandle(fileDescriptor: output.descriptor, closeOnDealloc: false)
    try process.run()
    let child = Leftovers.remember(child: process.processIdentifier)
    defer { Leftovers.forget(child: child) }
    // ffmpeg's complaints are read as they come, so a chatty ffmpeg never blocks on them.
    let complaints = Complaints()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) {
      complaints.text = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    let pipe = input.fileHandleForWriting.fileDescriptor
    var stopped = false
    let frames: Int
    do {
      frames = try draw { bytes in
        guard !stopped else { return false }
        if writeAll(pipe, bytes) { return true }
        stopped = true
        return false
      }
    } catch {
      try? input.fileHandleForWriting.close()
      process.terminate()
      process.waitUntilExit()
      throw error
    }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    reading.wait()
    guard process.terminationStatus == 0, !stopped else {
      let line =
        complaints.text.split(separator: "\n").first.map(String.init)
        ?? "it stopped reading the frames (status \(process.terminationStatus))"
      throw FileProblem(description: "ffmpeg could not write \(path): \(line)")
    }
    return frames
  }

  /// Writes all of `bytes` to `descriptor`; false when the reader has gone (or any error).
  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return false }
        done += count
      }
      return true
    }
  }

  /// The first executable called `name` on `PATH`.
  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// A tick from `--from`/`--to`: a number of ticks, or minutes:seconds(.fraction) at
  /// `tickRate`; nil when it is neither, or past the longest replay the format allows.
  static func tick(_ text: String, tickRate: Int) -> Int? {
    if let ticks = Int(text), ticks >= 0 { return min(ticks, ReplayFormat.maxTotalTicks + 1) }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let minutes = Int(parts[0]), minutes >= 0,
      let seconds = Double(parts[1]), seconds >= 0, seconds < 60
    else { return nil }
    let ticks = ((Double(minutes) * 60 + seconds) * Double(tickRate)).rounded()
    // Checked as a Double first: a huge number of minutes must not trap in the conversion.
    guard ticks <= Double(ReplayFormat.maxTotalTicks) else { return ReplayFormat.maxTotalTicks + 1 }
    return Int(ticks)
  }
}

/// What ffmpeg said on its standard error, filled by a reader thread and read after it ends.
private final class Complaints: @unchecked Sendable {
  var text = ""
}
