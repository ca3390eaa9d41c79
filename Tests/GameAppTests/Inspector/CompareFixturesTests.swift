import Foundation
import GameCore
import PongGame
import Testing

/// Two recordings of Pong from the same start that part mid-game: the inspector's `--compare`
/// fixtures (Tests/GameAppTests/Fixtures/pong-{good,nudged}.replay), used by the HTTP tests,
/// the browser test and docs/INSPECTOR.md.
enum CompareFixtures {
  static let folder = repositoryRoot + "/Tests/GameAppTests/Fixtures"
  static let good = folder + "/pong-good.replay"
  static let nudged = folder + "/pong-nudged.replay"
  /// The tick from which the nudged game holds "down" for 40 ticks instead of the bot's input.
  static let nudgeTick = 1_500

  /// Seed 1, the coach bot, 4,000 ticks; with `nudge`, "down" held on ticks 1,500 to 1,539.
  static func recording(nudge: Bool) throws -> [UInt8] {
    let simulation = Simulation<Pong>(seed: 1)
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: Pong.self, seed: 1, settings: NoSettings()), sink: sink)
    var bot = Pong.bot(named: "coach", seed: 1)!
    let down = Pong.buttons.input(named: "down")!
    for tick in 1...4_000 {
      var input = bot.input(for: simulation.state)
      if nudge && (nudgeTick..<nudgeTick + 40).contains(tick) { input = down }
      simulation.step(input)
      try recorder.record(input, after: simulation.state)
    }
    _ = try recorder.finish(state: simulation.state)
    return sink.bytes
  }
}

@Suite struct CompareFixturesTests {
  /// `RECORD_FIXTURES=1 swift test --filter CompareFixturesTests` writes them again.
  @Test func theFixturesAreTheseRecordings() throws {
    for (path, nudge) in [(CompareFixtures.good, false), (CompareFixtures.nudged, true)] {
      let bytes = try CompareFixtures.recording(nudge: nudge)
      if ProcessInfo.processInfo.environment["RECORD_FIXTURES"] == "1" {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      }
      #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "\(path)")
    }
  }
}
