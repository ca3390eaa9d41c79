import ArgumentParser

/// The root command on branch `sdl`; the lead merges `Play` and `Screenshots` into the real
/// root's subcommand list.
struct GameAppRoot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "GameApp", subcommands: [Play.self, Screenshots.self])
}

GameAppRoot.main()
