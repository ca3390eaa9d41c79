import Foundation
import GameCore
import Testing

@testable import GameRender

@Suite struct GameSessionTests {
  @Test func steppingBackRestoresTheStateOfTheTickBefore() throws {
    let session = GameSession(seed: 4, sink: nil)
    var bot = try Bot(name: "ace", seed: 1)
    for _ in 0..<64 { session.step(bot.input(for: session.store.state)) }
    let before = session.store.state
    session.step(bot.input(for: before))
    session.step(bot.input(for: session.store.state))
    #expect(session.stepBack())
    #expect(session.stepBack())
    #expect(session.store.state == before)
    #expect(session.scene.tick == before.tick)
  }

  @Test func cuesBecomeSoundFileNames() {
    #expect(GameSession.sound(for: .fire) == "fire")
    #expect(GameSession.sound(for: .largeRockExploded) == "explosion-large")
    #expect(GameSession.sound(for: .saucerAppeared) == nil)
  }

  @Test func everyCueWithASoundHasAWavFile() throws {
    let folder = try AssetLocator.folder() + "/sounds/"
    for cue in SoundCue.allCases {
      guard let name = GameSession.sound(for: cue) else { continue }
      #expect(FileManager.default.fileExists(atPath: folder + name + ".wav"), "\(name).wav")
    }
  }
}
