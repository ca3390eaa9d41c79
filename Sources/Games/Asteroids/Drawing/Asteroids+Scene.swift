import GameCore
import GameScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asteroids as the window sees it: what a state looks like and sounds like.
extension Asteroids: PlayableGame {
  public static let sourceFile: String? = #filePath

  /// The field, with the ship only once a game started, and the HUD or the screen of the
  /// session's phase over it.
  ///
  /// Positions leave fixed point for `Float` world units here, once per tick; the game's
  /// angles are binary (0 = +x, clockwise, 49,152 = up) and the sheet's sprites face up, so
  /// the drawn angle is the game's turned a quarter back.
  public static func scene(of state: State) -> Scene {
    var scene = AsteroidsDrawing.field(tick: state.tick, phase: state.session.phase)
    for particle in state.particles.items {
      scene.particles.append(
        Particle(
          image: particle.kind == .dust ? "spark" : "ember", x: units(particle.position.x),
          y: units(particle.position.y), vx: units(particle.velocity.x),
          vy: units(particle.velocity.y), life: min(1, Float(particle.ticksLeft) / 40)))
    }
    let ship = state.ship
    if state.session.phase != .title && ship.isVisible {
      AsteroidsDrawing.addShip(
        to: &scene, x: units(ship.position.x), y: units(ship.position.y),
        angle: radians(ship.angle), thrusting: ship.isThrusting)
    }
    for (index, rock) in state.rocks.items.enumerated() {
      AsteroidsDrawing.addRock(
        to: &scene, id: index, size: Int(rock.size.rawValue), shape: Int(rock.shape),
        x: units(rock.position.x), y: units(rock.position.y), angle: radians(rock.angle),
        radius: Float(rock.radius) * 1.15,
        motion: .linear(
          vx: units(rock.velocity.x), vy: units(rock.velocity.y),
          spin: Float(rock.spin) * 2 * .pi / 65_536))
    }
    let saucer = state.saucer
    if saucer.isActive {
      AsteroidsDrawing.addSaucer(
        to: &scene, small: saucer.isSmall, x: units(saucer.position.x),
        y: units(saucer.position.y), radius: Float(saucer.radius) * 1.5,
        motion: .linear(vx: units(saucer.velocity.x), vy: units(saucer.velocity.y), spin: 0))
    }
    for (index, bullet) in state.bullets.items.enumerated() {
      AsteroidsDrawing.addBullet(
        to: &scene, id: 100_000 + index, saucer: bullet.owner != .ship,
        x: units(bullet.position.x), y: units(bullet.position.y),
        motion: .linear(vx: units(bullet.velocity.x), vy: units(bullet.velocity.y), spin: 0))
    }
    let score = state.score
    AsteroidsDrawing.addHUD(
      to: &scene, phase: state.session.phase, score: score.score, highScore: score.highScore,
      lives: score.lives, wave: score.wave)
    return scene
  }

  /// The tick's cues as one-shot sounds, and the thrust and saucer sirens as loops while play
  /// is under way.
  public static func sounds(of state: State) -> Sounds {
    var sounds = Sounds(oneShots: state.cues.compactMap(sound(for:)))
    if state.session.phase == .playing {
      if state.ship.isThrusting && state.ship.isActive { sounds.loops.append("thrust") }
      if state.saucer.isActive {
        sounds.loops.append(state.saucer.isSmall ? "saucer-small" : "saucer-large")
      }
    }
    return sounds
  }

  /// The WAV (under `assets/asteroids/sounds/`) for a cue; nil for cues that are silent.
  static func sound(for cue: SoundCue) -> String? {
    switch cue {
    case .fire, .saucerFire: "fire"
    case .largeRockExploded, .shipExploded: "explosion-large"
    case .mediumRockExploded, .saucerExploded: "explosion-medium"
    case .smallRockExploded: "explosion-small"
    case .extraLife: "extra-life"
    case .hyperspace: "hyperspace"
    case .gameOver: "game-over"
    case .beatLow: "beat-low"
    case .beatHigh: "beat-high"
    case .waveStarted, .gameStarted, .paused, .resumed, .saucerAppeared: nil
    }
  }

  /// Where the game is, for logs and the window test: phase, score, lives, wave, the ship.
  public static func summary(of state: State) -> String {
    "phase=\(state.session.phase) score=\(state.score.score) lives=\(state.score.lives) "
      + "wave=\(state.score.wave) ship=\(state.ship.position.x.rounded),"
      + "\(state.ship.position.y.rounded) angle=\(state.ship.angle.raw) "
      + "bullets=\(state.bullets.items.count) games=\(state.session.gamesStarted)"
  }

  /// Title; the "ace" bot just after its first hit (debris in the air, the wave still
  /// full); paused; and the game over screen after "idle" lost every ship, text blinking on.
  public static func screenshots(_ shoot: inout PhotoShoot<Asteroids>, seed: UInt64) {
    shoot.run(128) { _ in [] }
    shoot.take("title")
    guard var ace = bot(named: "ace", seed: seed), var idle = bot(named: "idle", seed: seed)
    else { return }
    shoot.run(1) { _ in .fire }
    shoot.run(until: { $0.score.score != 0 }, limit: 2_000) { ace.input(for: $0) }
    shoot.run(10) { ace.input(for: $0) }
    shoot.take("playing")
    shoot.run(1) { _ in .pause }
    shoot.run(1) { _ in [] }
    shoot.take("paused")
    shoot.run(1) { _ in .pause }
    shoot.run(until: { $0.session.phase == .gameOver }, limit: 200_000) { idle.input(for: $0) }
    shoot.run(60) { _ in [] }
    // Blinking text is on in the first half of every 64 ticks.
    shoot.run(until: { $0.tick % 64 < 32 }, limit: 64) { _ in [] }
    shoot.take("game-over")
  }

  static func units(_ value: Fixed) -> Float { Float(value.raw) / 65_536 }

  static func radians(_ angle: Angle) -> Float {
    Float(angle.raw &+ 16_384) * 2 * .pi / 65_536
  }
}

/// The pieces of an Asteroids scene, shared by ``Asteroids/scene(of:)`` and the hand-built
/// sample scenes of the golden images and benchmarks.
public enum AsteroidsDrawing {
  /// The HUD's colours.
  static let cyan = Color(120, 230, 255)
  static let white = Color.white
  /// The id of the ship's sprite: tracked between ticks.
  public static let shipID = -1

  /// An empty field of the game's size: wrapping, black.
  public static func field(tick: Int, phase: Session.Phase) -> Scene {
    Scene(
      tick: tick, worldWidth: Float(Tuning.worldWidth), worldHeight: Float(Tuning.worldHeight),
      wraps: true)
  }

  /// The ship (tracked, so it turns smoothly between ticks) and, while it thrusts, the flame
  /// behind it.
  public static func addShip(
    to scene: inout Scene, x: Float, y: Float, angle: Float, thrusting: Bool
  ) {
    scene.world.append(
      .sprite(
        Sprite(
          id: shipID, image: thrusting ? "ship-thrust" : "ship", x: x, y: y, angle: angle,
          motion: .tracked)))
    guard thrusting else { return }
    let radius: Float = 16
    scene.emitters.append(
      Emitter(
        image: "ember", x: x - sin(angle) * radius * 0.7, y: y + cos(angle) * radius * 0.7,
        direction: angle + .pi, spread: 0.6, speed: 2.5, speedRange: 1.5, lifetime: 8,
        lifetimeRange: 8))
  }

  /// A rock of `size` (0 large to 2 small) and outline `shape`, drawn `radius` units wide.
  public static func addRock(
    to scene: inout Scene, id: Int, size: Int, shape: Int, x: Float, y: Float, angle: Float,
    radius: Float, motion: Motion = .still
  ) {
    let size = min(2, max(0, size))
    // The radius each size's outline was drawn at in the sheet.
    let nominal: Float = size == 0 ? 44 : size == 1 ? 23 : 11.5
    scene.world.append(
      .sprite(
        Sprite(
          id: id, image: "rock\(size)-\(shape & 3)", x: x, y: y, angle: angle,
          scale: radius / nominal, motion: motion)))
  }

  /// The saucer, drawn `radius` units wide.
  public static func addSaucer(
    to scene: inout Scene, small: Bool, x: Float, y: Float, radius: Float, motion: Motion = .still
  ) {
    scene.world.append(
      .sprite(
        Sprite(
          id: -2, image: small ? "saucer-small" : "saucer-large", x: x, y: y,
          scale: radius / (small ? 15 : 27), motion: motion)))
  }

  /// A shot, the ship's or the saucer's.
  public static func addBullet(
    to scene: inout Scene, id: Int, saucer: Bool, x: Float, y: Float, motion: Motion = .still
  ) {
    scene.world.append(
      .sprite(
        Sprite(id: id, image: saucer ? "saucer-bullet" : "bullet", x: x, y: y, motion: motion)))
  }

  /// Score, lives and wave along the top, or the title; the pause and game-over screens.
  /// Blinking follows the scene's tick, so an exported frame is the same every time.
  public static func addHUD(
    to scene: inout Scene, phase: Session.Phase, score: Int, highScore: Int, lives: Int,
    wave: Int
  ) {
    let width = Float(Scene.frameWidth)
    let blinkOn = (scene.tick / 32) % 2 == 0
    func text(
      _ string: String, _ x: Float, _ y: Float, scale: Float = 1,
      _ alignment: Text.Alignment = .left, _ color: Color = white, outline: Color? = nil
    ) {
      scene.overlay.append(
        .text(
          Text(
            string, x: x, y: y, scale: scale, alignment: alignment, color: color,
            outline: outline, font: .arcadeGlow)))
    }
    // The saved high scores: the best at the top (the better of the table's and this
    // session's), the top ten on the right of the title and game-over screens.
    let best = Text(
      "\(phase == .title ? "HI SCORE" : "HI") \(twoDigits(highScore))", x: width / 2, y: 20,
      alignment: .center, color: cyan, outline: phase == .title ? nil : .black, font: .arcadeGlow)
    let list = Text(
      "HIGH SCORES", x: 1060, y: 392, alignment: .center, color: cyan, font: .arcadeGlow)
    scene.highScores = HighScoreBoard(
      list: phase == .title || phase == .gameOver ? list : nil, best: best,
      bestPrefix: phase == .title ? "HI SCORE " : "HI ", current: highScore)
    func dim() {
      scene.overlay.append(
        .rect(
          Rect(
            x: 0, y: 0, width: width, height: Float(Scene.frameHeight),
            color: Color(0, 0, 0, alpha: 150))))
    }
    switch phase {
    case .title:
      // The title image is 560 pixels wide (assets/asteroids/sprites.atlas).
      scene.overlay.append(.image(Image("title", x: (width - 560) / 2, y: 150)))
      if blinkOn { text("PRESS FIRE TO START", width / 2, 340, scale: 1.5, .center) }
      let help = [
        ("LEFT / RIGHT", "rotate"), ("UP", "thrust"), ("SPACE", "fire"), ("SHIFT", "hyperspace"),
        ("P", "pause"), ("hold BACKSPACE", "rewind"), ("ESC", "quit"),
      ]
      for (row, line) in help.enumerated() {
        let y = 430 + Float(row) * 30
        text(line.0, width / 2 - 12, y, .right)
        text(line.1, width / 2 + 12, y, .left, cyan)
      }
    case .playing, .paused, .gameOver:
      // Outlined, so rocks passing behind never make them hard to read.
      text(twoDigits(score), 32, 20, scale: 1.5, outline: .black)
      for index in 0..<min(lives, 10) {
        scene.overlay.append(
          .image(Image("ship", x: 32 + Float(index) * 26, y: 62, width: 28, height: 28)))
      }
      text("WAVE \(wave)", width - 32, 20, .right, cyan, outline: .black)
    }
    if phase == .paused {
      dim()
      text("PAUSED", width / 2, 280, scale: 3, .center)
      text("P to resume   hold BACKSPACE to rewind", width / 2, 380, .center, cyan)
    }
    if phase == .gameOver {
      dim()
      text("GAME OVER", width / 2, 250, scale: 3.5, .center)
      text("SCORE \(twoDigits(score))", width / 2, 360, scale: 1.5, .center, cyan)
      if blinkOn { text("PRESS FIRE TO PLAY AGAIN", width / 2, 430, .center) }
    }
  }

  /// At least two digits: the arcade's `00`.
  static func twoDigits(_ value: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, 2 - digits.count)) + digits
  }
}
