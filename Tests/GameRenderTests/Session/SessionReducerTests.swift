import GameCore
import GameTesting
import Testing

@testable import GameRender

/// A failure the book could report.
private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "cannot write highscores.json: no space left on device" }
}

@Suite struct SessionReducerTests {
  /// A book whose table takes any score of 10 or more, at the first place, on a fixed day.
  private static var dependencies: SessionDependencies {
    SessionDependencies(
      today: { "2026-11-28" }, place: { $0.value >= 10 ? 0 : nil })
  }

  private static func store(entryDelay: Int = 2) -> TestStore<SessionReducer> {
    TestStore(
      initialState: SessionState(seed: 9, buttons: 2, entryDelay: entryDelay),
      reducer: SessionReducer(), environment: dependencies)
  }

  private static func over(tick: Int, score: Int) -> GameGlance {
    GameGlance(tick: tick, isOver: true, ranking: Ranking(value: score), text: "\(score) PTS")
  }

  /// Opens a claim for a game that ended at `tick` (64 by default) with 40 points.
  private static func openClaim(_ store: TestStore<SessionReducer>, at tick: Int = 64) {
    store.send(.ticked([], over(tick: tick, score: 40))) {
      $0.wasOver = true
      $0.lastClaim = SessionState.LastClaim(tick: tick, value: 40)
      $0.claim = SessionState.Claim(
        ranking: Ranking(value: 40), text: "40 PTS", place: 0, tick: tick)
      $0.requests = [.buildReplay]
    }
  }

  @Test func aGameThatEndsWithARankingThatPlacesOpensAClaimAndAsksForItsReplay() {
    let store = Self.store()
    store.send(.ticked(TickInput(bit: 0), GameGlance(tick: 63, isOver: false))) {
      $0.held = [1, 0]
    }
    Self.openClaim(store)
    store.send(.replayBuilt([1, 2, 3])) {
      $0.requests = []
      $0.claim?.replay = [1, 2, 3]
    }
    // The game-over screen's next ticks open nothing more; the claim counts them.
    store.send(.ticked([], Self.over(tick: 65, score: 40))) { $0.claim?.ticksOpen = 1 }
  }

  @Test func aRankingBelowTheTableOpensNoClaim() {
    let store = Self.store()
    store.send(.ticked([], Self.over(tick: 64, score: 9))) { $0.wasOver = true }
    #expect(!store.state.isEnteringInitials)
  }

  @Test func rewindingOverTheEndAndEndingTheSameWayAgainClaimsNothingTwice() {
    let store = Self.store()
    Self.openClaim(store)
    store.send(.quit) {
      $0.claim = nil
      $0.requests = [.save(Self.save(initials: "AAA"))]
    }
    store.send(.rewound(GameGlance(tick: 63, isOver: false))) {
      $0.requests = []
      $0.wasOver = false
      $0.rewoundTicks = 1
    }
    store.send(.ticked([], Self.over(tick: 64, score: 40))) { $0.wasOver = true }
    // Ending at another tick is another game.
    store.send(.rewound(GameGlance(tick: 63, isOver: false))) {
      $0.wasOver = false
      $0.rewoundTicks = 2
    }
    Self.openClaim(store, at: 70)
  }

  @Test func keysPressedBeforeTheEntryDelayAreIgnoredAndLaterOnesEditTheInitials() {
    let store = Self.store(entryDelay: 2)
    Self.openClaim(store)
    store.send(.key(.character("z"))) { $0.requests = [] }
    store.send(.ticked([], Self.over(tick: 65, score: 40))) { $0.claim?.ticksOpen = 1 }
    store.send(.ticked([], Self.over(tick: 66, score: 40))) { $0.claim?.ticksOpen = 2 }
    store.send(.key(.character("z"))) { $0.claim?.initials.press(.character("z")) }
    #expect(store.state.claim?.initials.initials == "ZZ-")
    store.send(.key(.down)) { $0.claim?.initials.press(.down) }
    store.send(.key(.back)) { $0.claim?.initials.press(.back) }
    #expect(store.state.claim?.initials.initials == "Z--")
  }

  @Test func confirmAsksToSaveTheEntryDatedByTheEnvironmentWithItsReplay() {
    let store = Self.store(entryDelay: 0)
    Self.openClaim(store)
    store.send(.replayBuilt([7])) {
      $0.requests = []
      $0.claim?.replay = [7]
    }
    for character in "zed" {
      store.send(.key(.character(character))) { $0.claim?.initials.press(.character(character)) }
    }
    store.send(.key(.confirm)) {
      $0.claim = nil
      $0.requests = [.save(Self.save(initials: "ZED", replay: [7]))]
    }
    #expect(
      Self.save(initials: "ZED").replayName == "20261128-ZED-40-9-64.replay",
      "the day's stamp, the initials, the value, the seed and the tick name the replay")
    store.send(.saved(table: "", place: 0)) {
      $0.requests = []
      $0.entered = SessionState.Entered(table: "", place: 0)
    }
  }

  @Test func aFailedSaveIsKeptForTheNoticeAndTheClaimStaysClosed() {
    let store = Self.store(entryDelay: 0)
    Self.openClaim(store)
    store.send(.key(.confirm)) {
      $0.claim = nil
      $0.requests = [.save(Self.save(initials: "AAA"))]
    }
    store.send(.saveFailed(SessionFailure(DiskFull()))) {
      $0.requests = []
      $0.scoreFailure = SessionFailure(DiskFull())
    }
    #expect(store.state.scoreFailure?.error is DiskFull)
  }

  @Test func aRecordingThatStoppedIsKeptAndTheGameGoesOn() {
    let store = Self.store()
    store.send(.recordingFailed(SessionFailure(DiskFull()))) {
      $0.recordingFailure = SessionFailure(DiskFull())
    }
    store.send(.ticked(TickInput(bit: 1), GameGlance(tick: 1, isOver: false))) {
      $0.held = [0, 1]
    }
  }

  @Test func quittingWithNoClaimOpenAsksForNothing() {
    let store = Self.store()
    store.send(.quit)
    #expect(store.state.requests.isEmpty)
  }

  @Test func aTableOtherThanTheFirstNamesTheReplayAfterIt() {
    let store = Self.store(entryDelay: 0)
    let sprint = Ranking(table: "sprint", value: 3000, order: .lowerIsBetter)
    store.send(.ticked([], GameGlance(tick: 3000, isOver: true, ranking: sprint, text: "0:47"))) {
      $0.wasOver = true
      $0.lastClaim = SessionState.LastClaim(tick: 3000, value: 3000)
      $0.claim = SessionState.Claim(ranking: sprint, text: "0:47", place: 0, tick: 3000)
      $0.requests = [.buildReplay]
    }
    store.send(.key(.confirm)) {
      $0.claim = nil
      let entry = HighScoreEntry(
        initials: "AAA", value: 3000, text: "0:47", date: "2026-11-28", replay: nil)
      $0.requests = [
        .save(
          HighScoreSave(
            entry: entry, ranking: sprint, replay: nil,
            replayName: "sprint-20261128-AAA-3000-9-3000.replay"))
      ]
    }
    store.send(.saved(table: "sprint", place: 0)) {
      $0.requests = []
      $0.entered = SessionState.Entered(table: "sprint", place: 0)
    }
  }

  /// The save a claim of 40 points at tick 64 asks for.
  private static func save(initials: String, replay: [UInt8]? = nil) -> HighScoreSave {
    HighScoreSave(
      entry: HighScoreEntry(
        initials: initials, value: 40, text: "40 PTS", date: "2026-11-28", replay: nil),
      ranking: Ranking(value: 40), replay: replay,
      replayName: "20261128-\(initials)-40-9-64.replay")
  }
}
