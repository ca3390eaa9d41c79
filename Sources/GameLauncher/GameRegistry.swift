import ArgumentParser
import GameCore
import GameScene

/// The games a launcher serves, set once by ``GameLauncher/main(games:)`` before any command
/// is parsed.
enum GameRegistry {
  /// The registered games; the first is the default of `--game`.
  nonisolated(unsafe) static var games: [any PlayableGame.Type] = []

  /// The ids, in registration order.
  static var ids: [String] { games.map { $0.id } }

  /// The game called `id`.
  static func game(_ id: String) throws -> any PlayableGame.Type {
    guard let game = games.first(where: { $0.id == id }) else {
      throw ValidationError("unknown game '\(id)'; games: \(ids.joined(separator: ", "))")
    }
    return game
  }

  /// The game a replay header names; a version-1 header (no id) is the default game's.
  static func game(for header: ReplayHeader) throws(ReplayError) -> any PlayableGame.Type {
    let id = header.gameID.isEmpty ? (games.first?.id ?? "") : header.gameID
    guard let game = games.first(where: { $0.id == id }) else {
      throw .unknownGame(id, known: ids)
    }
    return game
  }
}

/// `--game NAME`, shared by every command that runs a game.
struct GameOption: ParsableArguments {
  @Option(
    name: .customLong("game"),
    help: ArgumentHelp("The game (see `GameApp games`; default: the first).", valueName: "name"))
  var id: String?

  /// `--set NAME=VALUE`, repeatable: the game's settings (see `GameApp games`).
  @Option(
    name: .customLong("set"),
    help: ArgumentHelp("A game setting, NAME=VALUE (repeatable; see `GameApp games`).",
                       valueName: "name=value"))
  var settings: [String] = []

  /// The selected game.
  func game() throws -> any PlayableGame.Type {
    if let id { return try GameRegistry.game(id) }
    guard let first = GameRegistry.games.first else { throw ValidationError("no games registered") }
    return first
  }

  /// `base` with every `--set` applied, in order.
  func settings<G: Game>(for game: G.Type, base: G.Settings) throws -> G.Settings {
    var result = base
    for pair in settings {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw ValidationError("--set takes NAME=VALUE, got '\(pair)'")
      }
      do {
        try result.set(parts[0], to: parts[1])
      } catch {
        throw ValidationError("\(error)")
      }
    }
    return result
  }

  /// The bot called `name` (the game's first bot when nil), or a validation error listing
  /// the game's bots.
  func bot<G: Game>(_ name: String?, for game: G.Type, seed: UInt64) throws -> G.Bot {
    let names = G.botNames
    guard let chosen = name ?? names.first else {
      throw ValidationError("\(G.id) has no bots")
    }
    guard let bot = G.bot(named: chosen, seed: seed) else {
      throw ValidationError(
        "unknown bot '\(chosen)' for \(G.id); its bots: \(names.joined(separator: ", "))")
    }
    return bot
  }
}
