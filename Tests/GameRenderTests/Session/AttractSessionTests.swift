import Foundation
import GameCore
import GameScene
import Testing

@testable import GameRender

/// The attract mode's decisions, headless: no window, no clock, ticks stepped by hand.
@Suite struct AttractSessionTests {
  /// Ten idle ticks start a demo; a demo plays at most 100 ticks and shows its end for 5.
  static let mode = AttractMode(idleTicks: 10, demoTicks: 100, lingerTicks: 5)

  /// A window's session of ``TitleGame`` on its title, recording to `sink` and keeping its
  /// high scores in `book`.
  static func session(
    seed: UInt64 = 9, mode: AttractMode = mode, sink: CountingSink? = nil,
    book: HighScoreBook? = nil
  ) -> AttractSession<TitleGame> {
    AttractSession(
      player: GameSession<TitleGame>(seed: seed, sink: sink, book: book), mode: mode, seed: seed)
  }

  /// A recording sink that counts what reaches it.
  final class CountingSink: RecordingSink {
    private(set) var inputs = 0
    func record(_ input: TickInput, after state: TitleGame.State) throws { inputs += 1 }
    func finish(state: TitleGame.State) throws -> String { "\(inputs) ticks" }
  }

  static func scratchFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("attract-\(UUID().uuidString)")
      .path
  }

  @Test func aDemoStartsAfterTheIdleTicksOnTheTitleAndNotBefore() {
    let session = Self.session()
    for _ in 0..<9 { session.step([]) }
    #expect(!session.isShowingDemo)
    session.step([])
    #expect(session.isShowingDemo)
    #expect(session.demo?.botName == "runner", "the game's first bot plays")
    #expect(session.demo?.seed == AttractMode.demoSeed(session: 9, demo: 1))
    #expect(session.demosShown == 1)
  }

  @Test func aKeyOnTheTitleStartsTheIdleWaitOver() {
    let session = Self.session()
    for _ in 0..<9 { session.step([]) }
    #expect(!session.wake(), "no demo to end")
    for _ in 0..<9 { session.step([]) }
    #expect(!session.isShowingDemo)
    session.step([])
    #expect(session.isShowingDemo)
  }

  @Test func aButtonHeldOnTheTitleStartsTheIdleWaitOver() {
    let session = Self.session()
    for _ in 0..<9 { session.step([]) }
    session.step(.hold)  // the pause button does nothing on this title, but it is input
    for _ in 0..<9 { session.step([]) }
    #expect(!session.isShowingDemo)
  }

  @Test func noDemoCoversPlayOrAPausedGame() {
    let session = Self.session()
    session.step(.go)
    for _ in 0..<20 { session.step([]) }
    #expect(!session.isShowingDemo, "play under way is not left alone")
    session.step(.hold)
    #expect(session.player.state.phase == .paused)
    for _ in 0..<50 { session.step([]) }
    #expect(!session.isShowingDemo, "a paused game is not covered")
    #expect(session.player.state.phase == .paused, "the probe for a pause changed nothing")
  }

  @Test func aDemoCoversTheGameOverScreenToo() {
    let session = Self.session()
    session.step(.go)
    for _ in 0..<TitleGame.gameTicks { session.step([]) }
    #expect(session.player.state.phase == .over)
    for _ in 0..<10 { session.step([]) }
    #expect(session.isShowingDemo)
  }

  @Test func anyKeyEndsTheDemoAndTheTitleIsExactlyAsItWas() throws {
    let sink = CountingSink()
    let session = Self.session(sink: sink)
    for _ in 0..<10 { session.step([]) }
    let before = session.player.state
    let scene = session.player.scene
    #expect(session.isShowingDemo)
    for _ in 0..<20 { session.step([]) }
    #expect(session.isPlaying, "the demo's game is in play")
    #expect(session.scene != scene)
    #expect(session.wake(), "the key ends the demo")
    #expect(!session.isShowingDemo)
    #expect(session.lastEnd == .input)
    #expect(session.player.state == before, "the title did not move under the demo")
    #expect(session.scene == scene)
    // The recording holds the player's ten ticks, and its end state is the player's own.
    #expect(try session.finish() == ["10 ticks"], "nothing of the demo was recorded")
  }

  @Test func aButtonHeldDuringADemoEndsItAndNeverReachesThePlayersGame() {
    let session = Self.session()
    for _ in 0..<10 { session.step([]) }
    let before = session.player.state
    session.step(.go)
    #expect(!session.isShowingDemo)
    #expect(session.lastEnd == .input)
    #expect(session.player.state == before, "the press that ended the demo started nothing")
  }

  @Test func theDemoEndsByItselfOnceItsGameIsOverAndShown() {
    let folder = Self.scratchFolder()
    let book = HighScoreBook(folder: folder)
    let session = Self.session(book: book)
    for _ in 0..<10 { session.step([]) }
    var ticks = 0
    while session.isShowingDemo && ticks < 1_000 {
      session.step([])
      ticks += 1
    }
    #expect(session.lastEnd == .gameOver)
    #expect(ticks == TitleGame.gameTicks + Self.mode.lingerTicks)
    #expect(session.player.state.phase == .title, "back on the title")
    #expect(!session.isEnteringInitials, "the demo's score asks for no initials")
    #expect(book.entries("").isEmpty, "the demo's score is not on the player's table")
    #expect(!FileManager.default.fileExists(atPath: book.path), "no high-score file written")
  }

  @Test func theDemoEndsByItselfAtItsTimeLimitAndTheNextOneHasAnotherSeed() {
    let session = Self.session(mode: AttractMode(idleTicks: 10, demoTicks: 8, lingerTicks: 5))
    for _ in 0..<10 { session.step([]) }
    let first = session.demo?.seed
    for _ in 0..<8 { session.step([]) }
    #expect(!session.isShowingDemo)
    #expect(session.lastEnd == .timeUp)
    for _ in 0..<9 { session.step([]) }
    #expect(!session.isShowingDemo, "the title is shown a whole idle wait between demos")
    session.step([])
    #expect(session.demosShown == 2)
    #expect(session.demo?.seed == AttractMode.demoSeed(session: 9, demo: 2))
    #expect(session.demo?.seed != first)
  }

  @Test func demosAreSilentShowTheBannerAndHideThePlayersNotices() {
    let session = Self.session()
    for _ in 0..<12 { session.step([]) }
    #expect(session.isShowingDemo)
    #expect(session.demo?.state.phase == .playing, "the game hums while played")
    #expect(session.sounds == Sounds())
    #expect(session.notice == nil)
    let texts = session.boardOverlay.compactMap { shape -> String? in
      if case .text(let text) = shape { text.string } else { nil }
    }
    #expect(texts.contains("DEMO - PRESS ANY KEY"))
    #expect(texts.contains("PLAYED BY THE RUNNER BOT"))
  }

  @Test func noRewindDuringADemoAndNoInitialsEntry() {
    let session = Self.session()
    for _ in 0..<10 { session.step([]) }
    #expect(!session.stepBack())
    #expect(!session.isEnteringInitials)
    #expect(session.isShowingDemo)
  }

  @Test func noDemoWhileInitialsAreEnteredOrWhenTheModeIsOff() {
    let book = HighScoreBook(folder: Self.scratchFolder())
    let session = Self.session(book: book)
    session.step(.go)
    for _ in 0..<TitleGame.gameTicks { session.step(.go) }
    #expect(session.isEnteringInitials)
    for _ in 0..<50 { session.step([]) }
    #expect(!session.isShowingDemo)
    let off = Self.session(mode: .off)
    for _ in 0..<1_000 { off.step([]) }
    #expect(!off.isShowingDemo)
  }

  /// The window test waits on these before it types initials (scripts/window-test.sh).
  @Test func theSummarySaysWhenTheInitialsEntryTakesKeys() {
    let book = HighScoreBook(folder: Self.scratchFolder())
    let session = Self.session(book: book)
    session.step(.go)
    #expect(!session.summary.contains("entry="))
    for _ in 0..<TitleGame.gameTicks { session.step(.go) }
    #expect(session.isEnteringInitials)
    #expect(session.summary.hasSuffix(" entry=waiting demos=0"), "\(session.summary)")
    for _ in 0..<session.player.entryDelay { session.step([]) }
    #expect(session.summary.hasSuffix(" entry=open demos=0"), "\(session.summary)")
  }

  @Test func aGameWithNoBotHasNoAttractMode() {
    let session = AttractSession(
      player: GameSession<RaceGame>(seed: 1, sink: nil), mode: Self.mode, seed: 1)
    for _ in 0..<64 { session.step([]) }
    #expect(RaceGame.isGameOver(session.player.state))
    for _ in 0..<100 { session.step([]) }
    #expect(!session.isShowingDemo)
  }

  @Test func theSummaryCountsTheDemosAndEachIsReported() {
    var lines: [String] = []
    let session = AttractSession(
      player: GameSession<TitleGame>(seed: 9, sink: nil), mode: Self.mode, seed: 9
    ) { lines.append($0) }
    for _ in 0..<10 { session.step([]) }
    #expect(session.wake())
    #expect(session.summary.hasSuffix(" demos=1"))
    let seed = AttractMode.demoSeed(session: 9, demo: 1)
    #expect(
      lines == [
        "attract: demo 1, the runner bot (simulate --game title --bot runner --seed \(seed) "
          + "plays it)",
        "attract: demo 1 ended after 0 ticks: a key was pressed",
      ])
  }
}
