import Foundation
import GameCore
import Testing

@testable import GameRender

@Suite struct ReplaySessionSinkTests {
  @Test func theHeaderRecordsTheTickRateTheGameRanAt() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("sink-\(UUID().uuidString).replay").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sink = try ReplaySessionSink(path: path, seed: 9, settings: GameSettings(), tickRate: 120)
    let session = GameSession(seed: 9, sink: sink)
    for _ in 0..<100 { session.step([]) }
    _ = try session.finish()
    let reader = try ReplayReader(bytes: try ReplayFile.read(path: path))
    #expect(reader.header.tickRate == 120)
    #expect(reader.header.seed == 9)
    #expect(!FileManager.default.fileExists(atPath: path + ".part"))
  }
}
