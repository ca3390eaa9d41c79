import AsteroidsGame
import Foundation
import GameCore
import Testing

@testable import GameRender
import GameFiles

/// Keeps what a recording commits, in memory.
final class AsteroidsMemorySink: RecordingSink {
  var inputs: [TickInput] = []
  var finalState: Asteroids.State?
  func record(_ input: TickInput, after state: Asteroids.State) throws { inputs.append(input) }
  func finish(state: Asteroids.State) throws -> String {
    finalState = state
    return "done"
  }
}

/// The play session with rewind and recording, on the real game: a rewound timeline is what
/// the file holds, and the file verifies.
@Suite struct AsteroidsRecordingTests {
  @Test func aRewoundTimelineIsRecordedAsTheOneThePlayerEndedOn() throws {
    let sink = AsteroidsMemorySink()
    let session = GameSession<Asteroids>(seed: 3, sink: sink)
    var bot = try Bot(name: "ace", seed: 9)
    for _ in 0..<300 { session.step(bot.input(for: session.store.state)) }
    for _ in 0..<100 { #expect(session.stepBack()) }
    for _ in 0..<150 { session.step(bot.input(for: session.store.state)) }
    _ = try session.finish()
    #expect(sink.inputs.count == 350)
    let replayed = Simulation<Asteroids>(seed: 3, settings: AsteroidsSettings())
    for input in sink.inputs { replayed.step(input) }
    #expect(replayed.state == session.store.state)
    #expect(sink.finalState == session.store.state)
  }

  @Test func aRecordedFileWithRewindsVerifies() throws {
    let path = NSTemporaryDirectory() + "asteroids-recording-\(UUID().uuidString).replay"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let session = GameSession<Asteroids>(
      seed: 5,
      sink: try ReplaySessionSink<Asteroids>(path: path, seed: 5, settings: AsteroidsSettings()))
    var bot = try Bot(name: "ace", seed: 2)
    for _ in 0..<2_000 { session.step(bot.input(for: session.store.state)) }
    for _ in 0..<300 { _ = session.stepBack() }
    for _ in 0..<500 { session.step(bot.input(for: session.store.state)) }
    _ = try session.finish()
    let bytes = try ReplayFile.read(path: path)
    #expect(try ReplayReader(bytes: bytes).header.gameID == "asteroids")
    let outcome = try Asteroids.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.verified)
    #expect(outcome.ticks == 2_200)
    #expect(outcome.finalHash == session.store.state.stableHash)
  }

  @Test func theSessionSummaryNamesTheGameStateAndTheButtonsHeld() {
    let session = GameSession<Asteroids>(seed: 4, sink: nil)
    session.step(.fire)
    for _ in 0..<5 { session.step(.rotateLeft) }
    let summary = session.summary
    #expect(summary.hasPrefix("tick=6 phase=playing"))
    #expect(summary.contains("rotate-left:5"))
    #expect(summary.contains("fire:1"))
  }
}
