import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct RocksTests {
  static func field(_ sizes: [RockSize]) -> Rocks.State {
    var state = Rocks.State()
    for (index, size) in sizes.enumerated() {
      state.items.append(
        Rock(position: Vector(100 * (index + 1), 100), velocity: Vector(1, 0), size: size))
    }
    return state
  }

  @Test func aShotLargeRockSplitsIntoTwoMediumOnesWhereItWas() {
    let store = TestStore(
      initialState: Self.field([.large, .small]), reducer: Rocks(), environment: ())
    var rng = SplitMix64(rawState: 99)
    let first = Rocks().makeRock(&rng, at: Vector(100, 100), size: .medium, bonus: 0)
    let second = Rocks().makeRock(&rng, at: Vector(100, 100), size: .medium, bonus: 0)
    store.send(.rockShot(index: 0, speedBonus: 0, seed: 99)) {
      $0.items[0] = first
      $0.items.append(second)
    }
    #expect(store.state.items.map(\.size) == [.medium, .small, .medium])
    #expect(store.state.items[2].position == Vector(100, 100))
  }

  @Test func aShotSmallRockIsGoneAndTheLastRockTakesItsSlot() {
    let store = TestStore(
      initialState: Self.field([.small, .large, .medium]), reducer: Rocks(), environment: ())
    store.send(.rockShot(index: 0, speedBonus: 0, seed: 1)) {
      $0.items = [$0.items[2], $0.items[1]]
    }
    store.send(.rockShot(index: 9, speedBonus: 0, seed: 1))
  }

  @Test func rocksDriftAndWrap() {
    var initial = Self.field([.large])
    initial.items[0].position = Vector(
      x: Fixed(raw: World.widthRaw - Fixed.one.raw / 2), y: Fixed(5))
    let store = TestStore(initialState: initial, reducer: Rocks(), environment: ())
    store.step(.drifted) { $0.items[0].position.x = Fixed(ratio: 1, 2) }
  }

  @Test func aWaveSpawnsLargeRocksAwayFromTheShip() {
    var state = Rocks.State()
    _ = Rocks().reduce(
      into: &state, action: .waveSpawned(count: 11, speedBonus: 0, avoiding: World.center, seed: 5),
      environment: ())
    #expect(state.items.count == 11)
    for rock in state.items {
      #expect(rock.size == .large)
      #expect(!World.areWithin(rock.position, World.center, distance: Tuning.waveSpawnClearance))
    }
  }

  @Test func theStressFieldMixesSizes() {
    var state = Rocks.State()
    _ = Rocks().reduce(
      into: &state, action: .fieldFilled(count: 300, avoiding: World.center, seed: 5),
      environment: ())
    #expect(state.items.count == 300)
    #expect(Set(state.items.map(\.size.rawValue)) == [0, 1, 2])
  }
}
