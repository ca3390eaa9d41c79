import Foundation
import GameCore
import GameNetplay
import GameRender
import GameScene
import PongGame
import Testing

@testable import GameLauncher

/// Two window sessions of one Pong match over loopback UDP, stepped by hand with no window
/// (the bots at the controls, each side six ticks at a time so that each predicts the
/// other's inputs and rolls back): the handshake on its thread, both ends on one hash, the
/// overlay's lines, no cue heard twice however often a rollback ran its tick again, and a
/// spectator's session that watches the match to the same hash.
@Suite struct NetplayWindowSessionTests {
  /// Lines the handshake's thread announces.
  final class Announced: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var port: UInt16? {
      lock.withLock {
        lines.lazy.compactMap { $0.split(separator: ":").last.flatMap { UInt16($0) } }.first
      }
    }
  }

  static let ticks = 960

  static func session(_ handshake: NetplayHandshake, isHost: Bool) -> NetplayWindowSession<Pong> {
    NetplayWindowSession<Pong>(
      seed: 1, settings: .headless, ticks: ticks, timeout: 20, recordPath: nil,
      handshake: handshake, isHost: isHost)
  }

  /// A match cannot rewind: the window shows the game's screens without the text Pong marks
  /// as its rewind hint (`EngineKey.rewind`), the rest of the title as it is.
  @Test func aMatchLeavesOutTheGamesRewindHint() {
    func hints(_ scene: Scene) -> [String] {
      scene.overlay.compactMap {
        guard case .text(let text) = $0, text.engineKey == .rewind else { return nil }
        return text.string
      }
    }
    let terms = NetPacket.Terms(
      game: Pong.id, version: Pong.version, settings: Pong.Settings().encoded, seed: 1,
      seats: 2, options: NetplayOptions())
    let hosting = NetplayHandshake.start(
      .host(port: 0), address: "127.0.0.1", terms: terms, timeout: 1, announce: { _ in })
    let session = NetplayWindowSession<Pong>(
      seed: 1, settings: Pong.Settings(), ticks: 10, timeout: 1, recordPath: nil,
      handshake: hosting, isHost: true)
    let title = Pong.scene(of: Pong.initialState(seed: 1, settings: Pong.Settings()))
    #expect(hints(title) == ["hold BACKSPACE to rewind"])
    #expect(hints(session.scene).isEmpty && hints(session.previousScene).isEmpty)
    #expect(session.scene.overlay.count == title.overlay.count - 1)
    #expect(session.scene == title.leavingOut(.rewind))
  }

  @Test func aMatchOverLoopbackEndsOnOneHashAndHearsEveryCueOnce() throws {
    let terms = NetPacket.Terms(
      game: Pong.id, version: Pong.version, settings: Pong.Settings.headless.encoded, seed: 1,
      seats: 2, options: NetplayOptions())
    let announced = Announced()
    let hosting = NetplayHandshake.start(
      .host(port: 0), address: "127.0.0.1", terms: terms, timeout: 20,
      announce: { announced.add($0) })
    let host = Self.session(hosting, isHost: true)
    let deadline = Date().addingTimeInterval(60)
    while announced.port == nil, Date() < deadline { usleep(1_000) }
    let port = try #require(announced.port)
    #expect(host.overlay.message == "waiting for player 2")
    #expect(host.overlay.detail == "hosting on 127.0.0.1:\(port) - Escape quits")
    let joining = NetplayHandshake.start(
      .join(Endpoint(address: 0x7F00_0001, port: port)), address: "127.0.0.1", terms: terms,
      timeout: 20, announce: { _ in })
    let join = Self.session(joining, isHost: false)
    #expect(join.overlay.message == "waiting for player 1")

    // A spectator watches from the host, as `play --spectate` does.
    let watch = try NetplayWatchSession<Pong>(
      host: Endpoint(address: 0x7F00_0001, port: port), address: "127.0.0.1", terms: terms,
      settings: .headless, ticks: Self.ticks, timeout: 20, recordPath: nil)
    #expect(watch.overlay.message == "waiting for player 1")
    let sessions = [host, join]
    host.bot = Pong.bot(named: "coach", seed: 1)
    join.bot = Pong.bot(named: "coach", seed: 2)
    var played = [0, 0]
    // Every one-shot the store's states name, ticks run again included: what playing them
    // as they come would sound.
    var naive = [0, 0]
    var watching: [Subscription] = []
    while !(sessions.allSatisfy(\.hasEnded) && watch.hasEnded), Date() < deadline {
      watch.step([])
      for (side, session) in sessions.enumerated() {
        for _ in 0..<6 {
          session.step([])
          played[side] += session.sounds.oneShots.count
          if let match = session.match, watching.count == side {
            watching.append(
              match.rollback.simulation.store.subscribe { state in
                naive[side] += Pong.sounds(of: state).oneShots.count
              })
          }
        }
      }
      usleep(500)
    }
    for session in sessions {
      #expect(session.hasEnded && session.end == .finished, "\(String(describing: session.end))")
    }
    let matches = try sessions.map { try #require($0.match) }
    #expect(matches[0].confirmed.tick == Self.ticks)
    #expect(matches[0].confirmed.hash == matches[1].confirmed.hash)
    #expect(watch.end == .finished)
    #expect(watch.spectator.simulation.tick == Self.ticks)
    #expect(watch.spectator.simulation.hash == matches[0].confirmed.hash)
    #expect(watch.overlay.figureLines == ["watching", "tick \(Self.ticks)"])
    let rollbacks = matches.map(\.rollback.statistics.rollbacks)
    #expect(rollbacks.reduce(0, +) > 0, "the sides predicted each other and rolled back")
    #expect(host.overlay.figureLines.count == 2)
    #expect(host.overlay.figureLines[1].hasPrefix("rollback "))

    // The cues of the match as confirmed: each heard at least once, and no more often than
    // the states named them. (Whether a rollback here reruns a tick with a cue is up to the
    // bots; RollbackCuesTests reruns blips on purpose, through the same TickTimeline.)
    let replay = Simulation<Pong>(seed: 1, settings: .headless)
    var confirmed = 0
    for tick in 0..<Self.ticks {
      replay.step(matches[0].rollback.confirmedInput(at: tick))
      confirmed += Pong.sounds(of: replay.state).oneShots.count
    }
    #expect(confirmed > 0)
    for side in 0..<2 {
      #expect(
        played[side] >= confirmed, "side \(side): \(played[side]) played, \(confirmed) confirmed")
      #expect(played[side] <= naive[side], "side \(side)")
    }
    for session in sessions { _ = try session.finish() }
    #expect(
      try watch.finish().first?.hasPrefix("pong, watched: \(Self.ticks) ticks, hash ") == true)
  }
}
