import Foundation
import GameAssets
import GameCore
import GameFiles
import GameRender
import GameScene

/// What `GameApp` does with no arguments: the default game in a window when there is a
/// display, otherwise the attract mode: every registered game's bundled demos
/// (`assets/<game>/demos/*.replay`) replayed headless and verified, a one-line summary each.
///
/// The display check never lets SDL print: no `DISPLAY`/`WAYLAND_DISPLAY` means no window
/// before SDL is touched (see `Display.isAvailable`).
enum DefaultRun {
  static func run() throws {
    if Display.isAvailable() {
      try Play.parse([]).run()
      return
    }
    print("no display: attract mode, verifying every game's bundled demos")
    var failed = 0
    var played = 0
    for game in GameRegistry.games {
      let (count, failures) = try verifyDemos(of: game)
      played += count
      failed += failures
    }
    if played == 0 { print("no bundled demos found") }
    if failed > 0 { throw DemoVerificationFailed(count: failed) }
  }

  /// Verifies the demos of `game`; returns how many there were and how many failed.
  private static func verifyDemos<G: PlayableGame>(of game: G.Type) throws -> (Int, Int) {
    guard let folder = AssetLocator.folder(for: G.self).map({ $0 + "/demos" }),
      let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return (0, 0) }
    let names = entries.filter { $0.hasSuffix(".replay") }.sorted()
    var failed = 0
    for name in names {
      let path = folder + "/" + name
      let bytes = try ReplayFile.read(path: path)
      let outcome = try naming(replay: path) {
        let header = try ReplayReader(bytes: bytes).header
        guard header.gameID.isEmpty || header.gameID == G.id else {
          throw ReplayError.gameMismatch(found: header.gameID, expected: G.id)
        }
        return try G.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
      }
      let verdict = outcome.verified ? "verified" : "FAILED"
      let metrics = G.metrics(of: outcome.simulation.state).prefix(2)
      print(
        "\(G.id)/\(name): \(outcome.ticks) ticks, \(describe(Array(metrics))), "
          + "\(verdict) (\(outcome.hashesChecked) hashes)")
      if !outcome.verified { failed += 1 }
    }
    return (names.count, failed)
  }
}

/// Some bundled demo did not verify: the build's simulation differs from the recording's.
struct DemoVerificationFailed: Error, CustomStringConvertible {
  var count: Int
  var description: String { "\(count) bundled demo(s) failed verification" }
}
