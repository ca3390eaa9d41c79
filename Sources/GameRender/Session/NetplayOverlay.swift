import GameScene

/// What the window draws over a networked match, the engine's and not each game's: while the
/// handshake runs, who it waits for; during the match the ping and the rollback depth, small
/// at the top, and in the middle who the game waits for or who paused it; at the end, how the
/// match ended. Pure, so tests read its lines without a window.
///
/// ```swift
/// let overlay = NetplayOverlay.playing(
///   ping: 23, lastRollback: 2, deepestRollback: 7, waitingFor: nil, pausedBy: nil)
/// overlay.figureLines    // ["ping 23 ms", "rollback 2 (deepest 7)"]
/// ```
package struct NetplayOverlay: Equatable, Sendable {
  /// The line in the middle of the screen, if any: "waiting for player 2".
  package var message: String?
  /// A smaller line under it: where the handshake is, or what to do now.
  package var detail: String?
  /// The figures at the top: the ping and the rollback depth, once the match runs.
  package var figureLines: [String]

  /// The handshake runs: the window waits for `player` (the host for a joiner: player 1).
  package static func connecting(waitingFor player: Int, detail: String) -> NetplayOverlay {
    NetplayOverlay(message: "waiting for player \(player)", detail: detail, figureLines: [])
  }

  /// The match runs. `ping` is the mean round trip in milliseconds (nil before the first);
  /// `lastRollback` and `deepestRollback` are in ticks (0: none yet); `waitingFor` is the
  /// player (from 1) whose inputs the full prediction window waits for; `pausedBy` the
  /// player who paused the game.
  package static func playing(
    ping: Double?, lastRollback: Int, deepestRollback: Int, waitingFor: Int?, pausedBy: Int?
  ) -> NetplayOverlay {
    NetplayOverlay(
      message: waitingFor.map { "waiting for player \($0)" }
        ?? pausedBy.map { "paused by player \($0)" },
      detail: nil,
      figureLines: figures(ping: ping, lastRollback: lastRollback, deepest: deepestRollback))
  }

  /// The match is over: `sentence` says how ("player 2 left"); the figures stay.
  package static func ended(
    _ sentence: String, ping: Double?, lastRollback: Int, deepestRollback: Int
  ) -> NetplayOverlay {
    NetplayOverlay(
      message: sentence, detail: "press Escape to close the window",
      figureLines: figures(ping: ping, lastRollback: lastRollback, deepest: deepestRollback))
  }

  /// A spectator watches: the tick it has reached at the top.
  package static func watching(tick: Int) -> NetplayOverlay {
    NetplayOverlay(message: nil, detail: nil, figureLines: ["watching", "tick \(tick)"])
  }

  /// A spectator's match is over: `sentence` says how.
  package static func watched(_ sentence: String, tick: Int) -> NetplayOverlay {
    NetplayOverlay(
      message: sentence, detail: "press Escape to close the window",
      figureLines: ["watching", "tick \(tick)"])
  }

  static func figures(ping: Double?, lastRollback: Int, deepest: Int) -> [String] {
    let ping = ping.map { "ping \(Int($0.rounded())) ms" } ?? "ping -- ms"
    return [ping, "rollback \(lastRollback) (deepest \(deepest))"]
  }

  static let shade = Color(0, 0, 0, alpha: 225)
  /// Lighter: the figures sit over play, which shows through.
  static let figureShade = Color(0, 0, 0, alpha: 150)
  static let figureColor = Color(150, 230, 255)
  static let messageColor = Color(255, 214, 90)

  /// The figures' text size: three quarters of the font's, so that they sit small above any
  /// game, in the middle of the top edge (between two players' scores, above two fields).
  static let figureScale: Float = 0.75

  /// The overlay in frame pixels (1280 × 720): the figures' lines centred at the top, the
  /// message and its detail centred in the middle, each over a dark panel so it reads over
  /// anything the game draws (the middle one covers the game's own screen text there).
  package var shapes: [Shape] {
    var shapes: [Shape] = []
    let middle = Float(Scene.frameWidth) / 2
    if !figureLines.isEmpty {
      let scale = Self.figureScale
      let lineHeight = 24 * scale + 2
      let width = (figureLines.map { Text.width(of: $0, scale: scale) }.max() ?? 0) + 16
      shapes.append(
        .rect(
          Rect(
            x: middle - width / 2, y: 0, width: width,
            height: Float(figureLines.count) * lineHeight + 6, color: Self.figureShade)))
      for (index, line) in figureLines.enumerated() {
        shapes.append(
          .text(
            Text(
              line, x: middle, y: 4 + Float(index) * lineHeight, scale: scale,
              alignment: .center, color: Self.figureColor)))
      }
    }
    if let message {
      let messageWidth = Text.width(of: message, scale: 2)
      let detailWidth = detail.map { Text.width(of: $0) } ?? 0
      let width = max(messageWidth, detailWidth) + 48
      // From 200 to 440: over a game's own screen text there (Pong's title and PAUSED,
      // Blocks' headline and lines), so the two never show through each other.
      shapes.append(
        .rect(Rect(x: middle - width / 2, y: 200, width: width, height: 240, color: Self.shade)))
      shapes.append(
        .text(
          Text(
            message, x: middle, y: detail == nil ? 296 : 280, scale: 2, alignment: .center,
            color: Self.messageColor)))
      if let detail {
        shapes.append(
          .text(Text(detail, x: middle, y: 340, alignment: .center, color: .white)))
      }
    }
    return shapes
  }
}
