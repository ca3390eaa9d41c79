import CSDL2
import Foundation
import GameCore
import GameFiles

/// Which keys do what in one game: its buttons' default keys (``Button/keys``) and the
/// engine's own actions (`rewind`, `quit`), overridden by `keys.conf` in the user's config
/// folder for that game.
///
/// The file has one `action = KEY[, KEY...]` line per action it changes (SDL key names, as
/// `SDL_GetKeyName` spells them: `Left`, `Space`, `Left Shift`, `A`); `#` starts a comment.
/// Actions are the game's button names (`GameApp games` lists them) plus `rewind` and `quit`;
/// those it does not mention keep their defaults:
///
/// ```
/// # ~/.config/asteroids/keys.conf
/// rotate-left  = Left, A
/// fire         = Space, Left Ctrl
/// rewind       = Backspace, R
/// ```
///
/// A key bound to a game button is never also the engine's: a game that uses `R` keeps it, and
/// rewind is then Backspace alone.
package struct KeyBindings: Equatable {
  /// Something a key can be bound to.
  package enum Action: Hashable {
    /// The game's button with this bit.
    case button(Int)
    /// Hold to rewind.
    case rewind
    /// Leave the game.
    case quit
  }

  /// A bindings file that cannot be used: a bad line (with its number), or a named file that
  /// is missing or unreadable (line 0: the file as a whole).
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var reason: String
    package var description: String {
      line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
    }
  }

  /// The engine's actions and their default keys.
  static let engineDefaults: [(name: String, action: Action, keys: [String])] = [
    ("rewind", .rewind, ["Backspace", "R"]), ("quit", .quit, ["Escape"]),
  ]

  /// The game's buttons.
  let layout: ButtonLayout
  /// Key names per action, in action order (kept as names so they print back as written).
  private(set) var keys: [(name: String, action: Action, keys: [String])]

  package static func == (a: KeyBindings, b: KeyBindings) -> Bool {
    a.layout == b.layout
      && a.keys.elementsEqual(b.keys) { $0.name == $1.name && $0.action == $1.action && $0.keys == $1.keys }
  }

  /// The defaults for a game with these buttons.
  package init(defaultsFor layout: ButtonLayout) {
    self.layout = layout
    keys =
      layout.buttons.enumerated().map { (bit, button) in (button.name, .button(bit), button.keys) }
      + Self.engineDefaults
  }

  /// The names a bindings file accepts, in order.
  var actionNames: [String] { keys.map(\.name) }

  /// The key names bound to `action`.
  func keyNames(for action: Action) -> [String] {
    keys.first { $0.action == action }?.keys ?? []
  }

  /// `$XDG_CONFIG_HOME/<game>/keys.conf`, else `~/.config/<game>/keys.conf`.
  package static func configPath(game id: String) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    return base + "/\(id)/keys.conf"
  }

  /// The defaults for `G` with the file at `path` (default: ``configPath(game:)``) applied.
  ///
  /// A missing file means the defaults only when it is the default config file (`named`
  /// false): most players never write one. A file the player named (`--keys FILE`) that is
  /// missing, and any file that cannot be read as UTF-8 text, is an error naming it: silently
  /// playing with other keys than the ones asked for is worse than stopping.
  package static func load<G: Game>(
    for game: G.Type, from path: String? = nil, named: Bool = false
  ) throws(ParseError) -> KeyBindings {
    let path = path ?? configPath(game: G.id)
    let defaults = KeyBindings(defaultsFor: G.buttons)
    let text: String
    do {
      guard
        let read = String(
          validating: try FileBytes.read(path: path, maxBytes: 1 << 20), as: UTF8.self)
      else { throw FileError.notALine(path: path, line: 0) }
      text = read
    } catch {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      if !exists && !named { return defaults }
      let why =
        !exists
        ? "no such file" : isDirectory.boolValue ? "it is a folder" : "unreadable or not UTF-8 text"
      throw ParseError(path: path, line: 0, reason: "cannot read key bindings: \(why)")
    }
    return try defaults.applying(text, path: path)
  }

  /// These bindings with the lines of a bindings file applied.
  func applying(_ text: String, path: String) throws(ParseError) -> KeyBindings {
    var result = self
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      let parts = line.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, let slot = result.keys.firstIndex(where: { $0.name == parts[0] })
      else {
        let known = actionNames.joined(separator: ", ")
        throw ParseError(
          path: path, line: index + 1, reason: "expected `action = KEY`, action one of \(known)")
      }
      let names = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      for name in names where Self.keycode(name) == nil {
        throw ParseError(path: path, line: index + 1, reason: "unknown key name `\(name)`")
      }
      result.keys[slot].keys = names
    }
    return result
  }

  /// The SDL keycode for a key name, or nil when SDL does not know the name.
  static func keycode(_ name: String) -> SDL_Keycode? {
    let code = SDL_GetKeyFromName(name)
    return code == 0 ? nil : code
  }

  /// Keycode to action, for the event loop: the game's buttons first, then the engine's
  /// actions on keys the game left free.
  func table() -> [SDL_Keycode: Action] {
    var table: [SDL_Keycode: Action] = [:]
    for entry in keys {
      for name in entry.keys {
        guard let code = Self.keycode(name) else { continue }
        if case .button = entry.action {
          table[code] = entry.action
        } else if table[code] == nil {
          table[code] = entry.action
        }
      }
    }
    return table
  }
}
