import ArgumentParser
import GameCore
import GameScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line and window over a list of games: what `GameApp` is, and what another
/// package's `main.swift` gets in one line.
///
/// ```swift
/// import GameLauncher
/// GameLauncher.main(games: [Pong.self])
/// ```
///
/// Exit codes are part of the interface: 0 success, 1 a replay failed verification, 2 bad
/// input (an unreadable or corrupt file, a bad option), always with one clear line on stderr.
public struct GameLauncher: ParsableCommand {
  public init() {}

  /// The subcommands, in the order `--help` lists them; a new command goes here too.
  static let subcommands: [any ParsableCommand.Type] = [
    Play.self,
    GamesCommand.self,
    SimulateCommand.self,
    SweepCommand.self,
    MergeSweepsCommand.self,
    ReplayCommand.self,
    InspectCommand.self,
    ScoresCommand.self,
    BenchCommand.self,
    SyncTestCommand.self,
    NetplayCommand.self,
    RelayCommand.self,
    Screenshots.self,
    NewGameCommand.self,
  ]

  public static let configuration = CommandConfiguration(
    commandName: commandName,
    abstract: "Games on a store-driven engine: play, simulate, sweep, replay, bench.",
    version: "0.4.0",
    subcommands: subcommands
  )

  /// The name `--help` shows: the executable's.
  static var commandName: String {
    CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "GameApp") }
      ?? "GameApp"
  }

  /// Runs the command line over `games` (the first is the default of `--game`), mapping every failure to the documented exit
  /// codes. Never returns.
  public static func main(games: [any PlayableGame.Type]) -> Never {
    precondition(!games.isEmpty, "GameLauncher.main needs at least one game")
    for game in games {
      precondition(game.hasValidID, "game id '\(game.id)' must be 1-16 of a-z, 0-9, -")
    }
    precondition(Set(games.map { $0.id }).count == games.count, "two games share an id")
    GameRegistry.games = games
    StandardOutput.ignoreBrokenPipeSignal()
    run()
    terminate(0)
  }

  /// Parses the arguments and runs the command.
  static func run() {
    do {
      if CommandLine.arguments.count <= 1 {
        try DefaultRun.run()
        return
      }
      var command = try parseAsRoot()
      try command.run()
    } catch let code as ExitCode {
      exit(withError: code)
    } catch {
      // Help and --version are "errors" that exit 0; print them the library's way.
      if exitCode(for: error) == .success { exit(withError: error) }
      let message =
        foundationErrorInWords(error)
        ?? message(for: error)
        .split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
        ?? "\(error)"
      let line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
      printError("error: \(line)")
      exit(withError: ExitCode(2))
    }
  }
}

/// Ends the process (the C library's `exit`, which a command's own `exit` would shadow).
func terminate(_ status: Int32) -> Never { exit(status) }

/// Writes one line to stderr.
func printError(_ line: String) {
  writeStandardError(line + "\n")
}

/// Writes text to file descriptor 2 (C's `stderr` global is not concurrency-safe in Swift 6).
func writeStandardError(_ text: String) {
  var text = text
  text.withUTF8 { buffer in
    var done = 0
    while done < buffer.count {
      let count = write(2, buffer.baseAddress! + done, buffer.count - done)
      if count <= 0 { return }
      done += count
    }
  }
}
