import GameFiles
import GameScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a game's files are: its own folder (`assets/<game>/`: sprites, sounds, demos) and the
/// engine's (`assets/engine/`: the bitmap fonts).
package struct AssetFolders: Equatable, Sendable {
  /// The game's folder; nil for a game that ships no files (it draws shapes and text only).
  package var game: String?
  /// The engine's folder, holding `font.bmp`.
  package var engine: String

  package init(game: String?, engine: String) {
    self.game = game
    self.engine = engine
  }

  /// True when the game's folder holds a sprite sheet (`sprites.atlas`).
  package var hasSprites: Bool { game.map { Path.exists($0 + "/sprites.atlas") } ?? false }

  /// The game's `sounds/` folder, if it has one.
  package var sounds: String? { game.map { $0 + "/sounds" } }
}

/// Finds `assets/` folders: `$GAME_ASSETS`, the working directory, up from the executable (so
/// `swift run` and `.build/debug/GameApp` work from anywhere), up from the library or program
/// this code was loaded in (a Python wheel keeps `assets/` beside its `lib/`), up from the
/// game's source file (a game in another package) and the engine's own source tree (tests and
/// benchmarks run from inside `.build`).
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
  package static func assets<G: PlayableGame>(for game: G.Type) throws -> AssetFolders {
    AssetFolders(game: folder(for: G.self), engine: try engineFolder())
  }

  /// The engine's folder (`…/assets/engine`), as a path without a trailing slash.
  package static func engineFolder() throws -> String {
    let roots = roots(from: nil)
    for root in roots where Path.exists(root + "/engine/font.bmp") {
      return root + "/engine"
    }
    throw NotFound(searched: roots)
  }

  /// `G`'s folder (`…/assets/<G.assetFolder>`), or nil when no root has one.
  package static func folder<G: PlayableGame>(for game: G.Type) -> String? {
    roots(from: G.sourceFile).lazy.map { $0 + "/" + G.assetFolder }.first(where: Path.isFolder)
  }

  /// Candidate `assets` folders, most specific first.
  static func roots(from sourceFile: String?) -> [String] {
    var roots: [String] = []
    if let root = getenv("GAME_ASSETS").map({ String(cString: $0) }), !root.isEmpty {
      roots.append(root)
    }
    if let folder = Path.workingFolder() { roots.append(folder + "/assets") }
    /// `levels` folders up from `path`'s folder, each with `/assets`.
    func up(from path: String, levels: Int) {
      var folder = Path.parent(path)
      for _ in 0..<levels where folder != "/" {
        roots.append(folder + "/assets")
        folder = Path.parent(folder)
      }
    }
    // No arguments at all in a library loaded by another program (Python's ctypes).
    if let program = CommandLine.arguments.first, !program.isEmpty {
      up(from: Path.resolved(program), levels: 6)
    }
    if let image = Path.loadedImage() { up(from: image, levels: 3) }
    if let sourceFile { up(from: sourceFile, levels: 8) }
    // This file is Sources/GameAssets/AssetLocator.swift of the engine's package.
    roots.append(Path.parent(Path.parent(Path.parent(#filePath))) + "/assets")
    var seen: [String] = []
    for root in roots where !seen.contains(root) { seen.append(root) }
    return seen
  }
}

/// The few path operations the locator needs, on POSIX calls.
enum Path {
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// `path` without its last component (`/` for a top-level one, `.` for a bare name).
  static func parent(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` with its links followed, or as it is when that fails.
  static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  static func workingFolder() -> String? {
    guard let folder = getcwd(nil, 0) else { return nil }
    defer { free(folder) }
    return String(cString: folder)
  }

  /// The file of the library or program this code was loaded from.
  static func loadedImage() -> String? {
    #if canImport(Darwin)
      var info = Dl_info()
      guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
      let path = String(cString: name)
    #else
      // Glibc's module leaves out `dladdr` (a GNU extension): the mapping that holds this
      // image's header names its file.
      guard let maps = try? FileBytes.read(path: "/proc/self/maps", maxBytes: 64 << 20),
        let path = mappedFile(at: UInt(bitPattern: #dsohandle), in: maps)
      else { return nil }
    #endif
    return path.isEmpty ? nil : resolved(path)
  }

  /// The file mapped at `address` by a `/proc/<pid>/maps` listing (lines of `start-end perms
  /// offset device inode path`, addresses in hexadecimal).
  static func mappedFile(at address: UInt, in maps: [UInt8]) -> String? {
    for line in maps.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(
        separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
      guard fields.count == 6 else { continue }
      let range = fields[0].split(separator: UInt8(ascii: "-"))
      guard range.count == 2,
        let start = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
        let end = UInt(String(decoding: range[1], as: UTF8.self), radix: 16),
        start <= address && address < end
      else { continue }
      let path = String(decoding: fields[5], as: UTF8.self).drop(while: { $0 == " " })
      return path.hasPrefix("/") ? String(path) : nil
    }
    return nil
  }
}
