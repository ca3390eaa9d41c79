import Foundation
import GameCore
import GameScene
import Testing

@testable import BlocksGame
import GameFiles

/// The game as a whole: modes, bots, demos, settings, the scene and the sounds.
@Suite struct BlocksGameTests {
  static let demos: [(file: String, seed: UInt64, mode: Blocks.Mode, hash: String, lines: Int)] = [
    ("marathon.replay", 1, .marathon, "424fe0ef7662f848", 37),
    ("sprint.replay", 2, .sprint, "19b9f5780152f06d", 35),
    ("versus.replay", 3, .versus, "ca398a157c144a87", 57),
  ]

  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/BlocksGameTests/BlocksGameTests.swift
    return parts.joined(separator: "/") + "/assets/blocks/demos/"
  }()

  @Test(arguments: demos.indices)
  func aBundledDemoReplaysToItsPinnedHashAndVerifies(index: Int) throws {
    let demo = Self.demos[index]
    let bytes = try ReplayFile.read(path: Self.directory + demo.file)
    let outcome = try Blocks.playReplay(bytes, verify: true, allowPartial: false, progress: nil)
    #expect(outcome.header.gameID == "blocks")
    #expect(try BlocksSettings(encoded: outcome.header.settings).mode == demo.mode)
    #expect(outcome.ticks == 11_520)
    #expect(ReplayFormat.hex(outcome.finalHash) == demo.hash)
    #expect(outcome.simulation.state.players[0].lines == demo.lines)
    #expect(outcome.verified, "\(outcome.desync.map(String.init(describing:)) ?? "")")
  }

  @Test func theStrongBotClearsAThousandLinesAtLevelOneGravityWithoutToppingOut() throws {
    var settings = BlocksSettings.headless
    settings.levelsUp = false
    for seed: UInt64 in [11, 12] {
      let simulation = Simulation<Blocks>(seed: seed, settings: settings)
      var bot = try #require(Blocks.bot(named: "strong", seed: seed))
      while simulation.state.players[0].lines < 1_000 && simulation.tick < 120_000 {
        simulation.run(ticks: 4_000, bot: &bot)
      }
      #expect(simulation.state.players[0].lines >= 1_000, "seed \(seed)")
      #expect(simulation.state.games == 1, "seed \(seed) topped out")
    }
  }

  @Test func theBeginnerClearsFewerLinesAndTopsOut() throws {
    let simulation = Simulation<Blocks>(seed: 5, settings: .headless)
    var beginner = try #require(Blocks.bot(named: "beginner", seed: 5))
    simulation.run(ticks: 20_000, bot: &beginner)
    #expect(simulation.state.games > 1, "the beginner tops out at least once")
    let strong = Simulation<Blocks>(seed: 5, settings: .headless)
    var expert = try #require(Blocks.bot(named: "strong", seed: 5))
    strong.run(ticks: 20_000, bot: &expert)
    #expect(strong.state.players[0].lines > simulation.state.players[0].lines)
  }

  @Test func theStrongBotFinishesASprint() throws {
    var settings = BlocksSettings.headless
    settings.mode = .sprint
    let simulation = Simulation<Blocks>(seed: 8, settings: settings)
    var bot = try #require(Blocks.bot(named: "strong", seed: 8))
    var ticks = 0
    while simulation.state.phase == .playing && ticks < 20_000 {
      simulation.step(bot.input(for: simulation.state))
      ticks += 1
    }
    #expect(simulation.state.phase == .results)
    #expect(simulation.state.players[0].lines >= 40)
    #expect(Blocks.metrics(of: simulation.state).contains { $0.name == "sprint_ticks" })
  }

  @Test func theTitleChoosesTheModeAndStartBeginsIt() {
    var state = Blocks.initialState(seed: 1, settings: BlocksSettings())
    #expect(state.phase == .title && state.players.isEmpty)
    func press(_ input: TickInput) {
      _ = Blocks().reduce(into: &state, action: .tick(input), environment: ())
      _ = Blocks().reduce(into: &state, action: .tick([]), environment: ())
    }
    press(Blocks.tickInput(.right, player: 0))
    press(Blocks.tickInput(.right, player: 0))
    #expect(state.mode == .versus)
    press(Blocks.start)
    #expect(state.phase == .playing && state.players.count == 2)
    press(Blocks.pause)
    #expect(state.phase == .paused)
    press(Blocks.pause)
    #expect(state.phase == .playing)
  }

  @Test func upAndDownOnTheVersusTitleChooseWhoPlaysPlayerTwo() {
    var settings = BlocksSettings()
    settings.mode = .versus
    var state = Blocks.initialState(seed: 1, settings: settings)
    func press(_ input: PlayerInput) {
      _ = Blocks().reduce(into: &state, action: .tick(Blocks.tickInput(input, player: 0)), environment: ())
      _ = Blocks().reduce(into: &state, action: .tick([]), environment: ())
    }
    #expect(state.opponent == .player)
    press(.softDrop)
    #expect(state.opponent == .easy)
    press(.softDrop)
    press(.softDrop)
    #expect(state.opponent == .hard)
    press(.rotateRight)
    #expect(state.opponent == .normal)
    let texts = Blocks.scene(of: state).overlay.compactMap { if case .text(let text) = $0 { text.string } else { nil } }
    #expect(texts.contains { $0.hasPrefix("PLAYER 2: THE COMPUTER, NORMAL") })
    _ = Blocks().reduce(into: &state, action: .tick(Blocks.start), environment: ())
    for _ in 0..<2_000 { _ = Blocks().reduce(into: &state, action: .tick([]), environment: ()) }
    #expect(state.players[1].pieces > 10, "the computer plays player 2")
  }

  @Test func settingsRoundTripAndBadBytesAreRefused() throws {
    var settings = BlocksSettings()
    try settings.set("mode", to: "sprint")
    try settings.set("das", to: "8")
    try settings.set("arr", to: "0")
    try settings.set("opponent", to: "bot")
    #expect(settings.opponent == .normal)
    #expect(try BlocksSettings(encoded: settings.encoded) == settings)
    for level in ["easy", "normal", "hard", "player"] {
      try settings.set("opponent", to: level)
      #expect(settings.opponent.name == level)
      #expect(try BlocksSettings(encoded: settings.encoded) == settings)
    }
    #expect(throws: SettingError.self) { try settings.set("opponent", to: "expert") }
    #expect(throws: (any Error).self) { try BlocksSettings(encoded: [1, 0, 1, 1, 11, 2, 1, 4]) }
    #expect(throws: SettingError.self) { try settings.set("das", to: "0") }
    #expect(throws: SettingError.self) { try settings.set("mode", to: "zen") }
    #expect(throws: SettingError.self) { try settings.set("gravity", to: "1") }
    for bad: [UInt8] in [[], [2, 0, 1, 1, 11, 2, 1, 0], [1, 3, 1, 1, 11, 2, 1, 0], [1, 0, 1, 1, 11, 2, 1, 0, 0]] {
      #expect(throws: (any Error).self) { try BlocksSettings(encoded: bad) }
    }
  }

  @Test func versusAgainstTheRulesOwnBotPlaysPlayerTwoForThePlayer() {
    var settings = BlocksSettings.headless
    settings.mode = .versus
    settings.opponentIsBot = true
    let simulation = Simulation<Blocks>(seed: 4, settings: settings)
    for _ in 0..<3_000 { simulation.step([]) }
    #expect(simulation.state.players[1].pieces > 20, "the built-in opponent plays")
    #expect(simulation.state.players[1].lines > 0)
  }

  /// Player 2's pieces and attack after `ticks` against an idle player 1, at `level`.
  static func opponent(_ level: BlocksSettings.Opponent, ticks: Int) -> Player {
    var settings = BlocksSettings.headless
    settings.mode = .versus
    settings.opponent = level
    let simulation = Simulation<Blocks>(seed: 6, settings: settings)
    for _ in 0..<ticks where simulation.state.phase == .playing { simulation.step([]) }
    return simulation.state.players[1]
  }

  @Test func theOpponentsLevelsPlaySlowerAndFasterAndTheHardOneAttacks() {
    let easy = Self.opponent(.easy, ticks: 2_000)
    let normal = Self.opponent(.normal, ticks: 2_000)
    let hard = Self.opponent(.hard, ticks: 2_000)
    #expect(easy.pieces > 10 && easy.pieces < normal.pieces, "easy: slow hands")
    #expect(hard.pieces > 20)
    #expect(hard.fours > 0, "hard builds for fours")
    #expect(hard.attack > normal.attack)
  }

  @Test func aPerfectClearIsShownOnTheField() throws {
    var state = Blocks.initialState(seed: 1, settings: .headless)
    _ = Blocks().reduce(into: &state, action: .tick([]), environment: ())
    state.players[0].field = Field(["######...."])
    state.players[0].active = Player.Active(piece: .i, rotation: 0, x: 6, y: 1)
    _ = Blocks().reduce(into: &state, action: .tick(Blocks.tickInput(.hardDrop, player: 0)), environment: ())
    func texts() -> [String] {
      Blocks.scene(of: state).overlay.compactMap { if case .text(let text) = $0 { text.string } else { nil } }
    }
    #expect(state.players[0].lastClear?.perfect == true)
    for _ in 0..<BlocksTuning.lineClearDelay { _ = Blocks().reduce(into: &state, action: .tick([]), environment: ()) }
    #expect(texts().contains("PERFECT") && texts().contains("CLEAR"), "\(texts())")
  }

  @Test func theSceneShowsTheFieldThePanelsAndTheScreens() {
    let title = Blocks.scene(of: Blocks.initialState(seed: 1, settings: BlocksSettings()))
    #expect(!Blocks.isPlaying(Blocks.initialState(seed: 1, settings: BlocksSettings())))
    func texts(_ scene: Scene) -> [String] {
      scene.overlay.compactMap { if case .text(let text) = $0 { text.string } else { nil } }
    }
    #expect(texts(title).contains("BLOCKS"))
    var state = Blocks.initialState(seed: 1, settings: .headless)
    _ = Blocks().reduce(into: &state, action: .tick([]), environment: ())
    let play = Blocks.scene(of: state)
    #expect(Blocks.isPlaying(state))
    #expect(texts(play).contains("NEXT") && texts(play).contains("HOLD"))
    #expect(texts(play).contains("0:00.01"))
  }

  @Test func soundsFollowTheTicksCues() {
    var state = Blocks.initialState(seed: 1, settings: .headless)
    _ = Blocks().reduce(into: &state, action: .tick([]), environment: ())
    _ = Blocks().reduce(into: &state, action: .tick(Blocks.tickInput(.right, player: 0)), environment: ())
    #expect(Blocks.sounds(of: state).oneShots == ["move"])
    _ = Blocks().reduce(into: &state, action: .tick(Blocks.tickInput(.hardDrop, player: 0)), environment: ())
    #expect(Blocks.sounds(of: state).oneShots == ["hard-drop"])
  }
}
