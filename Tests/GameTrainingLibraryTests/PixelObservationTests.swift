import AsteroidsGame
import BlocksGame
import GameCore
import GameRender
import LockstepGames
import PongGame
import Testing

@testable import GameScene
@testable import GameTrainingLibrary

/// The pixel observation is the real frame in miniature: for moments of every game (its
/// screenshots' title, play, pause and game-over screens, and Asteroids with rocks of every
/// size, the saucer and the ship turned), the 84 × 84 raster is close to the frame the
/// offscreen renderer draws, box-filtered down to 84 × 84 grey, and shows every sprite and
/// every line of text with about the frame's brightness.
@Suite struct PixelObservationTests {
  /// A game's moments and how close its raster comes to the frame.
  func compare<P: PlayableGame>(_ game: P.Type, _ moments: [(String, P.State)]) throws {
    let renderer = try OffscreenRenderer(P.self)
    let raster = try raster(for: P.self)
    for (name, state) in moments {
      let scene = P.scene(of: state)
      renderer.draw(scene)
      let real = PixelFrames.downscaled(renderer.pixels(), side: pixelSide)
      let drawn = PixelFrames.drawn(scene, raster)
      PixelFrames.saveIfAsked("\(P.id)-\(name)", real: renderer.pixels(), small: real, drawn: drawn)
      let difference = PixelFrames.meanDifference(real, drawn)
      #expect(difference < 2.5, "\(P.id) \(name): mean difference \(difference)")
      for object in PixelFrames.objects(of: scene, raster) {
        let (inFrame, inRaster) = PixelFrames.brightness(object.box, real, drawn, scene)
        #expect(
          abs(inRaster - inFrame) <= 0.25 * inFrame + 40,
          "\(P.id) \(name): \(object.name) is \(inRaster) bright in the raster, \(inFrame) in the frame"
        )
      }
    }
  }

  /// The moments `screenshots` takes of `P` with `settings`.
  func screenshots<P: PlayableGame>(_ game: P.Type, _ settings: P.Settings) -> [(String, P.State)] {
    let store = Store(
      initialState: P.initialState(seed: 2026, settings: settings), reducer: P(), environment: ())
    var moments: [(String, P.State)] = []
    var shoot = PhotoShoot(store: store, ticked: {}, shot: { moments.append(($0, store.state)) })
    P.screenshots(&shoot, seed: 2026)
    return moments
  }

  @Test func pongsFramesAreTheRealFramesInMiniature() throws {
    try compare(Pong.self, screenshots(Pong.self, Pong.Settings()))
  }

  @Test func blocksFramesAreTheRealFramesInMiniatureAloneAndInVersus() throws {
    var versus = Blocks.Settings()
    versus.mode = .versus
    let moments =
      screenshots(Blocks.self, Blocks.Settings())
      + screenshots(Blocks.self, versus).map { ("versus-\($0.0)", $0.1) }
    try compare(Blocks.self, moments)
  }

  @Test func asteroidsFramesShowRocksOfEverySizeTheSaucerAndTheTurnedShip() throws {
    var moments = screenshots(Asteroids.self, Asteroids.Settings())
    let store = Store(
      initialState: Asteroids.initialState(seed: 7, settings: Asteroids.Settings()),
      reducer: Asteroids(), environment: ())
    var ace = try #require(Asteroids.bot(named: "ace", seed: 7))
    store.step(.tick(.fire))
    var sizes = Set<UInt8>()
    var saucer = false
    for tick in 0..<6_000 {
      store.step(.tick(ace.input(for: store.state)))
      let state = store.state
      let newSizes = Set(state.rocks.items.map(\.size.rawValue))
      let turned = state.ship.angle.raw % 16_384 != 0 && state.ship.isVisible
      if turned && newSizes.count == 3 && sizes.count < 3 {
        moments.append(("every-size", state))
        sizes = newSizes
      }
      if turned && state.saucer.isActive && !saucer && tick % 7 == 0 {
        moments.append(("saucer", state))
        saucer = true
      }
      if sizes.count == 3 && saucer { break }
    }
    #expect(sizes.count == 3 && saucer, "the run never showed every size and the saucer")
    try compare(Asteroids.self, moments)
  }

  @Test func theBatchDrawsWhatTheRasterDrawsForEachEnvironment() throws {
    lockstep_register()
    var handle: Int64 = 0
    #expect(lockstep_create("asteroids", 3, 1, 1, 0, 0, 1, 2, nil, nil, &handle, nil, 0) == 0)
    defer { _ = lockstep_close(handle, nil, 0) }
    let features = Asteroids.observationFeatures.count
    var observations = [Float](repeating: 0, count: 3 * features)
    var rewards = [Float](repeating: 0, count: 3)
    var terminated = [UInt8](repeating: 0, count: 3)
    var truncated = [UInt8](repeating: 0, count: 3)
    let handed = lockstep_set_buffers(
      handle, &observations, Int64(observations.count), &rewards, 3, &terminated, 3, &truncated,
      3, nil, 0, nil, 0)
    #expect(handed == 0)
    var pixels = [UInt8](repeating: 0, count: 3 * pixelSide * pixelSide)
    #expect(lockstep_set_pixels(handle, &pixels, Int64(pixels.count), nil, 0) == 0)
    var seeds: [UInt64] = [1, 2, 3]
    #expect(lockstep_reset(handle, &seeds, 3, nil, 0) == 0)
    var actions: [Int32] = [1, 1, 1]
    for _ in 0..<90 { #expect(lockstep_step(handle, &actions, 3, nil, 0) == 0) }
    let raster = try raster(for: Asteroids.self)
    _ = handleTable.with(handle, nil, 0) { h in
      guard let batch = h.batch as? any StateReading<Asteroids.State> else {
        Issue.record("an Asteroids batch reads Asteroids states")
        return 1
      }
      for index in 0..<3 {
        let expected = PixelFrames.drawn(Asteroids.scene(of: batch.stateNow(index)), raster)
        let differing = (0..<7_056).filter { pixels[index * 7_056 + $0] != expected[$0] }.count
        #expect(differing == 0, "environment \(index): \(differing) pixels differ")
        #expect(expected.contains { $0 > 100 }, "environment \(index) shows something")
      }
      return 0
    }
  }
}
