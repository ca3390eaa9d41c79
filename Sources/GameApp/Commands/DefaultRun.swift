import Foundation
import GameCore
import GameRender

/// What `GameApp` does with no arguments: the game in a window when there is a display,
/// otherwise the attract mode: every bundled demo (`assets/demos/*.replay`) replayed headless
/// and verified, with a one-line summary each.
///
/// The display check never lets SDL print: no `DISPLAY`/`WAYLAND_DISPLAY` means no window
/// before SDL is touched (see `Display.isAvailable`).
enum DefaultRun {
  static func run() throws {
    if Display.isAvailable() {
      try Play.parse([]).run()
      return
    }
    let folder = try AssetLocator.folder() + "/demos"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".replay") }.sorted()
    print("no display: attract mode, verifying \(names.count) bundled demos from \(folder)")
    var failed = 0
    for name in names {
      let bytes = try ReplayFile.read(path: folder + "/" + name)
      let outcome = try ReplayPlayer<Simulation>.play(bytes, verify: true)
      let state = outcome.simulation.state
      let verdict = outcome.verified ? "verified" : "FAILED"
      print(
        "\(name): \(outcome.ticks) ticks, score \(state.score.score), wave \(state.score.wave), "
          + "\(verdict) (\(outcome.hashesChecked) hashes)")
      if !outcome.verified { failed += 1 }
    }
    if failed > 0 { throw DemoVerificationFailed(count: failed) }
  }
}

/// Some bundled demo did not verify: the build's simulation differs from the recording's.
struct DemoVerificationFailed: Error, CustomStringConvertible {
  var count: Int
  var description: String { "\(count) bundled demo(s) failed verification" }
}
