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

  @Test func anImageNamedTwiceIsAnError() {
    do {
      _ = try SpriteSheet.parseAtlas("box 0 0 16 16\nbox 16 0 16 16\n")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 2)
      #expect(error.reason.contains("named twice"))
    }
  }

  @Test func imagesAreNumberedInAtlasOrder() throws {
    let atlas = try SpriteSheet.parseAtlas("# the test game's sheet\nbox 0 0 16 16\n\ndot 32 0 8 8\n")
    #expect(atlas.map(\.name) == ["box", "dot"])
    #expect(atlas[1].rect.x == 32 && atlas[1].rect.w == 8)
  }
}
