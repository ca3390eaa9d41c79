import AsteroidsGame
import Foundation
import GameAssets
import GameCore
import GameScene
import Testing

@testable import GameRender

/// What a state of Asteroids looks and sounds like (`Asteroids.scene(of:)`, `sounds(of:)`).
@Suite struct AsteroidsSceneTests {
  func sprites(_ scene: Scene) -> [Sprite] {
    scene.world.compactMap { if case .sprite(let sprite) = $0 { sprite } else { nil } }
  }

  @Test func aNewGameShowsTheTitleOverItsRocksWithoutTheShip() {
    let state = Asteroids.State(seed: 11)
    let scene = Asteroids.scene(of: state)
    #expect(!Asteroids.isPlaying(state))
    #expect(scene.wraps)
    #expect(scene.worldWidth == 1_280 && scene.worldHeight == 720)
    let rocks = sprites(scene).filter { $0.image.hasPrefix("rock") }
    #expect(rocks.count == state.rocks.items.count)
    #expect(!sprites(scene).contains { $0.id == AsteroidsDrawing.shipID })
    #expect(
      scene.overlay.contains {
        if case .image(let image) = $0 { image.name == "title" } else { false }
      })
  }

  @Test func inPlayTheShipIsTrackedAndEveryRockMovesInAStraightLine() throws {
    let store = Store(initialState: Asteroids.State(seed: 2), reducer: Asteroids(), environment: ())
    store.step(.tick(.fire))
    for _ in 0..<10 { store.step(.tick(.thrust)) }
    let scene = Asteroids.scene(of: store.state)
    #expect(Asteroids.isPlaying(store.state))
    let ship = try #require(sprites(scene).first { $0.id == AsteroidsDrawing.shipID })
    #expect(ship.motion == .tracked)
    #expect(ship.image == "ship-thrust")
    #expect(scene.emitters.count == 1, "the thrust flame")
    for rock in sprites(scene) where rock.image.hasPrefix("rock") {
      guard case .linear = rock.motion else {
        Issue.record("a rock that is not linear: \(rock)")
        return
      }
    }
  }

  @Test func theGameAngleUpIsTheSheetsUpright() {
    // The ship of a new game faces up: drawn as the sheet has it, not turned.
    let store = Store(initialState: Asteroids.State(seed: 1), reducer: Asteroids(), environment: ())
    store.step(.tick(.fire))
    let ship = sprites(Asteroids.scene(of: store.state)).first { $0.id == AsteroidsDrawing.shipID }
    #expect(ship?.angle == 0)
  }

  @Test func cuesBecomeSoundFileNamesAndEveryOneHasAWavFile() throws {
    #expect(Asteroids.sounds(of: Asteroids.State(seed: 1)) == Sounds())
    let folder = try #require(AssetLocator.folder(for: Asteroids.self)) + "/sounds/"
    var state = Asteroids.State(seed: 1)
    state.cues = SoundCue.allCases
    let sounds = Asteroids.sounds(of: state)
    #expect(sounds.oneShots.contains("fire") && sounds.oneShots.contains("explosion-large"))
    for name in sounds.oneShots + ["thrust", "saucer-large", "saucer-small"] {
      #expect(FileManager.default.fileExists(atPath: folder + name + ".wav"), "\(name).wav")
    }
  }

  @Test func aThrustingShipLoopsItsSoundOnlyWhilePlaying() {
    let store = Store(initialState: Asteroids.State(seed: 3), reducer: Asteroids(), environment: ())
    store.step(.tick(.fire))
    store.step(.tick(.thrust))
    #expect(Asteroids.sounds(of: store.state).loops.contains("thrust"))
    store.step(.tick([.thrust, .pause]))
    #expect(!Asteroids.sounds(of: store.state).loops.contains("thrust"))
  }
}
