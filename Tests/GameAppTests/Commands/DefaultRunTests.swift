import Foundation
import Testing

@Suite struct DefaultRunTests {
  /// Every game's bundled demos: `assets/<game>/demos/*.replay`.
  static func demoCount() throws -> Int {
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("assets").path
    var count = 0
    for game in try FileManager.default.contentsOfDirectory(atPath: assets) {
      let demos = assets + "/" + game + "/demos"
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: demos) else { continue }
      count += names.filter { $0.hasSuffix(".replay") }.count
    }
    return count
  }

  func expectAttractMode(_ result: CommandRunner.Result) throws {
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    let demos = try Self.demoCount()
    #expect(demos > 0)
    #expect(result.stdout.contains("no display: attract mode, verifying every game's bundled demos"))
    #expect(result.stdout.contains("asteroids/ace-seed1.replay: 11520 ticks, score 16290"))
    let verified = result.stdout.split(separator: "\n").filter { $0.hasSuffix("hashes)") }
    #expect(verified.count == demos)
    #expect(verified.allSatisfy { $0.contains(" verified (") })
  }

  @Test func withNoDisplaySetTheAppVerifiesTheDemosQuietly() throws {
    try expectAttractMode(try CommandRunner.run([], environment: CommandRunner.withoutDisplay()))
  }

  @Test func withAnUnreachableDisplayTheAppVerifiesTheDemosQuietly() throws {
    try expectAttractMode(
      try CommandRunner.run([], environment: CommandRunner.withoutDisplay(["DISPLAY": ":999"])))
  }
}
