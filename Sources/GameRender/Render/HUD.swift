import CSDL2

/// Score, lives and wave along the top, and the title, pause and game-over screens.
///
/// Blinking is driven by the scene's tick, so a frame exported from a replay is the same
/// every time it is exported.
struct HUD {
  let font: BitmapFont
  let sheet: SpriteSheet

  static let cyan: (UInt8, UInt8, UInt8) = (120, 230, 255)
  static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
  static let amber: (UInt8, UInt8, UInt8) = (255, 200, 110)

  func draw(_ scene: Scene, in renderer: OpaquePointer) {
    let width = Float(SceneRenderer.frameWidth)
    switch scene.phase {
    case .title:
      drawTitle(scene, in: renderer)
    case .playing, .paused, .gameOver:
      font.draw(format2(scene.score), x: 32, y: 20, scale: 1.5, color: Self.white, in: renderer)
      drawLives(scene.lives, in: renderer)
      font.draw("WAVE \(scene.wave)", x: width - 32, y: 20, alignment: .right, color: Self.cyan,
                in: renderer)
      font.draw("HI \(format2(scene.highScore))", x: width / 2, y: 20, alignment: .center,
                color: Self.cyan, in: renderer)
    }
    if scene.phase == .paused { drawPaused(in: renderer) }
    if scene.phase == .gameOver { drawGameOver(scene, in: renderer) }
    if scene.rewinding {
      font.draw("<< REWIND", x: width / 2, y: 660, scale: 1.5, alignment: .center,
                color: Self.amber, in: renderer)
    }
  }

  private func format2(_ score: Int) -> String {
    let digits = String(score)
    return String(repeating: "0", count: max(0, 2 - digits.count)) + digits
  }

  private func drawLives(_ lives: Int, in renderer: OpaquePointer) {
    var source = sheet.rect("ship")
    for index in 0..<min(lives, 10) {
      var target = SDL_FRect(x: 32 + Float(index) * 26, y: 62, w: 28, h: 28)
      SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
    }
  }

  private func blinkOn(_ scene: Scene) -> Bool { (scene.tick / 32) % 2 == 0 }

  private func drawTitle(_ scene: Scene, in renderer: OpaquePointer) {
    let width = Float(SceneRenderer.frameWidth)
    var source = sheet.rect("title")
    var target = SDL_FRect(
      x: (width - Float(source.w)) / 2, y: 150, w: Float(source.w), h: Float(source.h))
    SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
    font.draw("HI SCORE \(format2(scene.highScore))", x: width / 2, y: 20, alignment: .center,
              color: Self.cyan, in: renderer)
    if blinkOn(scene) {
      font.draw("PRESS FIRE TO START", x: width / 2, y: 340, scale: 1.5, alignment: .center,
                color: Self.white, in: renderer)
    }
    let help = [
      ("LEFT / RIGHT", "rotate"), ("UP", "thrust"), ("SPACE", "fire"), ("SHIFT", "hyperspace"),
      ("P", "pause"), ("hold BACKSPACE", "rewind"), ("ESC", "quit"),
    ]
    for (row, line) in help.enumerated() {
      let y = 430 + Float(row) * 30
      font.draw(line.0, x: width / 2 - 12, y: y, alignment: .right, color: Self.white, in: renderer)
      font.draw(line.1, x: width / 2 + 12, y: y, color: Self.cyan, in: renderer)
    }
  }

  private func dim(in renderer: OpaquePointer) {
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
    var all = SDL_FRect(
      x: 0, y: 0, w: Float(SceneRenderer.frameWidth), h: Float(SceneRenderer.frameHeight))
    SDL_RenderFillRectF(renderer, &all)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
  }

  private func drawPaused(in renderer: OpaquePointer) {
    dim(in: renderer)
    let width = Float(SceneRenderer.frameWidth)
    font.draw("PAUSED", x: width / 2, y: 280, scale: 3, alignment: .center, color: Self.white,
              in: renderer)
    font.draw("P to resume   hold BACKSPACE to rewind", x: width / 2, y: 380,
              alignment: .center, color: Self.cyan, in: renderer)
  }

  private func drawGameOver(_ scene: Scene, in renderer: OpaquePointer) {
    dim(in: renderer)
    let width = Float(SceneRenderer.frameWidth)
    font.draw("GAME OVER", x: width / 2, y: 250, scale: 3.5, alignment: .center,
              color: Self.white, in: renderer)
    font.draw("SCORE \(format2(scene.score))", x: width / 2, y: 360, scale: 1.5,
              alignment: .center, color: Self.cyan, in: renderer)
    if blinkOn(scene) {
      font.draw("PRESS FIRE TO PLAY AGAIN", x: width / 2, y: 430, alignment: .center,
                color: Self.white, in: renderer)
    }
  }
}
