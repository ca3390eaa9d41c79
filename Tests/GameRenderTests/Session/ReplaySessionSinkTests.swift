import Foundation
import GameCore
import Testing

@testable import GameRender
import GameFiles

@Suite struct ReplaySessionSinkTests {
  @Test func theHeaderNamesTheGameAndRecordsTheTickRateItRanAt() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("sink-\(UUID().uuidString).replay").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sink = try ReplaySessionSink<TinyGame>(
      path: path, seed: 9, settings: NoSettings(), tickRate: 120)
    let session = GameSession<TinyGame>(seed: 9, sink: sink)
    for _ in 0..<100 { session.step(.right) }
    _ = try session.finish()
    let reader = try ReplayReader(bytes: try ReplayFile.read(path: path))
    #expect(reader.header.gameID == "tiny")
    #expect(reader.header.inputBits == 4)
    #expect(reader.header.tickRate == 120)
    #expect(reader.header.seed == 9)
    #expect(!FileManager.default.fileExists(atPath: path + ".part"))
  }

  @Test func theDefaultPathIsTheGamesOwnFolder() {
    #expect(ReplaySessionSink<TinyGame>.defaultPath(seed: 3).contains("/tiny/replays/"))
    #expect(ReplaySessionSink<TinyGame>.defaultPath(seed: 3).hasSuffix("-seed3.replay"))
  }
}
