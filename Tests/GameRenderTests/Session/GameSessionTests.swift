import Foundation
import GameCore
import GameScene
import Testing

@testable import GameRender

@Suite struct GameSessionTests {
  @Test func steppingBackRestoresTheStateOfTheTickBefore() {
    let session = GameSession<TinyGame>(seed: 4, sink: nil)
    for _ in 0..<64 { session.step(.right) }
    let before = session.store.state
    session.step(.left)
    session.step(.clap)
    #expect(session.stepBack())
    #expect(session.stepBack())
    #expect(session.store.state == before)
    #expect(session.scene.tick == before.tick)
  }

  @Test func eachTickGivesTheGamesSounds() {
    let session = GameSession<TinyGame>(seed: 4, sink: nil)
    session.step(.right)
    #expect(session.sounds == Sounds(oneShots: ["blip"], loops: ["hum"]))
    session.step([])
    #expect(session.sounds == Sounds(loops: ["hum"]))
    #expect(session.stepBack())
    #expect(session.sounds == Sounds(), "nothing plays while rewinding")
  }

  @Test func theSummaryNamesTheTickTheGameAndTheButtonsHeld() {
    let session = GameSession<TinyGame>(seed: 4, sink: nil)
    for _ in 0..<3 { session.step(.right) }
    session.step([.left, .clap])
    #expect(session.stepBack())
    #expect(session.summary == "tick=3 x 10 rewound=1 held=left:1,right:3,pause:0,clap:1")
  }
}

@Suite struct RewindThroughPauseTests {
  @Test func rewindPassesOverAPausedSpan() {
    let session = GameSession<TinyGame>(seed: 4, sink: nil)
    for _ in 0..<20 { session.step(.right) }
    let beforePause = session.store.state.x
    session.step(.pause)
    for _ in 0..<40 { session.step([]) }  // paused: nothing moves
    session.step(.pause)
    session.step(.right)
    // A step back undoes the move (to the tick that unpaused), the next passes over the
    // paused ticks in one go.
    #expect(session.stepBack())
    #expect(session.store.state.tick == 62)
    #expect(session.stepBack())
    #expect(session.store.state.x == beforePause)
    #expect(session.store.state.tick == 20, "landed before the paused span")
    #expect(!session.store.state.isPaused)
  }
}

@Suite struct GameSessionHighScoreTests {
  @Test func aHighScoreTheBookCannotSaveIsANoticeAndTheProblemForTheTerminal() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("highscores-\(UUID().uuidString)").path
    // A folder where the book's file should be: it reads as empty and cannot be written.
    try FileManager.default.createDirectory(
      atPath: folder + "/highscores.json", withIntermediateDirectories: true)
    let session = GameSession<RaceGame>(seed: 3, sink: nil, book: HighScoreBook(folder: folder))
    for tick in 0..<(64 + session.entryDelay) { session.step(tick < 20 ? TickInput(bit: 0) : []) }
    #expect(session.isEnteringInitials)
    #expect(session.claim?.replay != nil, "the driver built the claim's replay")
    session.enter(.confirm)
    #expect(!session.isEnteringInitials)
    #expect(session.scoreProblem != nil)
    #expect(session.notice?.hasPrefix("HIGH SCORE NOT SAVED: ") == true, "\(session.notice ?? "")")
    #expect(session.scoreReports.isEmpty)
  }
}
