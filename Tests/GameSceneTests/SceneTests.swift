import GameCore
import GameScene
import Testing

/// What a frame shows between two ticks (`Scene.interpolated(from:fraction:)`) and the sizes
/// a scene reports, with no renderer.
@Suite struct SceneTests {
  func scene(tick: Int, _ shapes: [Shape], width: Float = 1_280, height: Float = 720) -> Scene {
    var scene = Scene(tick: tick, worldWidth: width, worldHeight: height)
    scene.world = shapes
    return scene
  }

  func sprite(_ scene: Scene, _ index: Int = 0) -> Sprite? {
    if case .sprite(let sprite) = scene.world[index] { sprite } else { nil }
  }

  @Test func movingSpritesAreDrawnBackAlongTheirVelocityBetweenTicks() {
    let bullet = Sprite(
      id: 0, image: "bullet", x: 100, y: 50, angle: 1, motion: .linear(vx: 8, vy: -4, spin: 0.5))
    let halfway = scene(tick: 2, [.sprite(bullet)])
      .interpolated(from: scene(tick: 1, []), fraction: 0.5)
    #expect(sprite(halfway)?.x == 96)
    #expect(sprite(halfway)?.y == 52)
    #expect(sprite(halfway)?.angle == 0.75)
  }

  @Test func movingRectanglesToo() {
    let ball = Rect(
      x: 10, y: 20, width: 2, height: 2, color: .white, motion: .linear(vx: 4, vy: 2, spin: 0))
    let halfway = scene(tick: 2, [.rect(ball)]).interpolated(from: scene(tick: 1, []), fraction: 0.25)
    guard case .rect(let drawn) = halfway.world[0] else {
      Issue.record("not a rect")
      return
    }
    #expect(drawn.x == 7 && drawn.y == 18.5)
  }

  func ship(x: Float, y: Float, angle: Float, tick: Int) -> Scene {
    scene(tick: tick, [.sprite(Sprite(id: 7, image: "ship", x: x, y: y, angle: angle, motion: .tracked))])
  }

  @Test func aTrackedSpriteIsBlendedWithItsPreviousPlaceAndAngle() {
    let new = ship(x: 110, y: 90, angle: 0.4, tick: 2)
    let halfway = sprite(new.interpolated(from: ship(x: 100, y: 100, angle: 0.2, tick: 1), fraction: 0.5))
    #expect(halfway?.x == 105)
    #expect(halfway?.y == 95)
    #expect(abs((halfway?.angle ?? 0) - 0.3) < 0.0001)
  }

  @Test func aTrackedSpriteTurnsTheShortWayRound() {
    let new = ship(x: 0, y: 0, angle: -3.0, tick: 2)
    let halfway = sprite(new.interpolated(from: ship(x: 0, y: 0, angle: 3.0, tick: 1), fraction: 0.5))
    // From 3.0 to -3.0 is 0.28 radians forwards through π, not 6 backwards.
    #expect(abs((halfway?.angle ?? 0) - (3.0 + (2 * .pi - 6) / 2)) < 0.0001)
  }

  @Test func aTrackedSpriteThatWrappedOrJustAppearedIsNotSlid() {
    let new = ship(x: 3, y: 100, angle: 0, tick: 2)
    #expect(sprite(new.interpolated(from: ship(x: 1_278, y: 100, angle: 0, tick: 1), fraction: 0.5))?.x == 3)
    #expect(sprite(new.interpolated(from: scene(tick: 1, []), fraction: 0.5))?.x == 3)
  }

  @Test func aStillSceneIsDrawnAsItIs() {
    var still = scene(
      tick: 2, [.sprite(Sprite(id: 0, image: "b", x: 100, y: 50, motion: .linear(vx: 8, vy: -4, spin: 0)))])
    still.particles = [Particle(image: "dot", x: 10, y: 10, vx: 1, vy: 1, life: 1)]
    still.isStill = true
    var previous = still
    previous.tick = 1
    #expect(still.interpolated(from: previous, fraction: 0.25) == still)
  }

  @Test func scenesThatAreNotConsecutiveTicksAreNotBlended() {
    let moving = scene(
      tick: 5, [.sprite(Sprite(id: 0, image: "b", x: 100, y: 50, motion: .linear(vx: 8, vy: -4, spin: 0)))])
    #expect(moving.interpolated(from: scene(tick: 6, []), fraction: 0.5) == moving)
    #expect(moving.interpolated(from: scene(tick: 2, []), fraction: 0.5) == moving)
    #expect(moving.interpolated(from: scene(tick: 4, []), fraction: 1) == moving)
  }

  @Test func particlesAreDrawnBackAlongTheirVelocity() {
    var new = scene(tick: 2, [])
    new.particles = [Particle(image: "dot", x: 10, y: 10, vx: 2, vy: -2, life: 0.5)]
    let halfway = new.interpolated(from: scene(tick: 1, []), fraction: 0.5)
    #expect(halfway.particles[0].x == 9 && halfway.particles[0].y == 11)
  }

  @Test func textIsSixteenPixelsACharacterTimesItsScale() {
    #expect(Text.width(of: "WAVE 4") == 96)
    #expect(Text.width(of: "07", scale: 1.5) == 48)
    #expect(Text.width(of: "") == 0)
  }

  @Test func aNewSceneIsTheFrameEmptyAndRunning() {
    let empty = Scene(tick: 3)
    #expect(empty.worldWidth == Float(Scene.frameWidth) && empty.worldHeight == Float(Scene.frameHeight))
    #expect(!empty.wraps && !empty.isStill)
    #expect(empty.background == .black)
    #expect(empty.world.isEmpty && empty.overlay.isEmpty && empty.particles.isEmpty)
  }
}
