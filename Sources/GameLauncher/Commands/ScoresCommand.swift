import ArgumentParser
import GameCore
import GameRender
import GameScene

/// `GameApp scores`: the player's high-score tables, as the title screens show them.
struct ScoresCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scores",
    abstract: "Show your high-score tables (kept in $XDG_DATA_HOME/<game>/highscores.json).",
    discussion: "`replay --best` plays the top game of a table back.")

  @Option(
    name: .customLong("game"),
    help: ArgumentHelp("Only this game (default: every game that keeps scores).", valueName: "name"))
  var gameID: String?

  func run() throws {
    let games = try gameID.map { [try GameRegistry.game($0)] } ?? GameRegistry.games
    var shown = 0
    for game in games { shown += show(game) }
    if shown == 0 { print("no high scores yet: they are kept as you play (`\(GameLauncher.commandName) play`)") }
  }

  /// Prints the game's tables that hold entries (all of them with --game); returns how many.
  private func show<G: PlayableGame>(_ game: G.Type) -> Int {
    var shown = 0
    let book = HighScoreBook(folder: HighScoreBook.defaultFolder(game: G.id), game: G.self)
    if let notice = book.notice { printError(notice) }
    for table in G.rankingTables {
      let entries = book.entries(table)
      guard !entries.isEmpty || gameID != nil else { continue }
      shown += 1
      let heading = "\(G.title) high scores" + (table.isEmpty ? "" : " (\(table))")
      print(entries.isEmpty ? "\(heading): none yet" : "\(heading):")
      for (place, entry) in entries.enumerated() {
        let rank = place + 1 < 10 ? " \(place + 1)" : "\(place + 1)"
        print("  \(rank) \(entry.initials) \(entry.text)  \(entry.date)\(entry.replay == nil ? "" : "  (replay)")")
      }
    }
    return shown
  }
}
