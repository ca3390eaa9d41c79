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
}
