import Foundation
import GameCore
import GameRender
import GameScene

/// `replay FILE --video clip.mp4`: the replay drawn offscreen at its recorded rate and piped
/// into ffmpeg as raw frames; MP4 (H.264, with the game's sounds mixed in as AAC) or GIF by the
/// file's extension.
enum VideoExport {
  /// Encodes the ticks `range` (all when nil) of a replay of `G` into `path`, written as a
  /// temporary file and renamed when ffmpeg succeeds. Returns the number of frames.
  static func encode<G: PlayableGame>(
    _ game: G.Type, replay bytes: [UInt8], to path: String, range: ClosedRange<Int>?,
    tickRate: Int
  ) throws -> Int {
    guard let ffmpeg = executable(named: "ffmpeg") else {
      throw FileProblem(
        description: "replay --video needs ffmpeg, which is not installed "
          + "(Debian and Ubuntu: apt-get install ffmpeg)")
    }
    try createFolder(holding: path)
    let url = URL(fileURLWithPath: path)
    let format = url.pathExtension.lowercased() == "gif" ? "gif" : "mp4"
    let partial = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).part").path
    // The game's sounds, mixed as the window plays them, under an MP4's picture.
    var audioInput: [String] = []
    let track = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).wav").path
    defer { try? FileManager.default.removeItem(atPath: track) }
    if format == "mp4" {
      let samples = try SoundTrack.mix(G.self, replay: bytes, ticks: range ?? 1...Int.max)
      if samples.contains(where: { $0 != 0 }) {
        try Data(SoundTrack.wav(samples)).write(to: URL(fileURLWithPath: track))
        audioInput = ["-i", track]
      }
    }
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
      + [partial]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let progress = ProgressBar(label: "video")
    var frames = 0
    var total = 0
    do {
      try drawReplay(G.self, replay: bytes, ticks: range) { tick, offscreen in
        try input.fileHandleForWriting.write(contentsOf: Data(offscreen.rawFrame()))
        frames += 1
        total = max(total, tick)
        progress.update(done: frames, total: max(frames, (range?.count ?? frames)))
        return true
      }
    } catch {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
      try? FileManager.default.removeItem(atPath: partial)
      progress.finish()
      throw error
    }
    try input.fileHandleForWriting.close()
    let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    progress.finish()
    guard process.terminationStatus == 0 else {
      try? FileManager.default.removeItem(atPath: partial)
      let line = complaint.split(separator: "\n").first.map(String.init) ?? "no message"
      throw FileProblem(description: "ffmpeg could not write \(path): \(line)")
    }
    if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
    try FileManager.default.moveItem(atPath: partial, toPath: path)
    return frames
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
  /// `tickRate`.
  static func tick(_ text: String, tickRate: Int) -> Int? {
    if let ticks = Int(text), ticks >= 0 { return ticks }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let minutes = Int(parts[0]), minutes >= 0,
      let seconds = Double(parts[1]), seconds >= 0, seconds < 60
    else { return nil }
    return Int(((Double(minutes) * 60 + seconds) * Double(tickRate)).rounded())
  }
}
