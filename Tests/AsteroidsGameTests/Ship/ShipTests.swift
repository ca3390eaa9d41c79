import GameTesting
import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct ShipTests {
  @Test func thrustAcceleratesAlongTheNoseAndTheShipCoasts() {
    let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
    store.step(.controlled(.thrust)) {
      $0.isThrusting = true
      $0.velocity = Vector(x: .zero, y: -Tuning.shipThrust)
      $0.position.y = World.center.y - Tuning.shipThrust
    }
    store.step(.controlled([])) {
      $0.isThrusting = false
      // Drag takes 1/96 of the speed; the ship keeps moving up.
      $0.velocity.y = -Tuning.shipThrust + Tuning.shipThrust / Tuning.shipDragDivisor
      $0.position.y = $0.position.y + $0.velocity.y
    }
  }

  @Test func rotationTurnsByTheTurnRateEachTick() {
    let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
    store.step(.controlled(.rotateLeft)) { $0.angle = Angle.up.turned(by: -Tuning.shipTurnRate) }
    store.step(.controlled(.rotateRight)) { $0.angle = .up }
    store.step(.controlled([.rotateLeft, .rotateRight])) { _ in }
  }

  @Test func speedIsCappedAndDragBringsTheShipToRest() {
    var state = Ship.State()
    for _ in 0..<400 {
      _ = Ship().reduce(into: &state, action: .controlled(.thrust), environment: ())
    }
    let limit = Int64(Tuning.shipMaxSpeed.floor)
    #expect(state.velocity.lengthSquared <= limit * limit)
    #expect(state.velocity.lengthSquared >= (limit - 1) * (limit - 1))
    for _ in 0..<2_000 { _ = Ship().reduce(into: &state, action: .controlled([]), environment: ()) }
    #expect(state.velocity == .zero)
  }

  @Test func theShipWrapsAroundTheEdges() {
    var initial = Ship.State()
    initial.position = Vector(x: Fixed(raw: World.widthRaw - 1), y: Fixed(100))
    initial.velocity = Vector(2, 0)
    let store = TestStore(initialState: initial, reducer: Ship(), environment: ())
    store.step(.controlled([])) {
      $0.velocity.x = Fixed(2) - Fixed(2) / Tuning.shipDragDivisor
      $0.position.x = Fixed(raw: -1) + $0.velocity.x
    }
  }

  @Test func theGunCoolsDownAfterFiring() {
    let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
    store.send(.fired) { $0.fireCooldown = Tuning.shipFireInterval }
    store.step(.controlled([])) { $0.fireCooldown = Tuning.shipFireInterval - 1 }
  }

  @Test func aFailedHyperspaceJumpEndsInAnExplosion() {
    let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
    store.send(.hyperspaceEntered(destination: Vector(10, 20), fails: true)) {
      $0.hyperspaceTicks = Tuning.hyperspaceTicks
      $0.hyperspaceFails = true
      $0.position = Vector(10, 20)
    }
    #expect(!store.state.isActive)
    var state = store.state
    for _ in 0..<Tuning.hyperspaceTicks {
      #expect(state.isAlive)
      _ = Ship().reduce(into: &state, action: .controlled(.thrust), environment: ())
    }
    #expect(!state.isAlive)
    #expect(state.respawnTicks == Tuning.respawnDelay)
  }

  @Test func aRespawnedShipBlinksWhileInvulnerable() {
    let store = TestStore(initialState: Ship.State(), reducer: Ship(), environment: ())
    store.send(.destroyed) {
      $0.isAlive = false
      $0.respawnTicks = Tuning.respawnDelay
    }
    store.send(.respawned) {
      $0.isAlive = true
      $0.respawnTicks = 0
      $0.invulnerableTicks = Tuning.invulnerableTicks
    }
    #expect(!store.state.isVulnerable)
    var visibility: [Bool] = []
    var state = store.state
    for _ in 0..<(Tuning.blinkPeriod * 2) {
      _ = Ship().reduce(into: &state, action: .controlled([]), environment: ())
      visibility.append(state.isVisible)
    }
    #expect(visibility.contains(true) && visibility.contains(false))
  }
}
