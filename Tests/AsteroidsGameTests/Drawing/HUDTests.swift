import AsteroidsGame
import GameRender
import GameScene
import GameTesting
import Testing

/// The HUD drawn offscreen over an empty world (no sprites, no particles), so every lit pixel
/// is the HUD's; positions are checked through where pixels light up (``LitBox``).
@Suite struct HUDTests {
  static func scene(
    _ phase: Session.Phase, score: Int = 0, highScore: Int = 0, wave: Int = 1, lives: Int = 0,
    tick: Int = 0
  ) -> Scene {
    var scene = AsteroidsDrawing.field(tick: tick, phase: phase)
    AsteroidsDrawing.addHUD(
      to: &scene, phase: phase, score: score, highScore: highScore, lives: lives, wave: wave)
    return scene
  }

  static func draw(_ scene: Scene, rewinding: Bool = false) throws -> [UInt32] {
    let offscreen = try OffscreenRenderer(Asteroids.self)
    offscreen.draw(scene, rewinding: rewinding)
    return offscreen.pixels()
  }

  static func box(_ pixels: [UInt32], xs: Range<Int>, ys: Range<Int>) -> LitBox? {
    LitBox(pixels, width: Scene.frameWidth, xs: xs, ys: ys)
  }

  /// True when the bluest pixel in `box` has under half as much red as blue: the HUD's cyan
  /// (120, 230, 255). The font's white strokes are themselves a little blue, about 3 : 4.
  static func isCyan(_ pixels: [UInt32], _ box: LitBox) -> Bool {
    let width = Scene.frameWidth
    var bluest: UInt32 = 0
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX where pixels[y * width + x] & 0xFF > bluest & 0xFF {
        bluest = pixels[y * width + x]
      }
    }
    return ((bluest >> 16) & 0xFF) * 2 < bluest & 0xFF
  }

  @Test func playingShowsTheScoreTopLeftTheHighScoreCentredAndTheWaveTopRight() throws {
    let pixels = try Self.draw(Self.scene(.playing, score: 1234, highScore: 5000, wave: 4))
    // "1234" at 1.5 × 16 px a character from x 32: 96 px wide, 36 high, from y 20.
    let score = try #require(Self.box(pixels, xs: 0..<400, ys: 0..<100), "no score")
    #expect((32..<40).contains(score.minX) && (112..<128).contains(score.maxX), "\(score)")
    #expect((20..<28).contains(score.minY) && (44..<56).contains(score.maxY), "\(score)")
    let scoreIsCyan = Self.isCyan(pixels, score)
    #expect(!scoreIsCyan, "the score is white")
    // "HI 5000", 112 px, centred on 640.
    let high = try #require(Self.box(pixels, xs: 400..<880, ys: 0..<100), "no high score")
    #expect((584..<592).contains(high.minX) && (680..<696).contains(high.maxX), "\(high)")
    #expect((20..<28).contains(high.minY) && (36..<44).contains(high.maxY), "\(high)")
    let highIsCyan = Self.isCyan(pixels, high)
    #expect(highIsCyan)
    // "WAVE 4", 96 px, ending at 1248.
    let wave = try #require(Self.box(pixels, xs: 880..<1280, ys: 0..<100), "no wave")
    #expect((1152..<1160).contains(wave.minX) && (1232..<1248).contains(wave.maxX), "\(wave)")
    let waveIsCyan = Self.isCyan(pixels, wave)
    #expect(waveIsCyan)
    // No lives, no screen text: nothing else is drawn.
    #expect(Self.box(pixels, xs: 0..<1280, ys: 100..<720) == nil)
    #expect(Self.box(pixels, xs: 0..<1280, ys: 56..<100) == nil)
  }

  @Test(arguments: [0, 7])
  func aScoreUnderTenShowsTwoDigits(score: Int) throws {
    let pixels = try Self.draw(Self.scene(.playing, score: score))
    let shown = try #require(Self.box(pixels, xs: 0..<400, ys: 0..<60))
    // Two 24 px cells from x 32: the second digit lights pixels past x 56.
    #expect(shown.minX < 56 && (60..<80).contains(shown.maxX), "\(shown)")
  }

  @Test func livesAreShipsInARowUnderTheScoreAtMostTen() throws {
    func lives(_ count: Int) throws -> LitBox? {
      Self.box(try Self.draw(Self.scene(.playing, lives: count)), xs: 0..<640, ys: 58..<100)
    }
    #expect(try lives(0) == nil)
    // Ships 28 px wide, every 26 px from x 32, between y 62 and 90.
    let three = try #require(try lives(3))
    let third: Range<Int> = 84..<112  // the third ship: x 32 + 2 × 26, 28 px wide
    #expect((32..<40).contains(three.minX) && third.contains(three.maxX), "\(three)")
    #expect((62..<70).contains(three.minY) && (82..<90).contains(three.maxY), "\(three)")
    let ten = try #require(try lives(10))
    let tenth: Range<Int> = 266..<294  // x 32 + 9 × 26, 28 px wide
    #expect(tenth.contains(ten.maxX), "\(ten)")
    #expect(try lives(12) == ten)
  }

  @Test func theTitleShowsTheHighScoreButNoScoreWaveOrLives() throws {
    let pixels = try Self.draw(Self.scene(.title, score: 1234, highScore: 5000, wave: 4, lives: 3))
    #expect(Self.box(pixels, xs: 0..<400, ys: 0..<100) == nil, "score or lives on the title")
    #expect(Self.box(pixels, xs: 880..<1280, ys: 0..<100) == nil, "the wave on the title")
    // "HI SCORE 5000", 208 px, centred on 640.
    let high = try #require(Self.box(pixels, xs: 400..<880, ys: 0..<100))
    #expect((536..<544).contains(high.minX) && (728..<744).contains(high.maxX), "\(high)")
  }

  @Test func pressFireBlinksWithTheScenesTickEvery32Ticks() throws {
    func prompt(atTick tick: Int) throws -> LitBox? {
      Self.box(try Self.draw(Self.scene(.title, tick: tick)), xs: 0..<1280, ys: 336..<380)
    }
    let shown = try #require(try prompt(atTick: 31), "no PRESS FIRE TO START on tick 31")
    // "PRESS FIRE TO START" at 1.5: 19 × 24 = 456 px centred on 640.
    #expect((412..<420).contains(shown.minX) && (852..<868).contains(shown.maxX), "\(shown)")
    #expect(try prompt(atTick: 32) == nil)
    #expect(try prompt(atTick: 64) == shown)
  }

  @Test func rewindingShowsTheRewindBannerAtTheBottom() throws {
    let band = (xs: 0..<1280, ys: 640..<720)
    let normal = try Self.draw(Self.scene(.playing))
    #expect(Self.box(normal, xs: band.xs, ys: band.ys) == nil)
    let rewinding = try Self.draw(Self.scene(.playing), rewinding: true)
    // "<< REWIND" at 1.5: 216 px centred on 640, from y 660.
    let banner = try #require(Self.box(rewinding, xs: band.xs, ys: band.ys), "no banner")
    #expect((532..<540).contains(banner.minX) && (732..<748).contains(banner.maxX), "\(banner)")
    #expect((660..<668).contains(banner.minY), "\(banner)")
  }
}
