import Foundation
import GameCore
import GameFiles
import Testing

@testable import GameRender

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
    let timeline = TickTimeline<TinyGame>(
      start: TinyGame.initialState(seed: 1, settings: NoSettings()))
    for _ in 0..<10 {
      timeline.step(.clap)
      try recording.follow(timeline)
    }
    #expect(sink.inputs.count == 6)
    #expect(recording.committed == 6, "a rewind may not go before tick 6")
    // Through the session: four steps back reach the window's start, a fifth is refused.
    let session = GameSession<TinyGame>(seed: 1, sink: MemorySink())
    for _ in 0..<(session.rewindTicks + 10) { session.step(.right) }
    for _ in 0..<session.rewindTicks { #expect(session.stepBack()) }
    #expect(!session.stepBack())
    #expect(session.store.state.tick == 10)
  }

  @Test func aGameThatEndsElsewhereThanItsInputsLeadIsAnErrorNotAFile() throws {
    let sink = MemorySink()
    let recording = RewindableRecording<TinyGame>(
      seed: 1, settings: NoSettings(), window: 4, sink: sink)
    // A timeline that starts elsewhere than the recording (another seed).
    let timeline = TickTimeline<TinyGame>(
      start: TinyGame.initialState(seed: 2, settings: NoSettings()))
    for _ in 0..<10 {
      timeline.step([])
      try recording.follow(timeline)
    }
    #expect(throws: RecordingError.diverged(atTick: 10)) {
      try recording.finish(timeline)
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
