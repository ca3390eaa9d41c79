import Foundation
import Testing

/// Every command works for every game: `--game`, `--set`, `games`, and replays that name
/// their game.
@Suite struct GamesCommandTests {
  @Test func gamesListsEveryGameWithItsButtonsBotsAndSettings() throws {
    let result = try CommandRunner.run(["games"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = result.stdout
    #expect(
      text.contains(
        "asteroids (default): Asteroids, rules version 2 (also verifies replays of version 1)"))
    #expect(text.contains("blocks: Blocks, rules version 3 (also verifies replays of version 1...2)"))
    #expect(text.contains("    L rotate-left: keys Left, A; controller dpleft, leftx-"))
    #expect(text.contains("  bots: ace, idle"))
    #expect(
      text.contains(
        "    rocks: stress: fill every wave with this many rocks (none or 0...100000, default none)"
      ))
    #expect(text.contains("    lives: ships per game (1...99, default 3)"))
    #expect(
      text.contains(
        "    mode: the game the title screen starts with (marathon, sprint or versus, default marathon)"
      ))
    #expect(text.contains("\npong"))
  }

  @Test(arguments: ["asteroids", "pong"])
  func simulateRecordAndVerifyWorkForEveryGame(game: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("games-\(game)-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/run.replay"
    let simulated = try CommandRunner.run(
      ["simulate", "--game", game, "--seed", "3", "--ticks", "3000", "--record", file, "--json"])
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let json = try CommandRunner.json(simulated)
    #expect(json["game"] as? String == game)
    // No --game: the replay names its game.
    let replayed = try CommandRunner.run(["replay", file, "--verify", "--json"])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    let outcome = try CommandRunner.json(replayed)
    #expect(outcome["game"] as? String == game)
    #expect(outcome["verified"] as? Bool == true)
    #expect(outcome["hash"] as? String == json["hash"] as? String)
    let dump = try CommandRunner.run(["replay", file, "--dump"])
    #expect(dump.stdout.hasPrefix("replay \(file)"))
    // Format 4 for a game with analog axes (Pong's paddles), 3 for buttons only.
    #expect(dump.stdout.contains("header: format \(game == "pong" ? 4 : 3), game \(game), "))
  }

  @Test(arguments: [
    (
      ["simulate", "--game", "chess", "--seed", "1", "--ticks", "1"],
      "unknown game 'chess'; games: asteroids, pong, blocks"
    ),
    (
      ["simulate", "--set", "gravity=2", "--seed", "1", "--ticks", "1"], "unknown setting 'gravity'"
    ),
    (["simulate", "--set", "rocks", "--seed", "1", "--ticks", "1"], "--set takes NAME=VALUE"),
    (
      ["simulate", "--set", "rocks=-4", "--seed", "1", "--ticks", "1"],
      "bad value '-4' for setting 'rocks'"
    ),
    (
      ["simulate", "--set", "lives=99999999999999999999999", "--seed", "1", "--ticks", "1"],
      "bad value '99999999999999999999999' for setting 'lives': expected a whole number in 1...99"
    ),
    (
      ["simulate", "--set", "lives=", "--seed", "1", "--ticks", "1"],
      "--set takes NAME=VALUE, got 'lives='"
    ),
    (
      ["simulate", "--set", "=3", "--seed", "1", "--ticks", "1"], "--set takes NAME=VALUE, got '=3'"
    ),
    (
      ["simulate", "--game", "blocks", "--set", "mode=zen", "--seed", "1", "--ticks", "1"],
      "bad value 'zen' for setting 'mode': expected marathon, sprint or versus"
    ),
    (
      ["simulate", "--bot", "nobody", "--seed", "1", "--ticks", "1"],
      "unknown bot 'nobody' for asteroids; its bots: ace, idle"
    ),
  ])
  func aBadGameSettingOrBotIsOneLineAndExitTwo(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
