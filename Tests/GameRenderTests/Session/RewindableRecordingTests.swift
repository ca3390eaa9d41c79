import GameCore
import Testing

@testable import GameRender

/// The replay format's player, driving a plain store of the game.
struct StoreSimulation: ReplayableSimulation {
  static var gameVersion: UInt16 { Game.version }
  let store: StoreOf<Game>
  init(replaying header: ReplayHeader) throws(ReplayError) {
    guard let settings = try? GameSettings(encoded: header.settings) else {
      throw .badSettings(reason: "settings blob")
    }
    store = StoreOf(
      initialState: Game.State(seed: header.seed, settings: settings), reducer: Game(),
      environment: ())
  }
  var state: HashedState { HashedState(state: store.state) }
  mutating func deliver(_ action: ExternalAction) throws(ReplayError) {}
  mutating func step(_ input: TickInput) { store.step(.tick(input)) }
}

/// Keeps what the recording commits, in memory.
final class MemorySink: RewindableRecording.Sink {
  var inputs: [TickInput] = []
  var finalState: Game.State?
  func record(_ input: TickInput, after state: Game.State) throws { inputs.append(input) }
  func finish(state: Game.State) throws -> String {
    finalState = state
    return "done"
  }
}

@Suite struct RewindableRecordingTests {
  @Test func aRewoundTimelineIsRecordedAsTheOneThePlayerEndedOn() throws {
    let sink = MemorySink()
    let session = GameSession(seed: 3, sink: sink)
    var bot = try Bot(name: "ace", seed: 9)
    for _ in 0..<300 { session.step(bot.input(for: session.store.state)) }
    for _ in 0..<100 { #expect(session.stepBack()) }
    for _ in 0..<150 { session.step(bot.input(for: session.store.state)) }
    _ = try session.finish()
    #expect(sink.inputs.count == 350)
    let replayed = StoreOf(initialState: Game.State(seed: 3), reducer: Game(), environment: ())
    for input in sink.inputs { replayed.step(.tick(input)) }
    #expect(replayed.state == session.store.state)
    #expect(sink.finalState == session.store.state)
  }

  @Test func inputsOlderThanTheWindowAreFinalAndCannotBeRewound() throws {
    let sink = MemorySink()
    let recording = RewindableRecording(
      seed: 1, settings: GameSettings(), window: 4, sink: sink)
    for _ in 0..<10 { try recording.append([.fire]) }
    #expect(sink.inputs.count == 6)
    for _ in 0..<4 { recording.rewindOne() }
    #expect(!recording.canRewind)
    #expect(recording.tick == 6)
  }

  @Test func aGameThatEndsElsewhereThanItsInputsLeadIsAnErrorNotAFile() throws {
    let sink = MemorySink()
    let recording = RewindableRecording(seed: 1, settings: GameSettings(), window: 4, sink: sink)
    for _ in 0..<10 { try recording.append([]) }
    #expect(throws: RecordingError.diverged(atTick: 10)) {
      try recording.finish(live: Game.State(seed: 2))
    }
    #expect(sink.finalState == nil)
  }

  @Test func aRecordedFileWithRewindsVerifies() throws {
    let path = "/tmp/gamerender-test-\(UInt32.random(in: 0...UInt32.max)).replay"
    let session = GameSession(
      seed: 5, sink: try ReplaySessionSink(path: path, seed: 5, settings: GameSettings()))
    var bot = try Bot(name: "ace", seed: 2)
    for _ in 0..<2_000 { session.step(bot.input(for: session.store.state)) }
    for _ in 0..<300 { _ = session.stepBack() }
    for _ in 0..<500 { session.step(bot.input(for: session.store.state)) }
    _ = try session.finish()
    let bytes = try ReplayFile.read(path: path)
    let outcome = try ReplayPlayer<StoreSimulation>.play(bytes, verify: true)
    #expect(outcome.verified)
    #expect(outcome.ticks == 2_200)
    #expect(outcome.finalHash == session.store.state.stableHash)
  }
}
