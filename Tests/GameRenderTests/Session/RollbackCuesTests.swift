import GameCore
import GameScene
import Testing

@testable import GameRender

/// A rollback's ticks run again never sound twice: ``RollbackCues`` on its own, then
/// ``RollbackSounds`` following a ``TickTimeline`` that goes back and runs again as a
/// rollback match's does (a snapshot every tick, restored, the ticks since run again).
@Suite struct RollbackCuesTests {
  @Test func aNewTickPlaysItsCues() {
    var cues = RollbackCues()
    cues.saw(tick: 1, oneShots: ["hit", "wall"])
    #expect(cues.take() == ["hit", "wall"])
    #expect(cues.take() == [], "nothing new since")
  }

  @Test func ticksRunAgainWithTheSameCuesPlayNothing() {
    var cues = RollbackCues()
    for tick in 1...5 {
      cues.saw(tick: tick, oneShots: tick == 4 ? ["hit"] : [])
      _ = cues.take()
    }
    // Back to tick 2, ticks 3 to 5 run again (the hit again on 4), and tick 6 is new.
    for tick in 2...6 { cues.saw(tick: tick, oneShots: tick == 4 ? ["hit"] : []) }
    #expect(cues.take() == [])
  }

  @Test func aCueTheCorrectionMovedToALaterTickPlaysOnce() {
    var cues = RollbackCues()
    cues.saw(tick: 10, oneShots: ["hit"])
    #expect(cues.take() == ["hit"])
    cues.saw(tick: 9, oneShots: [])
    cues.saw(tick: 10, oneShots: [])
    cues.saw(tick: 11, oneShots: ["hit"])
    #expect(cues.take() == [], "heard on tick 10 already")
  }

  @Test func aCueTheCorrectionBroughtInPlaysLateAndOnce() {
    var cues = RollbackCues()
    for tick in 1...4 {
      cues.saw(tick: tick, oneShots: [])
      _ = cues.take()
    }
    for tick in 1...5 { cues.saw(tick: tick, oneShots: tick == 3 ? ["score"] : []) }
    #expect(cues.take() == ["score"])
    cues.saw(tick: 2, oneShots: [])
    for tick in 3...6 { cues.saw(tick: tick, oneShots: tick == 3 ? ["score"] : []) }
    #expect(cues.take() == [], "heard once; a second rollback over it adds nothing")
  }

  @Test func aCueTheCorrectionTookAwayIsNotPlayedAgainWhenItComesBack() {
    var cues = RollbackCues()
    cues.saw(tick: 5, oneShots: ["hit"])
    #expect(cues.take() == ["hit"])
    cues.saw(tick: 4, oneShots: [])
    cues.saw(tick: 5, oneShots: [])
    cues.saw(tick: 6, oneShots: [])
    #expect(cues.take() == [], "a sound cannot be taken back")
    cues.saw(tick: 4, oneShots: [])
    cues.saw(tick: 5, oneShots: [])
    cues.saw(tick: 6, oneShots: ["hit"])
    cues.saw(tick: 7, oneShots: [])
    #expect(cues.take() == [], "still heard")
  }

  @Test func twoOfTheSameCueCountAsTwo() {
    var cues = RollbackCues()
    cues.saw(tick: 1, oneShots: ["hit"])
    #expect(cues.take() == ["hit"])
    cues.saw(tick: 0, oneShots: [])
    cues.saw(tick: 1, oneShots: ["hit"])
    cues.saw(tick: 2, oneShots: ["hit"])
    #expect(cues.take() == ["hit"], "the second hit is new")
  }

  @Test func oldTicksAreForgotten() {
    var cues = RollbackCues()
    cues.saw(tick: 1, oneShots: ["hit"])
    _ = cues.take()
    cues.saw(tick: 1 + RollbackCues.keptTicks + 1, oneShots: [])
    _ = cues.take()
    cues.saw(tick: 1, oneShots: ["hit"])
    #expect(cues.take() == ["hit"], "beyond any rollback's reach, tick 1 is a new story")
  }

  /// A rollback as ``RollbackSession`` makes one: back to `tick` on `timeline` (a snapshot
  /// every tick), then the ticks up to where it was run again on `inputs`.
  static func rollBack(_ timeline: TickTimeline<TinyGame>, to tick: Int, inputs: (Int) -> TickInput)
  {
    let end = timeline.tick
    timeline.seek(to: tick)
    while timeline.tick < end { timeline.step(inputs(timeline.tick)) }
  }

  @Test func aRollbackMatchSoundsEachBlipOnceHoweverOftenItsTicksRunAgain() {
    // TinyGame blips on every tick its box moves, and hums while it runs.
    let timeline = TickTimeline<TinyGame>(
      start: TinyGame.initialState(seed: 0, settings: NoSettings()), interval: 1, capacity: 10)
    let sounds = RollbackSounds(TinyGame.self, store: timeline.simulation.store)
    var played: [String] = []
    var naive = 0
    for _ in 1...40 {
      timeline.step(.right)
      let now = sounds.take(state: timeline.state)
      played += now.oneShots
      #expect(now.loops == ["hum"])
      if timeline.tick % 5 == 0 {
        // A correction that changes nothing anyone hears: the same moves, run again.
        Self.rollBack(timeline, to: timeline.tick - 4) { _ in .right }
        naive += 4
        played += sounds.take(state: timeline.state).oneShots
      }
    }
    #expect(
      played == Array(repeating: "blip", count: 40), "one blip a tick, \(naive) fewer than naive")
    // A correction that stops the box on the last three ticks: their blips were heard already;
    // one that moves it again brings them back, heard still: nothing plays.
    Self.rollBack(timeline, to: timeline.tick - 3) { _ in [] }
    #expect(sounds.take(state: timeline.state).oneShots == [])
    Self.rollBack(timeline, to: timeline.tick - 3) { _ in .right }
    #expect(sounds.take(state: timeline.state).oneShots == [])
    // Ticks that are new blip as ever.
    timeline.step(.right)
    #expect(sounds.take(state: timeline.state).oneShots == ["blip"])
  }
}
