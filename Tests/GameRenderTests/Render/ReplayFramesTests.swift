import Foundation
import GameCore
import Testing

@testable import GameRender

@Suite struct ReplayFramesTests {
  @Test func aReplayExportsOneFrameEveryNTicks() throws {
    let folder = NSTemporaryDirectory() + "frames-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/game.replay"
    let session = GameSession(
      seed: 8, sink: try ReplaySessionSink(path: path, seed: 8, settings: GameSettings()))
    var bot = try Bot(name: "ace", seed: 8)
    for _ in 0..<200 { session.step(bot.input(for: session.store.state)) }
    _ = try session.finish()
    let written = try renderFrames(
      replay: ReplayFile.read(path: path), into: folder, every: 50)
    #expect(written == 4)
    #expect(FileManager.default.fileExists(atPath: folder + "/frame-000200.bmp"))
  }
}
