import GameCore
import TestGames
import Testing

/// `TickTimeline`: every tick reachable by a snapshot and re-simulation, the future forgotten
/// by a rewind, the oldest snapshots dropped at the bound, and a rollback's re-run.
@Suite struct TickTimelineTests {
  /// A rhythm of presses that changes the state on most ticks, with runs of held buttons
  /// (doubling only now and then, so that the total stays far from overflowing).
  static func input(_ tick: Int) -> TickInput {
    switch tick % 7 {
    case 0, 1, 2: .add
    case 3: tick % 91 == 3 ? .double : .subtract
    case 4: [.add, .subtract]
    default: []
    }
  }

  static let start = TallyGame.initialState(seed: 4, settings: .init())

  /// The states of ticks 0...count played straight through, with no timeline.
  static func straight(_ count: Int, input: (Int) -> TickInput = input) -> [TallyGame.State] {
    let simulation = Simulation<TallyGame>(state: start)
    var states = [simulation.state]
    for tick in 1...count {
      simulation.step(input(tick))
      states.append(simulation.state)
    }
    return states
  }

  @Test func aSeekAnywhereGivesTheStateOfThatTickAndItsInput() {
    let timeline = TickTimeline<TallyGame>(start: Self.start, interval: 8)
    for tick in 1...100 { timeline.step(Self.input(tick)) }
    let states = Self.straight(100)
    // Backwards, forwards by one, far forwards, onto snapshots and between them.
    for target in [100, 99, 64, 63, 0, 1, 2, 9, 57, 58, 100, 13, 8] {
      timeline.seek(to: target)
      #expect(timeline.tick == target)
      #expect(timeline.state == states[target], "tick \(target)")
      #expect(timeline.input(at: target) == (target == 0 ? [] : Self.input(target)))
    }
    #expect(timeline.end == 100, "a seek forgets nothing")
  }

  @Test func aStepAfterASeekBackStartsANewFuture() {
    let timeline = TickTimeline<TallyGame>(start: Self.start, interval: 8)
    for tick in 1...50 { timeline.step(Self.input(tick)) }
    timeline.seek(to: 30)
    for tick in 31...60 { timeline.step(Self.input(tick * 5)) }
    let states = Self.straight(60) { $0 <= 30 ? Self.input($0) : Self.input($0 * 5) }
    #expect(timeline.end == 60)
    for target in [60, 31, 30, 17, 45] {
      timeline.seek(to: target)
      #expect(timeline.state == states[target], "tick \(target)")
    }
    var inputs: [TickInput] = []
    timeline.forEachInput(from: 1, through: 60) { inputs.append($0) }
    #expect(inputs == (1...60).map { $0 <= 30 ? Self.input($0) : Self.input($0 * 5) })
  }

  @Test func truncatingForgetsTheTicksAfterTheCursor() {
    let timeline = TickTimeline<TallyGame>(start: Self.start, interval: 4)
    for tick in 1...20 { timeline.step(Self.input(tick)) }
    timeline.seek(to: 9)
    timeline.truncate()
    #expect(timeline.end == 9)
    #expect(timeline.input(at: 10) == [], "nothing past the end")
    timeline.seek(to: 0)
    timeline.truncate()
    #expect(timeline.end == 0)
    timeline.step(.double)
    #expect(timeline.state == Self.straight(1) { _ in .double }[1])
  }

  @Test func aBoundedTimelineReachesBackItsCapacityOfSnapshots() {
    let timeline = TickTimeline<TallyGame>(start: Self.start, interval: 8, capacity: 5)
    for tick in 1...1_000 { timeline.step(Self.input(tick)) }
    #expect(timeline.oldest == 1_000 / 8 * 8 - 4 * 8)
    let states = Self.straight(1_000)
    timeline.seek(to: timeline.oldest)
    #expect(timeline.state == states[timeline.oldest])
    // The inputs stay, all of them: a bounded reach, not a bounded record.
    var count = 0
    timeline.forEachInput(from: 1, through: 1_000) { _ in count += 1 }
    #expect(count == 1_000)
  }

  /// What netplay's rollback does: a remote input arrives late, so tick T is restored and the
  /// ticks since re-run with the corrected input.
  @Test func aRollbackReRunsTheTicksSinceACorrectedInput() {
    let timeline = TickTimeline<TallyGame>(start: Self.start, interval: 8)
    for tick in 1...40 { timeline.step(Self.input(tick)) }
    let corrected = { (tick: Int) -> TickInput in tick == 33 ? [.add, .subtract] : Self.input(tick)
    }
    var rerun: [TickInput] = []
    timeline.forEachInput(from: 33, through: 40) { rerun.append($0) }
    rerun[0] = corrected(33)
    timeline.seek(to: 32)
    for input in rerun { timeline.step(input) }
    #expect(timeline.tick == 40)
    #expect(timeline.state == Self.straight(40, input: corrected)[40])
  }

  @Test func subscribersHearASeekOnceWithTheStateItReached() {
    let timeline = TickTimeline<TallyGame>(start: Self.start, interval: 8)
    for tick in 1...30 { timeline.step(Self.input(tick)) }
    var heard: [Int] = []
    let subscription = timeline.simulation.store.subscribe { heard.append($0.tick) }
    heard.removeAll()
    timeline.seek(to: 13)
    #expect(heard == [13])
    subscription.cancel()
  }
}
