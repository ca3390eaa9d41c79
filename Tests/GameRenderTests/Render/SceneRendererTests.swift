import GameAssets
import GameCore
import GameScene
import GameTesting
import Testing

@testable import GameRender

/// Every kind of shape drawn offscreen from the test game's assets, checked by where pixels
/// light up (``LitBox``): the world fitted into the frame, the overlay in frame pixels, the
/// order shapes are listed in, wrapping, interpolation and the rewind banner.
@Suite struct SceneRendererTests {
  static let width = Scene.frameWidth

  /// The test game's world is 320 × 180: four frame pixels a unit.
  static func scene(_ build: (inout Scene) -> Void) -> Scene {
    var scene = Scene(tick: 1, worldWidth: 320, worldHeight: 180)
    build(&scene)
    return scene
  }

  static func draw(_ scene: Scene, previous: Scene? = nil, fraction: Float = 1) throws
    -> [UInt32]
  {
    let offscreen = try OffscreenRenderer(TinyGame.self)
    offscreen.draw(scene, previous: previous, fraction: fraction)
    return offscreen.pixels()
  }

  static func box(_ pixels: [UInt32], xs: Range<Int>? = nil, ys: Range<Int>? = nil) -> LitBox? {
    LitBox(pixels, width: width, xs: xs, ys: ys)
  }

  @Test func aWorldRectIsScaledIntoTheFrame() throws {
    let pixels = try Self.draw(
      Self.scene { $0.world.append(.rect(Rect(x: 10, y: 20, width: 5, height: 2, color: .white))) })
    #expect(Self.box(pixels) == LitBox(minX: 40, minY: 80, maxX: 59, maxY: 87))
  }

  @Test func anOverlayRectIsInFramePixels() throws {
    let pixels = try Self.draw(
      Self.scene {
        $0.overlay.append(.rect(Rect(x: 10, y: 20, width: 5, height: 2, color: .white)))
      })
    #expect(Self.box(pixels) == LitBox(minX: 10, minY: 20, maxX: 14, maxY: 21))
  }

  @Test func aWorldOfAnotherAspectIsCentredInTheFrame() throws {
    // 100 × 100 units in a 1280 × 720 frame: 7.2 pixels a unit, 280 pixels of border each side.
    var scene = Scene(tick: 1, worldWidth: 100, worldHeight: 100)
    scene.world.append(.rect(Rect(x: 0, y: 0, width: 100, height: 100, color: .white)))
    let lit = try #require(Self.box(try Self.draw(scene)))
    #expect(lit == LitBox(minX: 280, minY: 0, maxX: 999, maxY: 719))
  }

  @Test func aSpriteIsCentredOnItsPointAtItsScale() throws {
    let pixels = try Self.draw(
      Self.scene {
        $0.world.append(.sprite(Sprite(id: 1, image: "box", x: 100, y: 50, scale: 0.25)))
      })
    // 16 sheet pixels at 0.25 × 4 = 16 frame pixels, centred on (400, 200).
    #expect(Self.box(pixels) == LitBox(minX: 392, minY: 192, maxX: 407, maxY: 207))
  }

  @Test func aSpriteAcrossAnEdgeOfAWrappingWorldAlsoShowsOnTheOtherSide() throws {
    var scene = Self.scene {
      $0.world.append(.sprite(Sprite(id: 1, image: "box", x: 1, y: 90, scale: 0.25)))
    }
    let plain = try Self.draw(scene)
    #expect(Self.box(plain, xs: 640..<1280) == nil)
    scene.wraps = true
    let wrapped = try Self.draw(scene)
    let copy = try #require(Self.box(wrapped, xs: 640..<1280), "no copy at the right edge")
    #expect(copy.maxX == 1279)
  }

  @Test func shapesLandInTheOrderTheSceneListsThem() throws {
    // A sprite (blended into the pixels directly) then a black rect over half of it (through
    // SDL): the rect must cover the sprite, though SDL draws later than the blend.
    let scene = Self.scene {
      $0.world.append(.sprite(Sprite(id: 1, image: "box", x: 100, y: 50, scale: 0.25)))
      $0.world.append(.rect(Rect(x: 100, y: 40, width: 10, height: 20, color: .black)))
    }
    #expect(Self.box(try Self.draw(scene)) == LitBox(minX: 392, minY: 192, maxX: 399, maxY: 207))
  }

  @Test func linesPolygonsAndTextLightWhereTheySay() throws {
    let line = try Self.draw(
      Self.scene {
        $0.overlay.append(.line(Line(x1: 100, y1: 100, x2: 200, y2: 100, color: .white)))
      })
    #expect(Self.box(line) == LitBox(minX: 100, minY: 100, maxX: 200, maxY: 100))
    let triangle: [SIMD2<Float>] = [[100, 100], [200, 100], [100, 200]]
    let filled = try Self.draw(
      Self.scene {
        $0.overlay.append(.polygon(Polygon(points: triangle, color: .white, filled: true)))
      })
    let outline = try Self.draw(
      Self.scene { $0.overlay.append(.polygon(Polygon(points: triangle, color: .white))) })
    #expect(Self.box(filled, xs: 100..<200, ys: 100..<200) != nil)
    #expect(Self.box(filled, xs: 120..<130, ys: 120..<130) != nil, "a filled polygon is filled")
    #expect(Self.box(outline, xs: 120..<130, ys: 120..<130) == nil, "an outline is hollow")
    let text = try Self.draw(
      Self.scene {
        $0.overlay.append(.text(Text("HI", x: 640, y: 300, scale: 2, alignment: .center)))
      })
    let lit = try #require(Self.box(text))
    #expect((608..<616).contains(lit.minX) && (656..<672).contains(lit.maxX), "\(lit)")
  }

  @Test func aTranslucentRectDimsWhatIsUnderIt() throws {
    let scene = Self.scene {
      $0.world.append(.rect(Rect(x: 0, y: 0, width: 320, height: 180, color: .white)))
      $0.overlay.append(
        .rect(Rect(x: 0, y: 0, width: 1280, height: 720, color: Color(0, 0, 0, alpha: 150))))
    }
    let pixel = try Self.draw(scene)[360 * Self.width + 640]
    #expect((90...120).contains(pixel & 0xFF), "white under 150/255 black: \(pixel & 0xFF)")
  }

  @Test func theBackgroundIsTheScenesColour() throws {
    var scene = Scene(tick: 1, background: Color(0, 0, 200))
    scene.worldWidth = 320
    #expect(try Self.draw(scene)[0] == 0xFF00_00C8)
  }

  @Test func aLinearSpriteIsDrawnBackAlongItsVelocityBetweenTicks() throws {
    func at(x: Float, tick: Int) -> Scene {
      var scene = Scene(tick: tick, worldWidth: 320, worldHeight: 180)
      scene.world.append(
        .sprite(
          Sprite(
            id: 1, image: "box", x: x, y: 50, scale: 0.25, motion: .linear(vx: 10, vy: 0, spin: 0)))
      )
      return scene
    }
    let halfway = try Self.draw(at(x: 110, tick: 2), previous: at(x: 100, tick: 1), fraction: 0.5)
    #expect(Self.box(halfway) == LitBox(minX: 412, minY: 192, maxX: 427, maxY: 207))
  }

  @Test func aGameScreenDrawsItsSpriteParticleAndText() throws {
    let state = TinyGame.initialState(seed: 100, settings: NoSettings())
    let pixels = try Self.draw(TinyGame.scene(of: state))
    #expect(Self.box(pixels, xs: 384..<416, ys: 384..<416) != nil, "the box at (100, 100)")
    #expect(Self.box(pixels, xs: 300..<340, ys: 384..<416) != nil, "the dot 20 units behind it")
    #expect(Self.box(pixels, xs: 0..<300, ys: 0..<60) != nil, "TINY 100")
  }

  @Test func rewindingShowsTheEnginesBanner() throws {
    let offscreen = try OffscreenRenderer(TinyGame.self)
    offscreen.draw(Self.scene { _ in }, rewinding: true)
    let banner = try #require(Self.box(offscreen.pixels(), ys: 640..<720))
    #expect((532..<540).contains(banner.minX), "\(banner)")
  }

  @Test func aNoticeShowsOnABandAtTheBottomOverAnything() throws {
    let offscreen = try OffscreenRenderer(TinyGame.self)
    let white = Self.scene {
      $0.overlay.append(.rect(Rect(x: 0, y: 0, width: 1280, height: 720, color: .white)))
    }
    offscreen.draw(white, notice: "RECORDING STOPPED: NO SPACE LEFT ON DEVICE")
    let pixels = offscreen.pixels()
    // The band darkens the white under it; the text is drawn in red on it.
    #expect(pixels[700 * Self.width + 5] & 0xFF < 0x60)
    #expect(pixels[100 * Self.width + 5] == 0xFFFF_FFFF)
    let reddish = (690..<720).contains { y in
      (300..<980).contains { x in
        let pixel = pixels[y * Self.width + x]
        return (pixel >> 16) & 0xFF > 200 && pixel & 0xFF < 150
      }
    }
    #expect(reddish, "the notice's text")
  }

  @Test func aGameWithoutASpriteSheetDrawsShapes() throws {
    let engine = try AssetLocator.engineFolder()
    let offscreen = try OffscreenRenderer(assets: AssetFolders(game: nil, engine: engine))
    offscreen.draw(
      Self.scene { $0.overlay.append(.rect(Rect(x: 1, y: 1, width: 2, height: 2, color: .white))) })
    #expect(Self.box(offscreen.pixels()) == LitBox(minX: 1, minY: 1, maxX: 2, maxY: 2))
  }

  /// A scene whose emitter sends two particles a tick.
  static func emitting(tick: Int) -> Scene {
    var scene = Scene(tick: tick, worldWidth: 320, worldHeight: 180)
    scene.emitters = [
      Emitter(
        image: "dot", x: 100, y: 100, direction: 0, spread: 0.5, speed: 1, speedRange: 0,
        lifetime: 30, lifetimeRange: 0, perTick: 2)
    ]
    return scene
  }

  @Test func aTickObservedAgainEmitsAndMovesNothing() throws {
    let offscreen = try OffscreenRenderer(TinyGame.self)
    let scenes = offscreen.scenes
    for tick in 0...3 { scenes.observe(tick: Self.emitting(tick: tick)) }
    #expect(scenes.emitted.items.count == 6)
    let before = scenes.emitted.items.map { [$0.x, $0.y] }
    // A networked match waiting for a peer, or showing the same tick after a rollback ran the
    // ones before it again: the tick shown is observed again, and nothing emits twice.
    scenes.observe(tick: Self.emitting(tick: 3))
    scenes.observe(tick: Self.emitting(tick: 3))
    #expect(scenes.emitted.items.count == 6)
    #expect(scenes.emitted.items.map { [$0.x, $0.y] } == before)
    scenes.observe(tick: Self.emitting(tick: 4))
    #expect(scenes.emitted.items.count == 8)
  }
}
