import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct SaucerTests {
  /// The timer counts down to the appearance; then, whatever the draw: the large saucer at
  /// the left or right edge heading across, at a height inside the world, its gun and course
  /// timers set; both sides and many heights over 64 draws, and the same draw the same saucer.
  @Test func theSaucerAppearsWhenItsTimerRunsOut() {
    var initial = Saucer.State()
    initial.spawnTicks = 3
    let store = TestStore(initialState: initial, reducer: Saucer(), environment: ())
    store.step(.flew(seed: 1, smallPercent: 0)) { $0.spawnTicks = 2 }
    store.step(.flew(seed: 2, smallPercent: 0)) { $0.spawnTicks = 1 }
    func appeared(seed: UInt64) -> Saucer.State {
      var state = store.state
      _ = Saucer().reduce(into: &state, action: .flew(seed: seed, smallPercent: 0), environment: ())
      return state
    }
    var sides: Set<Int32> = []
    var heights: Set<Int32> = []
    for seed in 1...64 as ClosedRange<UInt64> {
      let state = appeared(seed: seed)
      #expect(state.isActive && !state.isSmall)
      let speed = Tuning.saucerSpeed[0]
      let fromLeft = state.position.x == .zero
      #expect(fromLeft || state.position.x.raw == World.widthRaw - 1, "\(state.position)")
      #expect(state.velocity == Vector(x: fromLeft ? speed : -speed, y: .zero))
      #expect((0..<World.heightRaw).contains(state.position.y.raw))
      #expect(state.fireTicks == Tuning.saucerFireInterval[0] / 2)
      #expect(state.turnTicks == Tuning.saucerTurnInterval)
      #expect(appeared(seed: seed) == state)
      sides.insert(state.position.x.raw)
      heights.insert(state.position.y.raw)
    }
    #expect(sides.count == 2)
    #expect(heights.count > 48)
  }

  @Test func aCertainSmallChanceGivesTheSmallSaucer() {
    var state = Saucer.State()
    state.spawnTicks = 1
    _ = Saucer().reduce(into: &state, action: .flew(seed: 8, smallPercent: 100), environment: ())
    #expect(state.isActive && state.isSmall)
    #expect(state.radius == Tuning.saucerRadius[1])
  }

  @Test func theSaucerCrossesOnceAndComesBackAfterItsInterval() {
    let store = TestStore(initialState: Saucer.State(), reducer: Saucer(), environment: ())
    store.send(.scheduled(firstIn: 1, interval: 50)) {
      $0.spawnTicks = 1
      $0.interval = 50
    }
    var state = store.state
    _ = Saucer().reduce(into: &state, action: .flew(seed: 4, smallPercent: 0), environment: ())
    #expect(state.isActive)
    var ticks = 0
    while state.isActive && ticks < 2_000 {
      _ = Saucer().reduce(
        into: &state, action: .flew(seed: UInt64(ticks), smallPercent: 0), environment: ())
      ticks += 1
    }
    // 1280 units at 1.5 units per tick.
    #expect((850...856).contains(ticks))
    #expect(state.spawnTicks == 50)
  }

  @Test func firingReloadsTheGun() {
    var initial = Saucer.State()
    initial.isActive = true
    initial.isSmall = true
    let store = TestStore(initialState: initial, reducer: Saucer(), environment: ())
    store.send(.fired) { $0.fireTicks = Tuning.saucerFireInterval[1] }
    store.send(.destroyed) {
      $0.isActive = false
      $0.fireTicks = 0
      $0.spawnTicks = $0.interval
    }
  }
}
