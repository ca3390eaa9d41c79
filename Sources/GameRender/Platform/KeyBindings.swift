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

  /// A bad line in the bindings file, with its position.
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var reason: String
    package var description: String { "\(path):\(line): \(reason)" }
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

  /// The defaults with the file at `path` applied; a missing file means the defaults.
  package static func load(from path: String = configPath) throws(ParseError) -> KeyBindings {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return defaults }
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
