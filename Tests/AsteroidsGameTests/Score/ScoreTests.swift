import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct ScoreTests {
  @Test func crossingTenThousandAwardsAnExtraShip() {
    var initial = Score.State()
    initial.score = 9_900
    initial.lives = 2
    initial.wave = 3
    let store = TestStore(initialState: initial, reducer: Score(), environment: ())
    store.send(.pointsScored(200)) {
      $0.score = 10_100
      $0.highScore = 10_100
      $0.lives = 3
      $0.nextExtraLife = 20_000
    }
    store.send(.pointsScored(50)) {
      $0.score = 10_150
      $0.highScore = 10_150
    }
  }

  @Test func losingTheLastShipLeavesNoLives() {
    var initial = Score.State()
    initial.lives = 1
    let store = TestStore(initialState: initial, reducer: Score(), environment: ())
    store.send(.shipLost) { $0.lives = 0 }
    store.send(.shipLost)
  }

  @Test func anEmptyFieldStartsTheNextWaveAfterTheDelay() {
    var state = Score.State()
    _ = Score().reduce(into: &state, action: .gameStarted(lives: 3), environment: ())
    #expect(state.wave == 1)
    for _ in 1..<Tuning.waveDelay {
      _ = Score().reduce(into: &state, action: .fieldChecked(rocksLeft: 0), environment: ())
    }
    #expect(state.wave == 1)
    _ = Score().reduce(into: &state, action: .fieldChecked(rocksLeft: 0), environment: ())
    #expect(state.wave == 2)
    #expect(state.clearedTicks == 0)
  }

  @Test func aNewGameKeepsTheHighScore() {
    var initial = Score.State()
    initial.score = 4_000
    initial.highScore = 7_000
    initial.lives = 0
    let store = TestStore(initialState: initial, reducer: Score(), environment: ())
    store.send(.gameStarted(lives: 3)) {
      $0.score = 0
      $0.lives = 3
      $0.wave = 1
    }
  }

  @Test func theHeartbeatQuickensAsRocksThinOut() {
    var state = Score.State()
    _ = Score().reduce(into: &state, action: .gameStarted(lives: 3), environment: ())
    func period(rocks: Int) -> Int {
      let start = state.beats
      var ticks = 0
      while state.beats < start + 2 {
        _ = Score().reduce(into: &state, action: .fieldChecked(rocksLeft: rocks), environment: ())
        ticks += 1
      }
      return ticks
    }
    _ = period(rocks: 12)
    #expect(period(rocks: 12) == Int(Tuning.slowestBeat) * 2)
    _ = period(rocks: 1)
    #expect(period(rocks: 1) == Int(Tuning.fastestBeat + 4) * 2)
  }
}
