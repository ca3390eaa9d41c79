import Testing

@testable import GameRender

@Suite struct SpriteSheetTests {
  @Test func aMalformedAtlasLineIsAnErrorNamingTheLine() {
    do {
      _ = try SpriteSheet.parseAtlas("# header\nship 0 0 48 48\nrock 1 2 three 4\n")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 3)
    }
  }

  @Test func theCommittedAtlasHoldsEverySpriteTheRendererDraws() throws {
    let text = try String(contentsOfFile: AssetLocator.folder() + "/sprites.atlas", encoding: .utf8)
    let rects = try SpriteSheet.parseAtlas(text)
    var kinds: [Scene.Kind] = [.ship(thrusting: false), .ship(thrusting: true), .bullet, .saucerBullet]
    kinds += [.saucer(small: false), .saucer(small: true)]
    for size in 0..<3 { for shape in 0..<4 { kinds.append(.rock(size: size, shape: shape)) } }
    for kind in kinds { #expect(rects[SceneRenderer.image(for: kind).0] != nil) }
    for name in ["spark", "ember", "title"] { #expect(rects[name] != nil) }
    for name in SceneRenderer.imageNames { #expect(rects[name] != nil) }
  }

  @Test func imageIndicesNameTheSpritesTheyDraw() {
    #expect(SceneRenderer.image(for: .rock(size: 1, shape: 2)).0 == "rock1-2")
    #expect(SceneRenderer.image(for: .saucer(small: true)).0 == "saucer-small")
    #expect(SceneRenderer.image(for: .saucerBullet).0 == "saucer-bullet")
    #expect(SceneRenderer.imageNames[SceneRenderer.sparkImage] == "spark")
    #expect(SceneRenderer.imageNames[SceneRenderer.emberImage] == "ember")
  }
}
