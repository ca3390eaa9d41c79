import Foundation
import GameCore
import Testing

@testable import GameRender
import GameFiles

/// Keeps what the recording commits, in memory.
final class MemorySink: RecordingSink {
  var inputs: [TickInput] = []
  var finalState: TinyGame.State?
  func record(_ input: TickInput, after state: TinyGame.State) throws { inputs.append(input) }
  func finish(state: TinyGame.State) throws -> String {
    finalState = state
    return "done"
  }
}

@Suite struct RewindableRecordingTests {
  /// Walks right for a while, then left (every tick moves, so rewind takes one tick a step).
  static func input(_ tick: Int) -> TickInput {
    tick % 100 < 60 ? .right : .left
  }

  @Test func aRewoundTimelineIsRecordedAsTheOneThePlayerEndedOn() throws {
    let sink = MemorySink()
    let session = GameSession<TinyGame>(seed: 3, sink: sink)
    for tick in 0..<300 { session.step(Self.input(tick)) }
    for _ in 0..<100 { #expect(session.stepBack()) }
    for tick in 0..<150 { session.step(Self.input(tick * 3)) }
    _ = try session.finish()
    #expect(sink.inputs.count == 350)
    let replayed = Simulation<TinyGame>(seed: 3)
    for input in sink.inputs { replayed.step(input) }
    #expect(replayed.state == session.store.state)
    #expect(sink.finalState == session.store.state)
  }

  @Test func inputsOlderThanTheWindowAreFinalAndCannotBeRewound() throws {
    let sink = MemorySink()
    let recording = RewindableRecording<TinyGame>(
      seed: 1, settings: NoSettings(), window: 4, sink: sink)
    for _ in 0..<10 { try recording.append(.clap) }
    #expect(sink.inputs.count == 6)
    for _ in 0..<4 { recording.rewindOne() }
    #expect(!recording.canRewind)
    #expect(recording.tick == 6)
  }

  @Test func aGameThatEndsElsewhereThanItsInputsLeadIsAnErrorNotAFile() throws {
    let sink = MemorySink()
    let recording = RewindableRecording<TinyGame>(
      seed: 1, settings: NoSettings(), window: 4, sink: sink)
    for _ in 0..<10 { try recording.append([]) }
    var elsewhere = TinyGame.initialState(seed: 2, settings: NoSettings())
    elsewhere.tick = 10
    #expect(throws: RecordingError.diverged(atTick: 10)) {
      try recording.finish(live: elsewhere)
    }
    #expect(sink.finalState == nil)
  }

  @Test func aRecordedFileWithRewindsVerifies() throws {
    let path = NSTemporaryDirectory() + "gamerender-test-\(UUID().uuidString).replay"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let session = GameSession<TinyGame>(
      seed: 5, sink: try ReplaySessionSink<TinyGame>(path: path, seed: 5, settings: NoSettings()))
    for tick in 0..<2_000 { session.step(Self.input(tick)) }
    for _ in 0..<300 { _ = session.stepBack() }
    for tick in 0..<500 { session.step(Self.input(tick + 11)) }
    _ = try session.finish()
    let bytes = try ReplayFile.read(path: path)
    let outcome = try TinyGame.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.verified)
    #expect(outcome.ticks == 2_200)
    #expect(outcome.finalHash == session.store.state.stableHash)
  }
}
