import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct SaucerTests {
  @Test func theSaucerAppearsWhenItsTimerRunsOut() {
    var initial = Saucer.State()
    initial.spawnTicks = 3
    let store = TestStore(initialState: initial, reducer: Saucer(), environment: ())
    store.step(.flew(seed: 1, smallPercent: 0)) { $0.spawnTicks = 2 }
    store.step(.flew(seed: 2, smallPercent: 0)) { $0.spawnTicks = 1 }
    var rng = SplitMix64(rawState: 3)
    _ = rng.next()  // the size draw
    let fromLeft = rng.next(below: 2) == 0
    let y = Fixed(raw: Int32(rng.next(below: UInt64(World.heightRaw))))
    store.step(.flew(seed: 3, smallPercent: 0)) {
      $0.isActive = true
      $0.position = Vector(x: fromLeft ? .zero : Fixed(raw: World.widthRaw - 1), y: y)
      $0.velocity = Vector(x: fromLeft ? Tuning.saucerSpeed[0] : -Tuning.saucerSpeed[0], y: .zero)
      $0.fireTicks = Tuning.saucerFireInterval[0] / 2
      $0.turnTicks = Tuning.saucerTurnInterval
    }
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
