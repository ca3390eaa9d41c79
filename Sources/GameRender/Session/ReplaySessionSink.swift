import Foundation
import GameCore

/// Feeds a rewind-safe recording into the replay format's recorder and file sink.
///
/// The file is written as `<path>.part` chunk by chunk and renamed when the game ends, so a
/// crash never leaves a half-written file under the real name.
package final class ReplaySessionSink: RewindableRecording.Sink {
  let path: String
  private let recorder: ReplayRecorder

  /// Starts `path` with a header for `seed` and `settings` at `tickRate` ticks per second.
  package init(path: String, seed: UInt64, settings: GameSettings, tickRate: UInt16 = 64) throws {
    self.path = path
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let header = ReplayHeader(
      gameVersion: Game.version, tickRate: tickRate, seed: seed, settings: settings.encoded)
    recorder = try ReplayRecorder(header: header, sink: ReplayFileSink(path: path))
  }

  package func record(_ input: TickInput, after state: Game.State) throws {
    try recorder.record(input, after: HashedState(state: state))
  }

  package func finish(state: Game.State) throws -> String {
    let hash = try recorder.finish(state: HashedState(state: state))
    return "recorded \(recorder.tick) ticks to \(path) "
      + "(\(recorder.bytesWritten) bytes, final hash \(ReplayFormat.hex(hash)))"
  }

  /// The default recording path: `$XDG_STATE_HOME/asteroids/replays/` (else
  /// `~/.local/state/asteroids/replays/`), named by UTC time and seed.
  package static func defaultPath(seed: UInt64) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.timeZone = TimeZone(identifier: "UTC")
    return "\(base)/asteroids/replays/\(formatter.string(from: Date()))-seed\(seed).replay"
  }
}

/// `Game.State` seen through the replay format's hashing protocol, without declaring the
/// conformance here (GameCore may declare it itself).
struct HashedState: ReplayHashable {
  let state: Game.State
  var hashSections: [(name: String, hash: UInt64)] { state.hashSections }
  func stableHash(into hasher: inout StableHasher) { state.stableHash(into: &hasher) }
}
