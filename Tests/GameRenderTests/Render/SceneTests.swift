import Testing

@testable import GameRender

@Suite struct SceneTests {
  @Test func movingSpritesAreDrawnBackAlongTheirVelocityBetweenTicks() {
    var scene = Scene(tick: 2)
    scene.sprites = [
      Scene.Sprite(id: 0, kind: .bullet, x: 100, y: 50, angle: 0, radius: 2, vx: 8, vy: -4)
    ]
    let halfway = scene.interpolated(from: Scene(tick: 1), fraction: 0.5)
    #expect(halfway.sprites[0].x == 96)
    #expect(halfway.sprites[0].y == 52)
  }

  func ship(x: Float, y: Float, angle: Float, tick: Int) -> Scene {
    var scene = Scene(tick: tick)
    scene.sprites = [
      Scene.Sprite(id: Scene.shipID, kind: .ship(thrusting: false), x: x, y: y, angle: angle, radius: 16)
    ]
    return scene
  }

  @Test func theShipIsBlendedWithItsPreviousPositionAndAngle() {
    let old = ship(x: 100, y: 100, angle: 0.2, tick: 1)
    let new = ship(x: 110, y: 90, angle: 0.4, tick: 2)
    let halfway = new.interpolated(from: old, fraction: 0.5).sprites[0]
    #expect(halfway.x == 105)
    #expect(halfway.y == 95)
    #expect(abs(halfway.angle - 0.3) < 0.0001)
  }

  @Test func aShipThatWrappedAroundAnEdgeIsNotDrawnSlidingAcrossTheScreen() {
    let old = ship(x: 1_278, y: 100, angle: 0, tick: 1)
    let new = ship(x: 3, y: 100, angle: 0, tick: 2)
    #expect(new.interpolated(from: old, fraction: 0.5).sprites[0].x == 3)
  }

  @Test func aStillSceneIsDrawnAsItIsBetweenTicks() {
    var scene = Scene(tick: 2)
    scene.sprites = [
      Scene.Sprite(id: 0, kind: .bullet, x: 100, y: 50, angle: 0, radius: 2, vx: 8, vy: -4)
    ]
    scene.particles = [Scene.Particle(x: 10, y: 10, vx: 1, vy: 1, life: 1, ember: false)]
    scene.isStill = true
    var previous = scene
    previous.tick = 1
    #expect(scene.interpolated(from: previous, fraction: 0.25) == scene)
  }

  @Test func scenesThatAreNotConsecutiveTicksAreNotBlended() {
    var scene = Scene(tick: 5)
    scene.sprites = [
      Scene.Sprite(id: 0, kind: .bullet, x: 100, y: 50, angle: 0, radius: 2, vx: 8, vy: -4)
    ]
    #expect(scene.interpolated(from: Scene(tick: 6), fraction: 0.5) == scene)
  }
}
