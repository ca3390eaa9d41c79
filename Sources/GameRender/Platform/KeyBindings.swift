import CSDL2
import Foundation

/// Which keys do what: defaults, overridden by `keys.conf` in the user's config folder.
///
/// The file has one `action = KEY[, KEY...]` line per action it changes (SDL key names, as
/// `SDL_GetKeyName` spells them: `Left`, `Space`, `Left Shift`, `A`); `#` starts a comment.
/// Actions it does not mention keep their defaults:
///
/// ```
/// # ~/.config/asteroids/keys.conf
/// rotate-left  = Left, A
/// rotate-right = Right, D
/// thrust       = Up, W
/// fire         = Space, Left Ctrl
/// hyperspace   = Left Shift, Right Shift, Down, S
/// pause        = P
/// rewind       = Backspace, R
/// quit         = Escape
/// ```
package struct KeyBindings: Equatable {
  /// Something a key can be bound to.
  enum Action: String, CaseIterable {
    case rotateLeft = "rotate-left", rotateRight = "rotate-right", thrust, fire, hyperspace
    case pause, rewind, quit
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

  /// Key names per action (kept as names so they print back as written).
  private(set) var keys: [Action: [String]]

  static let defaults = KeyBindings(keys: [
    .rotateLeft: ["Left", "A"], .rotateRight: ["Right", "D"], .thrust: ["Up", "W"],
    .fire: ["Space", "Left Ctrl"], .hyperspace: ["Left Shift", "Right Shift", "Down", "S"],
    .pause: ["P"], .rewind: ["Backspace", "R"], .quit: ["Escape"],
  ])

  /// `$XDG_CONFIG_HOME/asteroids/keys.conf`, else `~/.config/asteroids/keys.conf`.
  package static var configPath: String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    return base + "/asteroids/keys.conf"
  }

  /// The defaults with the file at `path` applied.
  ///
  /// A missing file means the defaults only when it is the default config file (`named`
  /// false): most players never write one. A file the player named (`--keys FILE`) that is
  /// missing, and any file that cannot be read as UTF-8 text, is an error naming it: silently
  /// playing with other keys than the ones asked for is worse than stopping.
  package static func load(
    from path: String = configPath, named: Bool = false
  ) throws(ParseError) -> KeyBindings {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
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
      guard parts.count == 2, let action = Action(rawValue: parts[0]) else {
        let known = Action.allCases.map(\.rawValue).joined(separator: ", ")
        throw ParseError(
          path: path, line: index + 1, reason: "expected `action = KEY`, action one of \(known)")
      }
      let names = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      for name in names where Self.keycode(name) == nil {
        throw ParseError(path: path, line: index + 1, reason: "unknown key name `\(name)`")
      }
      result.keys[action] = names
    }
    return result
  }

  /// The SDL keycode for a key name, or nil when SDL does not know the name.
  static func keycode(_ name: String) -> SDL_Keycode? {
    let code = SDL_GetKeyFromName(name)
    return code == 0 ? nil : code
  }

  /// Keycode to action, for the event loop.
  func table() -> [SDL_Keycode: Action] {
    var table: [SDL_Keycode: Action] = [:]
    for action in Action.allCases {
      for name in keys[action] ?? [] { if let code = Self.keycode(name) { table[code] = action } }
    }
    return table
  }
}
