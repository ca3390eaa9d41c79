import ArgumentParser
import Foundation
import GameFiles

/// `GameApp new-game rocket`: a new game package in ./rocket, from the engine's template.
///
/// The package builds, plays in a window, records, replays and tests on the first try: it is
/// the game of docs/MAKING-A-GAME.md under the new name, depending on this engine by path
/// (the clone this program was built from, or `--engine`), so it builds with no network.
struct NewGameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-game",
    abstract: "Create a game package of your own in ./NAME, ready to build, play and test.",
    usage: "\(GameLauncher.commandName) new-game <name> [--engine <path>]",
    discussion: """
      The package depends on this engine by path and holds a small complete game (the one \
      docs/MAKING-A-GAME.md explains) to start from. An existing NAME is never touched.
      """)

  /// The name, and anything else the parser does not know: a positional argument would skip
  /// `-x` as an unknown option and report a missing name, so `new-game -x` takes it here and
  /// gets the name rule (``nameGiven(_:)``).
  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "The game's id and folder: 1 to 16 of a-z, 0-9 and -, starting with a letter.",
      valueName: "name"))
  var arguments: [String] = []

  @Option(
    help: ArgumentHelp(
      "The engine's clone to depend on (default: the one this program was built from).",
      valueName: "path"))
  var engine: String?

  func validate() throws { _ = try Self.nameGiven(arguments) }

  func run() throws {
    let game = try Self.nameGiven(arguments)
    let root = try Self.engineRoot(engine)
    var files = GameTemplate.files + [GameTemplate.game]
    for index in files.indices {
      files[index].path = Self.fill(files[index].path, game: game, engine: root)
      files[index].contents = Self.fill(files[index].contents, game: game, engine: root) + "\n"
    }
    try PackageWriter.write(files, to: FileManager.default.currentDirectoryPath + "/" + game.id)
    let run = "swift run \(game.type)App play"
    let shown = Self.shown(root)
    let test = "swift test".padding(toLength: run.count, withPad: " ", startingAt: 0)
    print(
      """
      created \(game.id)/: the game \(game.title), on the engine at \(shown)
        cd \(game.id)
        \(run)   # a window: Left/Right, P pauses, hold Backspace to rewind
        \(test)   # the rules' tests
      Start in Sources/\(game.type)Game/\(game.type).swift; the guide explains every part:
        \(shown)/docs/MAKING-A-GAME.md
      """)
  }

  /// The one name given, checked: a `-x` is a name the rule refuses; an unknown option after
  /// the name, or a second name, is one argument too many.
  static func nameGiven(_ arguments: [String]) throws -> GameName {
    guard let given = arguments.first else {
      throw ValidationError("new-game needs the game's name: \(GameName.rule)")
    }
    if let extra = arguments.dropFirst().first {
      let shown = GameName.printable(extra)
      throw ValidationError(
        extra.hasPrefix("-")
          ? "new-game has no option '\(shown)' (it takes a name and --engine PATH)"
          : "new-game takes one name, not also '\(shown)'")
    }
    return try GameName(given)
  }

  /// The template's text for `game` on the engine at `engine`.
  static func fill(_ text: String, game: GameName, engine: String) -> String {
    text.replacingOccurrences(of: "{{Name}}", with: game.type)
      .replacingOccurrences(of: "{{Title}}", with: game.title)
      .replacingOccurrences(of: "{{id}}", with: game.id)
      .replacingOccurrences(of: "{{engine}}", with: swiftLiteral(engine))
  }

  /// `text` as a Swift string literal: quotes, backslashes and control characters escaped.
  static func swiftLiteral(_ text: String) -> String {
    "\""
      + text.unicodeScalars.map { scalar in
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case _ where scalar.value < 32 || scalar.value == 127:
          "\\u{\(String(scalar.value, radix: 16))}"
        default: String(scalar)
        }
      }.joined() + "\""
  }

  /// `path` as new-game prints it: a Swift literal's contents, so a path holding control
  /// characters (a newline, an escape sequence) never writes them to the terminal.
  static func shown(_ path: String) -> String {
    String(swiftLiteral(path).dropFirst().dropLast())
  }

  /// The absolute path of the engine's clone: `given`, or the one this program was built
  /// from; either must hold the engine's `Package.swift`.
  static func engineRoot(_ given: String?, builtFrom: String = #filePath) throws -> String {
    let path: String
    if let given {
      path = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
    } else {
      // Sources/GameLauncher/Commands/NewGameCommand.swift, four folders below the root.
      path =
        URL(fileURLWithPath: builtFrom).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
    let root = URL(fileURLWithPath: path).standardizedFileURL.path
    let manifest = String(
      decoding: (try? FileBytes.read(path: root + "/Package.swift", maxBytes: 1 << 20)) ?? [],
      as: UTF8.self)
    guard manifest.contains(#"name: "Lockstep""#) else {
      throw ValidationError(
        given == nil
          ? "the engine's sources this program was built from are not at \(shown(root)); "
            + "give a clone of the engine with --engine PATH"
          : "\(shown(root)) is not a clone of the engine (no Package.swift naming Lockstep)")
    }
    return root
  }
}
