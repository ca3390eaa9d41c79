import GameCore
import GameScene

/// When the window shows a demo, and for how long: the numbers of the attract mode, in ticks.
///
/// A window left on a title or game-over screen with no input for ``idleTicks`` shows a demo
/// (``AttractSession``): the game's first bot plays a fresh game for at most ``demoTicks``, or
/// until its game is over and ``lingerTicks`` more have shown the end. Any key, button or
/// click ends it sooner. Counted in ticks, like everything the loop does, so tests need no clock.
package struct AttractMode: Equatable, Sendable {
  /// Seconds of no input on a title or game-over screen before a demo starts, by default.
  package static let defaultIdleSeconds = 15
  /// The seconds `play --attract` accepts: 0 turns the attract mode off.
  package static let idleSecondsRange = 0...3_600
  /// The longest a demo plays, in seconds: an arcade's demo is a glimpse, not a whole game.
  package static let demoSeconds = 45
  /// Seconds a demo keeps showing its game-over screen before going back.
  package static let lingerSeconds = 3

  /// Ticks of no input on a title or game-over screen before a demo starts; 0 is never.
  package var idleTicks: Int
  /// The longest a demo plays, in ticks.
  package var demoTicks: Int
  /// Ticks a finished demo game stays on screen.
  package var lingerTicks: Int

  /// The attract mode of a window at `hz` ticks per second.
  package init(
    idleSeconds: Int = defaultIdleSeconds, hz: Int, demoSeconds: Int = demoSeconds,
    lingerSeconds: Int = lingerSeconds
  ) {
    self.init(
      idleTicks: idleSeconds * hz, demoTicks: demoSeconds * hz, lingerTicks: lingerSeconds * hz)
  }

  /// The attract mode in ticks (tests).
  package init(idleTicks: Int, demoTicks: Int, lingerTicks: Int) {
    self.idleTicks = max(0, idleTicks)
    self.demoTicks = max(1, demoTicks)
    self.lingerTicks = max(0, lingerTicks)
  }

  /// No demos.
  package static let off = AttractMode(idleTicks: 0, demoTicks: 1, lingerTicks: 0)

  /// True when demos can start.
  package var isOn: Bool { idleTicks > 0 }

  /// The seed of demo `number` (from 1) of a window whose player's game has `seed`.
  ///
  /// Derived, not drawn from the clock: `play --seed N` shows the same demos every time (a
  /// report of a demo that misbehaved can be replayed with `simulate`), and demos still differ
  /// from one another, from the player's own game, and from session to session, since the
  /// player's seed comes from the clock unless given.
  package static func demoSeed(session seed: UInt64, demo number: Int) -> UInt64 {
    var generator = SplitMix64(seed: seed, stream: 0xDE30 &+ UInt64(truncatingIfNeeded: number))
    return generator.next()
  }

  /// The engine's banner over a demo, in frame pixels: "DEMO - PRESS ANY KEY" at the top
  /// centre on a shaded box, blinking slowly, and which bot plays in small letters at the
  /// bottom centre, both outlined so they read over anything moving behind them.
  ///
  /// The top and bottom edges are where the engine's games keep nothing: Pong's scores start
  /// below the first 36 pixels, Asteroids' score and wave sit in the corners, Blocks' well and
  /// its line-clear label end above the last 28.
  package static func banner(bot: String, tick: Int, hz: Int = 64) -> [Shape] {
    let center = Float(Scene.frameWidth) / 2
    let prompt = "DEMO - PRESS ANY KEY"
    let scale: Float = 1.25
    let width = Float(prompt.count) * 16 * scale + 24
    var shapes: [Shape] = [
      .rect(
        Rect(
          x: center - width / 2, y: 0, width: width, height: 36, color: Color(0, 0, 0, alpha: 170)))
    ]
    // Shown three quarters of each second, so the line reads while it catches the eye.
    if tick % max(1, hz) < max(1, hz) * 3 / 4 {
      shapes.append(
        .text(
          Text(
            prompt, x: center, y: 4, scale: scale, alignment: .center,
            color: Color(255, 214, 90), outline: .black)))
    }
    shapes.append(
      .text(
        Text(
          "PLAYED BY THE \(bot.uppercased()) BOT", x: center, y: 695, scale: 0.75,
          alignment: .center, color: Color(180, 180, 190), outline: .black)))
    return shapes
  }
}
