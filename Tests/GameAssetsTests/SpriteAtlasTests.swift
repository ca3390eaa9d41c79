import Testing

@testable import GameAssets

@Suite struct SpriteAtlasTests {
  @Test func aMalformedAtlasLineIsAnErrorNamingTheLine() {
    do {
      _ = try SpriteAtlas.parse("# header\nship 0 0 48 48\nrock 1 2 three 4\n")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 3)
    }
  }

  @Test func anImageNamedTwiceIsAnError() {
    do {
      _ = try SpriteAtlas.parse("box 0 0 16 16\nbox 16 0 16 16\n")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 2)
      #expect(error.reason.contains("named twice"))
    }
  }

  @Test func imagesAreNumberedInAtlasOrder() throws {
    let atlas = try SpriteAtlas.parse("# the test game's sheet\nbox 0 0 16 16\n\ndot 32 0 8 8\n")
    #expect(atlas.map(\.name) == ["box", "dot"])
    #expect(atlas[1].x == 32 && atlas[1].width == 8)
  }

  @Test func windowsLineEndsAndTabsAreSpaceAroundALine() throws {
    let atlas = try SpriteAtlas.parse("box 0 0 16 16\r\n\tdot 32 0 8 8 \r\n")
    #expect(atlas.map(\.name) == ["box", "dot"] && atlas[1].height == 8)
  }

  @Test func negativeOrMissingCoordinatesAreRefused() {
    for text in ["box -1 0 16 16", "box 0 0 16", "box 0 0 16 16 9", "box 0 0 99999999999 1"] {
      #expect(throws: SpriteAtlas.Malformed.self, "\(text)") { try SpriteAtlas.parse(text) }
    }
  }
}
