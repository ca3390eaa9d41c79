import ArgumentParser
import GameCore
import GameScene

/// `GameApp games`: the registered games, with their buttons, bots and settings.
struct GamesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "games",
    abstract: "List the games, with their buttons (and default keys), bots and settings.")

  func run() throws {
    for (index, game) in GameRegistry.games.enumerated() {
      if index > 0 { print("") }
      describe(game, isDefault: index == 0)
    }
  }

  private func describe<G: PlayableGame>(_ game: G.Type, isDefault: Bool) {
    let older = G.legacyHashing.flatMap { $0.versions }.sorted().map(String.init)
    let versions =
      older.count < 2
      ? "version \(older.joined())"
      : "versions \(older.dropLast().joined(separator: ", ")) and \(older.last!)"
    let replays = older.isEmpty ? "" : " (also verifies replays of \(versions))"
    print(
      "\(G.id)\(isDefault ? " (default)" : ""): \(G.title), rules version \(G.version)\(replays)")
    print("  buttons:")
    for button in G.buttons.buttons {
      let player = G.buttons.buttons.contains { $0.player > 1 } ? "player \(button.player) " : ""
      print(
        "    \(button.symbol) \(button.name): \(player)keys \(button.keys.joined(separator: ", "))"
          + (button.controller.isEmpty
            ? "" : "; controller \(button.controller.joined(separator: ", "))")
          + (button.mouse.isEmpty ? "" : "; mouse \(button.mouse.joined(separator: ", "))"))
    }
    if !G.buttons.axes.isEmpty {
      print("  axes:")
      for axis in G.buttons.axes {
        var sources =
          axis.controller.isEmpty ? [] : ["controller " + axis.controller.joined(separator: ", ")]
        if let mouse = axis.mouse { sources.append("mouse \(mouse)") }
        print(
          "    \(axis.name) \(axis.range.lowerBound)...\(axis.range.upperBound)"
            + (sources.isEmpty ? "" : ": " + sources.joined(separator: "; ")))
      }
    }
    print("  bots: \(G.botNames.isEmpty ? "none" : G.botNames.joined(separator: ", "))")
    let options = G.Settings.options
    if options.isEmpty {
      print("  settings: none")
    } else {
      print("  settings (--set NAME=VALUE):")
      for option in options { print("    \(option.name): \(option.help)") }
    }
  }
}
