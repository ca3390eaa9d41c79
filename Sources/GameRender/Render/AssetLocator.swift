import Foundation
import GameScene

/// Where a game's files are: its own folder (`assets/<game>/`: sprites, sounds, demos) and the
/// engine's (`assets/engine/`: the bitmap font).
package struct GameAssets: Equatable, Sendable {
  /// The game's folder; nil for a game that ships no files (it draws shapes and text only).
  package var game: String?
  /// The engine's folder, holding `font.bmp`.
  package var engine: String

  package init(game: String?, engine: String) {
    self.game = game
    self.engine = engine
  }

  /// True when the game's folder holds a sprite sheet (`sprites.atlas`).
  var hasSprites: Bool {
    game.map { FileManager.default.fileExists(atPath: $0 + "/sprites.atlas") } ?? false
  }

  /// The game's `sounds/` folder, if it has one.
  package var sounds: String? { game.map { $0 + "/sounds" } }
}

/// Finds `assets/` folders: `$GAME_ASSETS`, the working directory, up from the executable (so
/// `swift run` and `.build/debug/GameApp` work from anywhere), up from the game's source file
/// (a game in another package) and the engine's own source tree (tests and benchmarks run from
/// inside `.build`).
package enum AssetLocator {
  /// Thrown when the engine's folder (`assets/engine/font.bmp`) was not found.
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "the engine's assets (engine/font.bmp) were not found in "
        + "\(searched.joined(separator: ", ")); set GAME_ASSETS to the assets folder"
    }
  }

  /// The engine's and `G`'s folders.
  package static func assets<G: PlayableGame>(for game: G.Type) throws -> GameAssets {
    GameAssets(game: folder(for: G.self), engine: try engineFolder())
  }

  /// The engine's folder (`…/assets/engine`), as a path without a trailing slash.
  package static func engineFolder() throws -> String {
    let roots = roots(from: nil)
    for root in roots where FileManager.default.fileExists(atPath: root + "/engine/font.bmp") {
      return root + "/engine"
    }
    throw NotFound(searched: roots)
  }

  /// `G`'s folder (`…/assets/<G.assetFolder>`), or nil when no root has one.
  package static func folder<G: PlayableGame>(for game: G.Type) -> String? {
    var isDirectory: ObjCBool = false
    for root in roots(from: G.sourceFile) {
      let folder = root + "/" + G.assetFolder
      if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return folder
      }
    }
    return nil
  }

  /// Candidate `assets` folders, most specific first.
  static func roots(from sourceFile: String?) -> [String] {
    var roots: [String] = []
    if let root = ProcessInfo.processInfo.environment["GAME_ASSETS"], !root.isEmpty {
      roots.append(root)
    }
    roots.append(FileManager.default.currentDirectoryPath + "/assets")
    // No arguments at all in a library loaded by another program (Python's ctypes).
    if let program = CommandLine.arguments.first {
      var folder = URL(fileURLWithPath: program).resolvingSymlinksInPath()
        .deletingLastPathComponent()
      for _ in 0..<6 {
        roots.append(folder.path + "/assets")
        folder = folder.deletingLastPathComponent()
      }
    }
    if let sourceFile {
      var folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
      for _ in 0..<8 where folder.path != "/" {
        roots.append(folder.path + "/assets")
        folder = folder.deletingLastPathComponent()
      }
    }
    // This file is Sources/GameRender/Render/AssetLocator.swift of the engine's package.
    roots.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/assets")
    var seen = Set<String>()
    return roots.filter { seen.insert($0).inserted }
  }
}
