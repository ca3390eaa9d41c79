import Foundation

/// Finds the `assets/` folder: `$ASTEROIDS_ASSETS`, the working directory, or up from the
/// executable (so `swift run` and `.build/debug/GameApp` both work from anywhere).
package enum AssetLocator {
  /// Thrown when no folder holding `sprites.atlas` was found.
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "assets folder not found (looked in \(searched.joined(separator: ", "))); "
        + "set ASTEROIDS_ASSETS or run from the repository"
    }
  }

  /// The assets folder, as a path without a trailing slash.
  package static func folder() throws -> String {
    var candidates: [String] = []
    if let env = ProcessInfo.processInfo.environment["ASTEROIDS_ASSETS"] { candidates.append(env) }
    candidates.append(FileManager.default.currentDirectoryPath + "/assets")
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<6 {
      candidates.append(dir.path + "/assets")
      dir = dir.deletingLastPathComponent()
    }
    // The source tree itself: tests and benchmarks run from inside .build.
    candidates.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/assets")
    for candidate in candidates
    where FileManager.default.fileExists(atPath: candidate + "/sprites.atlas") {
      return candidate
    }
    throw NotFound(searched: candidates)
  }
}
