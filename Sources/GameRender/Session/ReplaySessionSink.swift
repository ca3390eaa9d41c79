import Foundation
import GameCore
import GameFiles

/// Feeds a rewind-safe recording of `G` into the replay format's recorder and file sink.
///
/// The file is written as `<path>.part` chunk by chunk and renamed when the game ends, so a
/// crash never leaves a half-written file under the real name.
package final class ReplaySessionSink<G: Game>: RecordingSink {
  let path: String
  private let recorder: ReplayRecorder

  /// Starts `path` with a header for `seed` and `settings` at `tickRate` ticks per second.
  package init(path: String, seed: UInt64, settings: G.Settings, tickRate: UInt16 = 64) throws {
    self.path = path
    try createFolder((path as NSString).deletingLastPathComponent)
    let header = ReplayHeader(game: G.self, seed: seed, settings: settings, tickRate: tickRate)
    recorder = try ReplayRecorder(header: header, sink: ReplayFileSink(path: path))
  }

  package func record(_ input: TickInput, after state: G.State) throws {
    try recorder.record(input, after: state)
  }

  package func finish(state: G.State) throws -> String {
    let hash = try recorder.finish(state: state)
    return "recorded \(recorder.tick) ticks to \(path) "
      + "(\(recorder.bytesWritten) bytes, final hash \(ReplayFormat.hex(hash)))"
  }

  /// The default recording path: `$XDG_STATE_HOME/<game>/replays/` (else
  /// `~/.local/state/<game>/replays/`), named by UTC time and seed.
  package static func defaultPath(seed: UInt64) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.timeZone = TimeZone(identifier: "UTC")
    return "\(base)/\(G.id)/replays/\(formatter.string(from: Date()))-seed\(seed).replay"
  }
}
