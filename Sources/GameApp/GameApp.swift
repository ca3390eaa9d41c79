import ArgumentParser
import GameCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `GameApp` command: parses the command line and hands off to one subcommand.
///
/// Exit codes are part of the interface: 0 success, 1 a replay failed verification, 2 bad
/// input (an unreadable or corrupt file, a bad option), always with one clear line on stderr.
@main
struct GameApp: ParsableCommand {
  /// The subcommands, in the order `--help` lists them. Add new ones here (e.g. `play`).
  static let subcommands: [any ParsableCommand.Type] = [
    Play.self,
    SimulateCommand.self,
    SweepCommand.self,
    ReplayCommand.self,
    BenchCommand.self,
    Screenshots.self,
  ]

  static let configuration = CommandConfiguration(
    commandName: "GameApp",
    abstract: "An Asteroids-like game on a store-driven engine: play, simulate, replay.",
    version: "0.1.0",
    subcommands: subcommands
  )

  /// Runs the command, mapping every failure to the documented exit codes.
  static func main() {
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
        message(for: error)
        .split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
        ?? "\(error)"
      let line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
      printError("error: \(line)")
      exit(withError: ExitCode(2))
    }
  }
}

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
