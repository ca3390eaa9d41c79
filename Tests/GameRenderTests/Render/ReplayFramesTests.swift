import Foundation
import GameCore
import Testing

@testable import GameRender
import GameFiles

@Suite struct ReplayFramesTests {
  @Test func aReplayExportsOneFrameEveryNTicks() throws {
    let folder = NSTemporaryDirectory() + "frames-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/game.replay"
    let session = GameSession<TinyGame>(
      seed: 8, sink: try ReplaySessionSink<TinyGame>(path: path, seed: 8, settings: NoSettings()))
    for _ in 0..<200 { session.step(.right) }
    _ = try session.finish()
    let written = try renderFrames(
      TinyGame.self, replay: ReplayFile.read(path: path), into: folder, every: 50)
    #expect(written == 4)
    let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/frame-000200.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG by default")
    #expect(png.count < 200_000)
    let bmp = try renderFrames(
      TinyGame.self, replay: ReplayFile.read(path: path), into: folder, every: 100, format: .bmp)
    #expect(bmp == 2)
    #expect(FileManager.default.fileExists(atPath: folder + "/frame-000200.bmp"))
  }

  @Test func aLinkPlantedAsAFramesTemporaryIsNeverFollowed() throws {
    let folder = NSTemporaryDirectory() + "frames-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/game.replay"
    let session = GameSession<TinyGame>(
      seed: 8, sink: try ReplaySessionSink<TinyGame>(path: path, seed: 8, settings: NoSettings()))
    for _ in 0..<100 { session.step(.right) }
    _ = try session.finish()
    let victim = folder + "/victim"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/frame-000050.png.part", withDestinationPath: victim)
    let written = try renderFrames(
      TinyGame.self, replay: ReplayFile.read(path: path), into: folder, every: 50)
    #expect(written == 2)
    #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("precious".utf8))
    let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/frame-000050.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func anotherGamesReplayIsRefused() throws {
    let header = ReplayHeader(
      gameID: "other", gameVersion: 1, inputBits: 4, tickRate: 64, seed: 1, settings: [])
    #expect(throws: ReplayError.gameMismatch(found: "other", expected: "tiny")) {
      try renderFrames(TinyGame.self, replay: header.encoded, into: "/nonexistent", every: 1)
    }
  }
}

@Suite struct SoundTrackTests {
  @Test func eachTicksSoundsStartAtThatTicksPlaceInTheTrack() throws {
    let folder = NSTemporaryDirectory() + "track-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/game.replay"
    let session = GameSession<TinyGame>(
      seed: 8, sink: try ReplaySessionSink<TinyGame>(path: path, seed: 8, settings: NoSettings()))
    // Still for 64 ticks, one step right (a blip at tick 65), still again.
    for tick in 1...200 { session.step(tick == 65 ? .right : []) }
    _ = try session.finish()
    let track = try SoundTrack.mix(TinyGame.self, replay: ReplayFile.read(path: path), ticks: 1...200)
    let perTick = Double(Audio.rate) / 64
    #expect(abs(Double(track.count) - 200 * perTick) <= 1)
    let firstSound = try #require(track.firstIndex { $0 != 0 })
    #expect(firstSound >= Int(64 * perTick) - 1 && firstSound <= Int(65 * perTick))
    let wav = SoundTrack.wav(track)
    #expect(wav.starts(with: Array("RIFF".utf8)) && wav.count == 44 + track.count * 2)
  }
}
