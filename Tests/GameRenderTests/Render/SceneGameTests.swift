import GameCore
import Testing

@testable import GameRender

@Suite struct SceneGameTests {
  @Test func aNewGameShowsTheTitleOverItsRocks() {
    let state = Game.State(seed: 11)
    let scene = Scene(state: state)
    #expect(scene.phase == .title)
    #expect(scene.worldWidth == 1_280 && scene.worldHeight == 720)
    let rocks = scene.sprites.filter { if case .rock = $0.kind { true } else { false } }
    #expect(rocks.count == state.rocks.items.count)
  }

  @Test func theGameAngleUpIsTheSheetsUpright() {
    #expect(Scene.radians(.up) == 0)
    #expect(abs(Scene.radians(.zero) - .pi / 2) < 0.0001)  // +x: a quarter turn clockwise
  }
}
