import GameCore
import GameScene

extension Breakout {
  /// A colour a row, top to bottom: the top rows score the most.
  static let rowColors = [
    Color(230, 70, 70), Color(240, 140, 50), Color(235, 205, 60), Color(110, 205, 90),
    Color(60, 190, 200), Color(70, 120, 230), Color(150, 90, 220), Color(220, 90, 180),
  ]
  static let amber = Color(255, 190, 40)
  static let dim = Rect(x: 0, y: 0, width: 1280, height: 720, color: Color(0, 0, 0, alpha: 170))

  /// The wall, the paddle and the ball in world units (the paddle and the ball blended with
  /// where they were a tick before), the score and the screens in frame pixels.
  public static func scene(of state: State) -> Scene {
    var scene = Scene(tick: state.tick, worldWidth: 160, worldHeight: 90)
    // A box in world units; with an id, blended with the same id's box a tick before.
    func world(_ box: Box, _ color: Color, id: Int = 0, inset: Float = 0) {
      func f(_ value: Fixed) -> Float { Float(value.raw) / 65_536 }
      let rect = Rect(
        x: f(box.left) + inset, y: f(box.top) + inset, width: f(box.width) - 2 * inset,
        height: f(box.height) - 2 * inset, color: color, id: id, motion: id == 0 ? .still : .tracked
      )
      scene.world.append(.rect(rect))
    }
    let wall = wall(level: state.level)
    for (index, standing) in state.bricks.enumerated() where standing && state.phase != .over {
      let brick = wall.box(of: Grid.Cell(column: index % 10, row: index / 10))
      world(brick, rowColors[index / 10], inset: 0.5)
    }
    world(paddleBox(state.paddle), .white, id: 1)
    world(Circle(center: state.ball, radius: radius).bounds, .white, id: 2)
    func text(_ string: String, _ y: Float, _ scale: Float, _ color: Color = .white) {
      scene.overlay.append(
        .text(Text(string, x: 640, y: y, scale: scale, alignment: .center, color: color)))
    }
    text("SCORE \(state.score)     LEVEL \(state.level)     BALLS \(state.lives)", 30, 1.5, amber)
    if state.phase != .playing { scene.overlay.append(.rect(dim)) }
    let blink = state.tick / 32 % 2 == 0
    switch state.phase {
    case .title:
      text("BREAKOUT", 265, 6)
      if blink { text("PRESS SPACE TO PLAY", 440, 1.5) }
      text("LEFT / RIGHT  PADDLE     P  PAUSE     HOLD BACKSPACE  REWIND", 530, 1)
    case .paused:
      text("PAUSED", 300, 4)
    case .over:
      // Above y 220: the window asks a new best for initials on a panel from y 220 to 510.
      text("GAME OVER", 100, 4)
      if blink { text("PRESS SPACE TO PLAY AGAIN", 686, 1.25) }  // below the ten best
      scene.highScores = HighScoreBoard(
        table: "score", list: Text("BEST", x: 640, y: 240, scale: 1.25, alignment: .center))
    case .playing: break
    }
    return scene
  }

  /// Sounds made in code when the game loads: no sound files.
  public static let soundEffects: [String: SoundEffect] = [
    "wall": SoundEffect(.square, frequency: 300, duration: 0.04, volume: 0.2),
    "paddle": SoundEffect(.square, frequency: 440, to: 520, duration: 0.06, volume: 0.25),
    "brick": SoundEffect(.triangle, frequency: 880, to: 1_320, duration: 0.07),
    "lost": SoundEffect(.sawtooth, frequency: 400, to: 70, duration: 0.6, volume: 0.25),
    "level": SoundEffect(.square, frequency: 523, to: 1_046, duration: 0.45, volume: 0.25),
  ]

  /// A one-shot for each kind of thing that happened this tick (two bricks: one sound).
  public static func sounds(of state: State) -> Sounds {
    Sounds(oneShots: Cue.allCases.filter(state.cues.contains).map { "\($0)" })
  }
}
