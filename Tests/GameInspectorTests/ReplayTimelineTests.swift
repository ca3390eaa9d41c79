import GameCore
import TestGames
import Testing
@testable import GameInspector

@Suite struct ReplayTimelineTests {
  /// A TallyGame recording of `ticks` ticks from its seeded bot, and the state of every tick.
  static func recording(ticks: Int, seed: UInt64 = 7, tamper: Int? = nil) throws
    -> (bytes: [UInt8], states: [TallyGame.State])
  {
    let simulation = Simulation<TallyGame>(seed: seed, settings: .init())
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: TallyGame.self, seed: seed, settings: .init()), sink: sink)
    var bot = TallyGame.bot(named: "drummer", seed: seed)!
    var states = [simulation.state]
    for tick in 1...ticks {
      var input = bot.input(for: simulation.state)
      if tick % 97 == 0 { input.insert(.double) }
      simulation.step(input)
      states.append(simulation.state)
      // A tampered recording stores a hash one tick in the future from here on.
      var recorded = simulation.state
      if let tamper, tick >= tamper { recorded.presses += 1 }
      try recorder.record(input, after: recorded)
    }
    var final = simulation.state
    if let tamper, ticks >= tamper { final.presses += 1 }
    _ = try recorder.finish(state: final)
    return (sink.bytes, states)
  }

  @Test func everyTickIsTheStateThePlayerReached() throws {
    let (bytes, states) = try Self.recording(ticks: 1_000)
    let timeline = try ReplayTimeline<TallyGame>(bytes: bytes, snapshotInterval: 64)
    #expect(timeline.ticks == 1_000)
    // Forward, backward, and jumps across snapshots all land on the recorded path.
    for tick in [0, 1, 63, 64, 65, 999, 1_000, 500, 499, 498, 128, 3, 700] {
      #expect(timeline.state(at: tick) == states[tick], "tick \(tick)")
      #expect(timeline.hashes[tick] == states[tick].stableHash)
    }
  }

  @Test func inputsAreTheButtonsHeldOnEachTick() throws {
    let (bytes, states) = try Self.recording(ticks: 300)
    let timeline = try ReplayTimeline<TallyGame>(bytes: bytes)
    #expect(timeline.input(at: 0) == [])
    for tick in 1...300 {
      var replayed = states[tick - 1]
      _ = TallyGame().reduce(
        into: &replayed, action: .tick(timeline.input(at: tick)), environment: ())
      #expect(replayed == states[tick])
    }
  }

  @Test func anUntouchedRecordingVerifiesUpToEveryTick() throws {
    let (bytes, _) = try Self.recording(ticks: 700)
    let timeline = try ReplayTimeline<TallyGame>(bytes: bytes)
    #expect(timeline.desync == nil)
    #expect(timeline.checks.allSatisfy { $0.matched })
    #expect(timeline.verification(through: 63) == (checked: 0, firstMismatch: nil))
    #expect(timeline.verification(through: 64).checked == 1)
    #expect(timeline.verification(through: 700).checked == timeline.checks.count)
  }

  @Test func aDivergenceIsNamedFromItsTickOnward() throws {
    let (bytes, _) = try Self.recording(ticks: 700, tamper: 200)
    let timeline = try ReplayTimeline<TallyGame>(bytes: bytes)
    #expect(timeline.verification(through: 191).firstMismatch == nil)
    #expect(timeline.verification(through: 256).firstMismatch == 256)
    #expect(timeline.desync?.firstDivergentTick == 256)
    #expect(timeline.desync?.sections.map(\.name) == ["presses"])
  }

  @Test func nextAndPreviousChangeFindTheTicksAFieldChangesOn() throws {
    let (bytes, states) = try Self.recording(ticks: 2_000)
    let timeline = try ReplayTimeline<TallyGame>(bytes: bytes, snapshotInterval: 64)
    let changes = (1...2_000).filter { states[$0].total != states[$0 - 1].total }
    #expect(changes.count > 10)
    let after = 1_000
    let next = changes.first { $0 > after }!
    let previous = changes.last { $0 < after }!
    #expect(timeline.nextChange(of: "total", after: after) == .found(tick: next))
    #expect(timeline.previousChange(of: "total", before: after) == .found(tick: previous))
    #expect(timeline.previousChange(of: "total", before: changes[0]) == .notFound(searchedTo: 0))
    #expect(timeline.nextChange(of: "step", after: 0) == .notFound(searchedTo: 2_000))
    #expect(timeline.nextChange(of: "nothing.here", after: 0) == .noSuchField)
    #expect(
      timeline.nextChange(of: "total", after: after, budget: 1) != .found(tick: next)
        || next == after + 1)
  }

  @Test func twoReplaysDivergeAtTheFirstTickTheirStatesDiffer() throws {
    let (one, _) = try Self.recording(ticks: 300, seed: 7)
    let (two, _) = try Self.recording(ticks: 200, seed: 7)
    let (other, _) = try Self.recording(ticks: 300, seed: 8)
    let a = try ReplayTimeline<TallyGame>(bytes: one)
    #expect(a.firstDivergence(from: try ReplayTimeline<TallyGame>(bytes: two)) == nil)
    // Seeds 7 and 8 start from different totals: tick 0 already differs.
    #expect(a.firstDivergence(from: try ReplayTimeline<TallyGame>(bytes: other)) == 0)
  }

  @Test func metricsCoverTheWholeReplay() throws {
    let (bytes, states) = try Self.recording(ticks: 5_000)
    let timeline = try ReplayTimeline<TallyGame>(bytes: bytes)
    let series = timeline.metrics
    #expect(series.names == ["total", "presses"])
    #expect(series.ticks.first == 0 && series.ticks.last == 5_000)
    #expect(series.ticks.count <= MetricSeries.maxSamples + 2)
    #expect(series.values[1].last == states[5_000].presses)
  }

  @Test func aHostileFileIsRefusedAsReplayRefusesIt() throws {
    var (bytes, _) = try Self.recording(ticks: 100)
    bytes[bytes.count / 2] ^= 0xFF
    #expect(throws: ReplayError.self) { try ReplayTimeline<TallyGame>(bytes: bytes) }
    let (long, _) = try Self.recording(ticks: 1_000)
    let limits = ReplayLimits(maxBytes: 1 << 20, maxTicks: 999)
    #expect(throws: ReplayError.tooMuchWork(ticks: 1_000, workPerTick: 1, limit: 999)) {
      try ReplayTimeline<TallyGame>(bytes: long, limits: limits)
    }
  }

  @Test func theInspectorCountsTheRecordedHashesAsVerificationDoes() throws {
    // 700 ticks: ten checkpoints, one chunk's section record, and the end record.
    for tamper in [nil, 300] as [Int?] {
      let (bytes, _) = try Self.recording(ticks: 700, tamper: tamper)
      let timeline = try ReplayTimeline<TallyGame>(bytes: bytes)
      let outcome = try ReplayPlayer<Simulation<TallyGame>>.play(bytes, verify: true)
      #expect(timeline.checks.count == outcome.hashesChecked)
      #expect(outcome.hashesChecked == 700 / 64 + 2)
    }
  }
}
