import Foundation
import Testing

@Suite struct DefaultRunTests {
  static func demoCount() throws -> Int {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("assets/demos").path
    return try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".replay") }.count
  }

  func expectAttractMode(_ result: CommandRunner.Result) throws {
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    let demos = try Self.demoCount()
    #expect(demos > 0)
    #expect(result.stdout.contains("no display: attract mode, verifying \(demos) bundled demos"))
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
