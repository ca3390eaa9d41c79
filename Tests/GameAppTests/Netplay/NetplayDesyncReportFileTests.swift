import Foundation
import GameCore
import GameNetplay
import PongGame
import Testing

@testable import GameLauncher

@Suite struct NetplayDesyncReportFileTests {
  static let report = NetplayDesyncReport.without(
    Optional<Pong.State>.none, tick: 128, seat: 0, otherSeat: 1)

  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "desync-report-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func theReportGoesBesideTheReplay() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let line = Self.report.save(beside: folder + "/host.replay")
    #expect(line == "the desync report of tick 128 is in \(folder)/host.replay.desync.txt")
    let text = try String(contentsOfFile: folder + "/host.replay.desync.txt", encoding: .utf8)
    #expect(text == Self.report.description + "\n")
  }

  @Test func anythingAlreadyThereIsKeptAndTheReportPrinted() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/host.replay.desync.txt", withDestinationPath: folder + "/elsewhere")
    let line = Self.report.save(beside: folder + "/host.replay")
    #expect(line.hasPrefix("cannot write the desync report to \(folder)/host.replay.desync.txt"))
    #expect(line.hasSuffix(Self.report.description))
    #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"))
  }

  @Test func withoutAReplayTheReportIsTheLine() {
    #expect(Self.report.save(beside: nil) == Self.report.description)
  }
}
