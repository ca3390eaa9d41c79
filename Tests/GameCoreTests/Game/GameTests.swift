import TestGames
import Testing

@testable import GameCore

/// The game protocol through a game that is not Asteroids: the engine serves any game.
@Suite struct GameTests {
  static func record(
    seed: UInt64, ticks: Int, settings: TallyGame.Settings = .headless,
    inputs: (Int) -> TickInput
  ) throws -> (bytes: [UInt8], hash: UInt64) {
    let simulation = Simulation<TallyGame>(seed: seed, settings: settings)
    let sink = MemoryReplaySink()
    let recorder = try ReplayRecorder(
      header: ReplayHeader(game: TallyGame.self, seed: seed, settings: settings), sink: sink,
      chunkTicks: 100)
    for tick in 0..<ticks {
      let input = inputs(tick)
      simulation.step(input)
      try recorder.record(input, after: simulation.state)
    }
    let hash = try recorder.finish(state: simulation.state)
    return (sink.bytes, hash)
  }

  /// Both players pressing in patterns that use bits 0-1 and 8-9.
  static func twoPlayers(_ tick: Int) -> TickInput {
    var input: TickInput = []
    if tick % 3 == 0 { input.insert(.add) }
    if tick % 50 == 7 { input.insert(.double) }
    if tick % 5 == 1 { input.insert(.subtract) }
    if tick % 97 == 0 { input.insert(.reset) }
    return input
  }

  @Test func aSimulationStartsFromTheGamesInitialStateAndSettings() {
    var settings = TallyGame.Settings()
    settings.step = 4
    let simulation = Simulation<TallyGame>(seed: 17, settings: settings)
    #expect(simulation.state == TallyGame.initialState(seed: 17, settings: settings))
    simulation.step(.add)
    #expect(simulation.state.total == 7 + 4)
    #expect(simulation.tick == 1)
  }

  @Test func aTwoPlayerReplayWithTenInputBitsVerifiesToTheRecordedHash() throws {
    let (bytes, hash) = try Self.record(seed: 5, ticks: 1_000, inputs: Self.twoPlayers)
    let outcome = try TallyGame.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.verified)
    #expect(outcome.finalHash == hash)
    #expect(outcome.header.gameID == "tally")
    #expect(outcome.header.inputBits == 10)
    #expect(outcome.header.formatVersion == 3)  // no axes: format 4 is for games with axes
    // The header names the game, so the player of another game refuses the file.
    #expect(throws: ReplayError.gameMismatch(found: "tally", expected: "counter")) {
      try ReplayPlayer<CounterSimulation>.play(bytes, verify: true)
    }
  }

  @Test func aReplayWhoseInputWidthIsNotTheGamesIsRefused() throws {
    var header = ReplayHeader(game: TallyGame.self, seed: 1, settings: .headless)
    header.inputBits = 12
    var encoder = ReplayEncoder(header: header)
    let bytes = encoder.headerRecord() + encoder.endRecord(finalHash: 0, sectionHashes: [])
    #expect(throws: ReplayError.inputBitsMismatch(found: 12, expected: 10)) {
      try TallyGame.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    }
  }

  @Test func runningHeadlessIsSteppingTheBotByHand() throws {
    let byHand = Simulation<TallyGame>(seed: 3, settings: .headless)
    var handBot = try #require(TallyGame.bot(named: "drummer", seed: 3))
    for _ in 0..<2_000 { byHand.step(handBot.input(for: byHand.state)) }

    let hooked = Simulation<TallyGame>(seed: 3, settings: .headless)
    var bot = try #require(TallyGame.bot(named: "drummer", seed: 3))
    var loop = HeadlessLoop()
    var recorded: [TickInput] = []
    var progress: [Int] = []
    try TallyGame.runHeadless(
      hooked, ticks: 2_000, bot: &bot, loop: &loop,
      record: { input, state in
        recorded.append(input)
        #expect(state.tick == recorded.count)
      }, progress: { progress.append($0) })
    #expect(hooked.hash == byHand.hash)
    #expect(recorded.count == 2_000)
    #expect(progress == [0, 1_024])
  }

  @Test func theBenchmarkRunsTheSameGameRawAndThroughTheStore() {
    var timed = 0
    let result = TallyGame.benchmark(
      name: "typical", settings: .headless, bot: "drummer", seed: 9, ticks: 5_000,
      timer: { body in
        timed += 1
        body()
        return 1_000
      })
    let simulation = Simulation<TallyGame>(seed: 9, settings: .headless)
    var bot = TallyGame.bot(named: "drummer", seed: 9)!
    simulation.run(ticks: 5_000, bot: &bot)
    #expect(timed == 10, "five rounds, raw and store interleaved")
    #expect(result.hash == simulation.hash)
    #expect(result.ticks == 5_000)
    #expect(result.rawNanoseconds == 1_000 && result.storeNanoseconds == 1_000)
  }

  @Test func settingsAreSetByNameAndUnknownNamesAreRefusedWithTheKnownOnes() throws {
    var settings = TallyGame.Settings()
    try settings.set("step", to: "6")
    #expect(settings.step == 6)
    #expect(throws: SettingError.unknown("speed", known: ["step"])) {
      try settings.set("speed", to: "1")
    }
    #expect(
      throws: SettingError.invalid("step", value: "0", reason: "expected a whole number in 1...9")
    ) {
      try settings.set("step", to: "0")
    }
    #expect(
      "\(SettingError.unknown("speed", known: ["step"]))"
        == "unknown setting 'speed'; known settings: step")
  }

  @Test func aGameWithoutSettingsEncodesNoBytesAndRefusesAny() throws {
    #expect(NoSettings().encoded.isEmpty)
    _ = try NoSettings(encoded: [])
    #expect(throws: SettingsBytesError.trailingBytes(atOffset: 0)) {
      try NoSettings(encoded: [1])
    }
    var settings = NoSettings()
    #expect(throws: SettingError.unknown("x", known: [])) { try settings.set("x", to: "1") }
  }

  @Test func gameIDsAreShortLowercaseWords() {
    #expect(TallyGame.hasValidID)
    for good in ["a", "pong", "falling-blocks", "game2", String(repeating: "x", count: 16)] {
      #expect(ReplayFormat.isValidGameID(good), "\(good)")
    }
    for bad in ["", "Pong", "two words", "snake_case", "é", String(repeating: "x", count: 17)] {
      #expect(!ReplayFormat.isValidGameID(bad), "\(bad)")
    }
  }
}

@Suite struct ButtonLayoutTests {
  @Test func eachButtonIsTheBitOfItsPlace() {
    let layout = TallyGame.buttons
    #expect(layout.bitCount == 10)
    #expect(layout.input(named: "add") == TickInput(bit: 0))
    #expect(layout.input(named: "reset") == TickInput(bit: 9))
    #expect(layout.input(named: "jump") == nil)
    #expect(layout.allBits.rawValue == 0b11_1111_1111)
    #expect(layout.pause == .reset)
  }

  @Test func theDumpShowsSymbolsInBitOrderAndQuestionMarksForUnusedBits() {
    let layout = TallyGame.buttons
    #expect(layout.describe([.reset, .add]) == "AR")
    #expect(layout.describe([]) == "-")
    #expect(layout.describe(TickInput(rawValue: 1 << 20 | 1)) == "A?")
  }

  @Test func aLayoutWithoutAPauseButtonHasAnEmptyPause() {
    let layout = ButtonLayout([Button("go", symbol: "G", keys: ["Space"])])
    #expect(layout.pause.isEmpty)
    #expect(layout.allBits == TickInput(bit: 0))
  }

  @Test func aTickInputPrintsItsBitsInHex() {
    #expect(TickInput().description == "-")
    #expect(TickInput(bit: 9).description == "0x200")
    #expect(TickInput(bit: 31).rawValue == 0x8000_0000)
  }
}

@Suite struct SimulationRestoreTests {
  @Test func restoringKeepsTheStoreItsSubscribersAndHearsTheRestoredState() {
    let simulation = Simulation<TallyGame>(seed: 4, settings: .headless)
    let store = simulation.store
    var totals: [Int] = []
    let subscription = store.subscribe(\.total) { _, new in totals.append(new) }
    let snapshot = simulation.state
    for _ in 0..<3 { simulation.step(.add) }
    simulation.restore(snapshot)
    #expect(simulation.store === store, "the same store, so subscribers stay")
    #expect(simulation.state == snapshot)
    simulation.step([])
    #expect(totals == [5, 6, 7, 4], "each add, then the restored total at the next step")
    subscription.cancel()
  }
}
