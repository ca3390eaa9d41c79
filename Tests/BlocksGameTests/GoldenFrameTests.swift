import Foundation
import GameCore
import GameScene
import Testing

@testable import BlocksGame
@testable import GameRender

/// Golden frames of Blocks: the title, play, a piece as it appears, a line clear, versus and
/// game over, drawn offscreen
/// from seeded games and compared at full resolution with `Fixtures/golden/*.png` (a pixel
/// differs when a channel is more than 4 apart; at most 8 may). `UPDATE_GOLDENS=1` rewrites
/// them; look at them before committing.
@Suite struct BlocksGoldenFrameTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/golden").path

  /// The game `seed` played by `bot` until `done` (at most `limit` ticks).
  static func played(
    _ settings: BlocksSettings, seed: UInt64, bot name: String = "strong", limit: Int,
    until done: (Blocks.State) -> Bool = { _ in false }
  ) -> [Blocks.State] {
    let simulation = Simulation<Blocks>(seed: seed, settings: settings)
    var bot = Blocks.bot(named: name, seed: seed)!
    var states = [simulation.state]
    while simulation.tick < limit && !done(simulation.state) {
      simulation.step(bot.input(for: simulation.state))
      states.append(simulation.state)
    }
    return states
  }

  func check(_ name: String, _ states: [Blocks.State]) throws {
    let offscreen = try OffscreenRenderer(Blocks.self)
    for state in states { offscreen.scenes.observe(tick: Blocks.scene(of: state)) }
    offscreen.draw(Blocks.scene(of: try #require(states.last)))
    let path = "\(Self.fixtures)/\(name).png"
    let actual = offscreen.pixels()
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
      try GoldenImage.save(actual, width: Scene.frameWidth, to: path)
    }
    guard let reference = GoldenImage.load(path)?.pixels else {
      Issue.record("missing golden \(path)")
      return
    }
    var over = 0
    for (a, b) in zip(reference, actual) where a != b {
      for shift: UInt32 in [0, 8, 16] where max(a >> shift & 0xFF, b >> shift & 0xFF)
        - min(a >> shift & 0xFF, b >> shift & 0xFF) > 4
      {
        over += 1
        break
      }
    }
    #expect(reference.count == actual.count)
    #expect(over <= 8, "\(name): \(over) pixels differ from \(path)")
  }

  @Test func theTitle() throws {
    try check("title", [Blocks.initialState(seed: 1, settings: BlocksSettings())])
  }

  @Test func theTitleOfVersusAgainstTheComputer() throws {
    var settings = BlocksSettings()
    settings.mode = .versus
    settings.opponent = .hard
    try check("title-versus", [Blocks.initialState(seed: 1, settings: settings)])
  }

  @Test func aMarathonInPlay() throws {
    try check("play", Self.played(.headless, seed: 1, limit: 3_000))
  }

  /// The tick a piece appears: it is already one row down, its lower row in the field's top
  /// row and its upper row drawn above the frame.
  @Test func aPieceOnTheTickItAppears() throws {
    var waited = false
    let states = Self.played(.headless, seed: 1, limit: 5_000) { state in
      guard let player = state.players.first, state.tick > 900 else { return false }
      if player.active == nil { waited = true }
      return waited && player.active != nil
    }
    let active = try #require(states.last?.players.first?.active)
    #expect(active.y == Player.spawnY - 1)
    #expect(states[states.count - 2].players.first?.active == nil)
    try check("spawn", states)
  }

  @Test func aLineClearFlashing() throws {
    var settled = false
    let states = Self.played(.headless, seed: 2, limit: 20_000) { state in
      // Four ticks into a clear of two rows or more.
      guard let player = state.players.first else { return false }
      if player.clearing.count >= 2 && player.delay == BlocksTuning.lineClearDelay - 4 {
        settled = true
      }
      return settled
    }
    #expect(states.last?.players.first?.clearing.count ?? 0 >= 2)
    try check("line-clear", states)
  }

  @Test func versus() throws {
    var settings = BlocksSettings.headless
    settings.mode = .versus
    try check("versus", Self.played(settings, seed: 3, limit: 4_000))
  }

  @Test func gameOver() throws {
    let states = Self.played(.headless, seed: 4, bot: "beginner", limit: 40_000) {
      $0.phase == .gameOver
    }
    #expect(states.last?.phase == .gameOver)
    try check("game-over", Array(states.suffix(1)))
  }
}
