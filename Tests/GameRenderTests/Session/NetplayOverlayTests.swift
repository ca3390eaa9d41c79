import GameScene
import Testing

@testable import GameRender

/// What a networked match shows over the game, as lines: the handshake, the figures, whom the
/// match waits for, who paused it, how it ended.
@Suite struct NetplayOverlayTests {
  static func texts(_ overlay: NetplayOverlay) -> [String] {
    overlay.shapes.compactMap { shape in
      if case .text(let text) = shape { text.string } else { nil }
    }
  }

  @Test func theHandshakeSaysWhomItWaitsFor() {
    let overlay = NetplayOverlay.connecting(
      waitingFor: 2, detail: "waiting for player 2 on port 7000")
    #expect(Self.texts(overlay) == ["waiting for player 2", "waiting for player 2 on port 7000"])
    #expect(overlay.figureLines.isEmpty, "no figures before the match")
  }

  @Test func theMatchShowsThePingAndTheRollbackDepth() {
    let overlay = NetplayOverlay.playing(
      ping: 23.4, lastRollback: 2, deepestRollback: 7, waitingFor: nil, pausedBy: nil)
    #expect(Self.texts(overlay) == ["ping 23 ms", "rollback 2 (deepest 7)"])
    let none = NetplayOverlay.playing(
      ping: nil, lastRollback: 0, deepestRollback: 0, waitingFor: nil, pausedBy: nil)
    #expect(none.figureLines == ["ping -- ms", "rollback 0 (deepest 0)"])
  }

  @Test func aFullPredictionWindowSaysWhomItWaitsForBeforeAPause() {
    let waiting = NetplayOverlay.playing(
      ping: 80, lastRollback: 8, deepestRollback: 8, waitingFor: 2, pausedBy: 1)
    #expect(waiting.message == "waiting for player 2")
    let paused = NetplayOverlay.playing(
      ping: 80, lastRollback: 8, deepestRollback: 8, waitingFor: nil, pausedBy: 1)
    #expect(paused.message == "paused by player 1")
  }

  @Test func theEndSaysHowAndKeepsTheFigures() {
    let overlay = NetplayOverlay.ended(
      "player 2 left", ping: 10, lastRollback: 1, deepestRollback: 3)
    #expect(
      Self.texts(overlay) == [
        "ping 10 ms", "rollback 1 (deepest 3)", "player 2 left", "press Escape to close the window",
      ])
  }

  @Test func everyLineIsOnAPanelInsideTheFrame() {
    let overlay = NetplayOverlay.ended(
      "the games differ at tick 1234", ping: 999, lastRollback: 32, deepestRollback: 32)
    let panels = overlay.shapes.compactMap { shape -> Rect? in
      if case .rect(let rect) = shape { rect } else { nil }
    }
    #expect(panels.count == 2)
    for panel in panels {
      #expect(panel.x >= 0 && panel.x + panel.width <= Float(Scene.frameWidth), "\(panel)")
      #expect(panel.color.alpha > 0 && panel.color.alpha < 255)
    }
  }
}
