import Foundation
import Testing

/// The layers of docs/ENGINE.md, checked on the sources: every module imports only the modules
/// below it. SwiftPM alone does not catch a wrong arrow: on Linux a module built earlier in the
/// same build folder can be imported even by a target that does not depend on it.
@Suite struct LayersTests {
  /// What each module may import, the engine's own and the system's. Games may import only
  /// the kernel, the draw list and the training runtime (their environment descriptions).
  static let allowed: [String: Set<String>] = [
    "GameCore": ["Synchronization"],
    "GameFiles": ["GameCore", "Glibc", "Darwin"],
    "GameTraining": ["GameCore", "GameFiles", "Glibc", "Darwin", "Synchronization"],
    "GameInspector": ["GameCore"],
    "GameNetplay": ["GameCore", "Glibc", "Darwin"],
    "GameScene": ["GameCore", "Glibc", "Darwin"],
    "GameTesting": ["GameCore", "GameFiles", "GameTraining", "Testing", "Glibc", "Darwin"],
    "GameAssets": ["GameCore", "GameFiles", "GameScene", "Glibc", "Darwin"],
    "GameRender": [
      "GameCore", "GameFiles", "GameScene", "GameAssets", "CSDL2", "Foundation", "Glibc", "Darwin",
    ],
    "LocalHTTP": ["Foundation", "Glibc", "Darwin"],
    "GameTrainingLibrary": [
      "GameCore", "GameFiles", "GameTraining", "GameScene", "GameAssets", "Glibc", "Darwin",
      "Synchronization",
    ],
    "GameLauncher": [
      "GameCore", "GameFiles", "GameTraining", "GameInspector", "GameScene", "GameAssets",
      "GameRender", "GameNetplay", "LocalHTTP", "ArgumentParser", "Foundation", "Dispatch",
      "Glibc", "Darwin",
    ],
    // No Foundation: the Python library (LockstepGames) links the games, and a wheel carries
    // every library it links (Foundation's with its ICU data are 60 MB).
    "Games": ["GameCore", "GameScene", "GameTraining", "Glibc", "Darwin"],
    "LockstepGames": ["GameTrainingLibrary", "AsteroidsGame", "PongGame", "BlocksGame"],
    "GameApp": ["GameLauncher", "AsteroidsGame", "PongGame", "BlocksGame"],
    "CSDL2": [],
  ]

  /// What the tests of the kernel and of each door may import: the module they test, the
  /// modules below it, `TestGames` (the engine tests' games) and the system's. A test target
  /// that reached past its layer would test more than its module.
  static let allowedInTests: [String: Set<String>] = [
    "TestGames": ["GameCore"],
    "GameCoreTests": [
      "GameCore", "GameTesting", "TestGames", "Testing", "Foundation", "Synchronization",
    ],
    "GameFilesTests": [
      "GameFiles", "GameCore", "TestGames", "Testing", "Foundation", "Glibc", "Darwin",
    ],
    "GameTrainingTests": [
      "GameTraining", "GameCore", "GameTesting", "TestGames", "Testing", "Synchronization", "Glibc",
      "Darwin",
    ],
    "GameInspectorTests": ["GameInspector", "GameCore", "TestGames", "Testing"],
    "GameNetplayTests": [
      "GameNetplay", "GameCore", "TestGames", "Testing", "Synchronization", "Foundation",
    ],
  ]

  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let sources = package.appendingPathComponent("Sources")

  /// The modules a file imports: `import X` at the start of a line, or indented inside
  /// `#if canImport(X)` (a template's `import` inside a string literal is indented and skipped).
  static func imports(of file: URL) throws -> Set<String> {
    var found: Set<String> = []
    for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count else {
        continue
      }
      let prefix = words[..<keyword]
      let atStart = !line.hasPrefix(" ") && prefix.allSatisfy { $0 == "@testable" }
      let conditional =
        line.hasPrefix("  import ") && ["Glibc", "Darwin"].contains(words[keyword + 1])
      if atStart || conditional { found.insert(String(words[keyword + 1])) }
    }
    return found
  }

  @Test func everyModuleImportsOnlyTheLayersBelowIt() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
    #expect(
      Set(folders).isSuperset(of: ["GameCore", "GameFiles", "GameTraining", "GameInspector"]))
    for folder in folders {
      let allowed = try #require(Self.allowed[folder], "no layer listed for Sources/\(folder)")
      let checked = try Self.check("Sources/\(folder)", allowed: allowed)
      #expect(checked > 0 || folder == "CSDL2", "no Swift file in Sources/\(folder)")
    }
  }

  @Test func theKernelsAndEachDoorsTestsImportOnlyTheirLayer() throws {
    for (folder, allowed) in Self.allowedInTests.sorted(by: { $0.key < $1.key }) {
      #expect(
        try Self.check("Tests/\(folder)", allowed: allowed) > 0, "no Swift file in Tests/\(folder)")
    }
  }

  /// Expects every Swift file under `folder` (relative to the package) to import only
  /// `allowed`; returns how many files it read.
  static func check(_ folder: String, allowed: Set<String>) throws -> Int {
    let root = package.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var checked = 0
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      checked += 1
      let wrong = try imports(of: file).subtracting(allowed)
      #expect(
        wrong.isEmpty,
        "\(folder)/…/\(file.lastPathComponent) imports \(wrong.sorted()), above its layer")
    }
    return checked
  }

  @Test func theKernelWouldBeCaughtImportingAHigherLayer() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("layers-\(UUID().uuidString).swift")
    try "import GameCore\nimport GameFiles\n#if canImport(Glibc)\n  import Glibc\n#endif\n"
      .write(to: file, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let found = try Self.imports(of: file)
    #expect(found == ["GameCore", "GameFiles", "Glibc"])
    #expect(!found.subtracting(Self.allowed["GameCore"]!).isEmpty)
  }
}
