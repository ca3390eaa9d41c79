import Testing

@testable import GameRender

@Suite struct ExhaustTests {
  func thrusting(tick: Int) -> Scene {
    var scene = Scene(tick: tick)
    scene.sprites = [
      Scene.Sprite(
        id: Scene.shipID, kind: .ship(thrusting: true), x: 640, y: 360, angle: 0, radius: 16)
    ]
    return scene
  }

  @Test func aThrustingShipLeavesAFlameThatMovesEveryTick() {
    var exhaust = Exhaust()
    exhaust.advance(from: thrusting(tick: 0), to: thrusting(tick: 1))
    exhaust.advance(from: thrusting(tick: 1), to: thrusting(tick: 2))
    #expect(exhaust.items.count == 4)
    #expect(exhaust.items.contains { $0.x != $0.previousX || $0.y != $0.previousY })
  }

  @Test func aStillSceneFreezesTheFlameWhereItIs() {
    var exhaust = Exhaust()
    for tick in 1...4 {
      exhaust.advance(from: thrusting(tick: tick - 1), to: thrusting(tick: tick))
    }
    let before = exhaust.items.map { [$0.x, $0.y, Float($0.age)] }
    var paused = thrusting(tick: 5)
    paused.isStill = true
    exhaust.advance(from: thrusting(tick: 4), to: paused)
    #expect(exhaust.items.map { [$0.x, $0.y, Float($0.age)] } == before)
    #expect(exhaust.items.allSatisfy { $0.x == $0.previousX && $0.y == $0.previousY })
  }
}
