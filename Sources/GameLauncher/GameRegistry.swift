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

  /// The game of format-1 replays: the format predates the engine's other games, and only
  /// Asteroids wrote it.
  static let formatOneGame = "asteroids"

  /// The game a replay header names, among `games`; a format-1 header (no id) is Asteroids'.
  ///
  /// - Throws: ``ReplayError/unknownGame(_:known:)`` for a game not among `games`, or
  ///   ``OldAsteroidsReplay`` for a format-1 file when Asteroids is not among them (another
  ///   package's executable).
  static func game(
    for header: ReplayHeader, in games: [any PlayableGame.Type] = games
  ) throws -> any PlayableGame.Type {
    let id = header.gameID.isEmpty ? formatOneGame : header.gameID
    guard let game = games.first(where: { $0.id == id }) else {
      if header.gameID.isEmpty { throw OldAsteroidsReplay(program: GameLauncher.commandName) }
      throw ReplayError.unknownGame(id, known: games.map { $0.id })
    }
    return game
  }
}

/// A format-1 replay (written before the engine served other games; it names none) opened by a
/// program without Asteroids, the only game that wrote the format.
struct OldAsteroidsReplay: Error, CustomStringConvertible {
  /// The executable's name.
  var program: String

  var description: String {
    "replay is an Asteroids replay of the old format 1 (from before the engine served other "
      + "games); \(program) has no Asteroids game to play it"
  }
}

/// `--game NAME`, shared by every command that runs a game.
struct GameOption: ParsableArguments {
  @Option(
    name: .customLong("game"),
    help: ArgumentHelp("The game (see `\(GameLauncher.commandName) games`; default: the first).", valueName: "name"))
  var id: String?

  /// `--set NAME=VALUE`, repeatable: the game's settings (see `<executable> games`).
  @Option(
    name: .customLong("set"),
    help: ArgumentHelp("A game setting, NAME=VALUE (repeatable; see `\(GameLauncher.commandName) games`).",
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
