import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct BulletsTests {
  static let bullet = Bullets.Bullet(
    position: Vector(10, 10), velocity: Vector(3, -1), ticksLeft: 2, owner: .ship)

  @Test func aBulletFliesUntilItsLifetimeRunsOut() {
    let store = TestStore(initialState: Bullets.State(), reducer: Bullets(), environment: ())
    store.send(.fired(Self.bullet)) { $0.items = [Self.bullet] }
    store.step(.flew) {
      $0.items[0].ticksLeft = 1
      $0.items[0].position = Vector(13, 9)
    }
    store.step(.flew) { $0.items = [] }
  }

  @Test func aSpentBulletIsRemovedAndTheOthersKeepTheirOrder() {
    var initial = Bullets.State()
    initial.items = [Self.bullet, Self.bullet, Self.bullet]
    initial.items[2].owner = .saucer
    let store = TestStore(initialState: initial, reducer: Bullets(), environment: ())
    store.send(.bulletSpent(index: 0)) { $0.items.removeFirst() }
    #expect(store.state.count(of: .ship) == 1)
    #expect(store.state.count(of: .saucer) == 1)
  }

  /// Fire held: a bullet every 8 ticks, each living 56, so the fifth would fly at tick 32; the
  /// cap of four stops it and every later one until the first bullet is spent. No rocks, so
  /// none is spent early.
  @Test func theShipMayHaveOnlyFourBulletsInFlight() {
    var state = Asteroids.State(seed: 3, settings: AsteroidsSettings(startsAtTitle: false))
    state.saucer.spawnTicks = 10_000
    state.rocks.items = []
    var counts: [Int] = []
    for _ in 0..<(Tuning.shipFireInterval * 6) {
      _ = Asteroids().reduce(into: &state, action: .tick(.fire), environment: ())
      counts.append(state.bullets.count(of: .ship))
    }
    #expect(Tuning.bulletLifetime > Tuning.shipFireInterval * 6)
    let interval = Int(Tuning.shipFireInterval)
    #expect(counts == counts.indices.map { min($0 / interval + 1, 4) })
    #expect(Tuning.shipBulletCap == 4)
  }
}
