import CSDL2

/// Draws a ``Scene`` into any SDL renderer: a window's or an offscreen software one.
///
/// Everything is laid out on a fixed 1280 × 720 frame; a window sets that as its logical size
/// and SDL scales it, so golden images, exported frames and the window match pixel for pixel
/// at the default size.
package final class SceneRenderer {
  static let frameWidth: Int32 = 1280
  static let frameHeight: Int32 = 720

  let renderer: OpaquePointer
  let sheet: SpriteSheet
  let font: BitmapFont
  private(set) var exhaust = Exhaust()
  private var lastTick: Scene?
  let hud: HUD
  /// Pre-turned sprites, on software renderers only (see ``RotationCache``).
  private let rotations: RotationCache?

  /// Loads the sheet and font from the assets folder into `renderer`.
  package init(renderer: OpaquePointer, assets: String) throws {
    self.renderer = renderer
    sheet = try SpriteSheet(renderer: renderer, folder: assets)
    font = try BitmapFont(renderer: renderer, folder: assets)
    hud = HUD(font: font, sheet: sheet)
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    rotations = software ? RotationCache(renderer: renderer, sheet: sheet) : nil
  }

  /// Advances the exhaust flame when `scene` is a new tick; call once per simulation tick.
  package func observe(tick scene: Scene) {
    if let lastTick { exhaust.advance(from: lastTick, to: scene) }
    lastTick = scene
  }

  /// Draws one frame: `scene` interpolated from `previous` by `fraction`, then the HUD and the
  /// screen for the current phase. Does not present.
  package func draw(_ scene: Scene, previous: Scene? = nil, fraction: Float = 1) {
    let shown = previous.map { scene.interpolated(from: $0, fraction: fraction) } ?? scene
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
    SDL_RenderClear(renderer)
    let view = View(scene: shown)
    drawParticles(shown, view: view, fraction: fraction)
    for sprite in shown.sprites { draw(sprite, view: view) }
    hud.draw(shown, in: renderer)
  }

  private func drawParticles(_ scene: Scene, view: View, fraction: Float) {
    let spark = sheet.rect("spark")
    let ember = sheet.rect("ember")
    for particle in scene.particles {
      drawDot(particle.ember ? ember : spark, x: particle.x, y: particle.y, fade: particle.life,
              view: view)
    }
    for particle in exhaust.items {
      let x = particle.previousX + (particle.x - particle.previousX) * fraction
      let y = particle.previousY + (particle.y - particle.previousY) * fraction
      let fade = 1 - Float(particle.age) / Float(particle.lifetime)
      drawDot(ember, x: x, y: y, fade: fade, view: view)
    }
    SDL_SetTextureAlphaMod(sheet.texture, 255)
  }

  private func drawDot(_ rect: SDL_Rect, x: Float, y: Float, fade: Float, view: View) {
    var source = rect
    // Fading by alpha only, at the sheet's size: no scaled blits.
    let size = Float(source.w)
    var target = SDL_FRect(
      x: view.screenX(x) - size / 2, y: view.screenY(y) - size / 2, w: size, h: size)
    SDL_SetTextureAlphaMod(sheet.texture, UInt8(max(0, min(255, fade * 255))))
    SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
  }

  private func draw(_ sprite: Scene.Sprite, view: View) {
    let (name, nominal) = Self.image(for: sprite.kind)
    var source = sheet.rect(name)
    var scale = nominal > 0 ? sprite.radius * view.scale / nominal : 1
    // Within 3% of the sheet's size, draw at the sheet's size: an unscaled blit is the
    // software renderer's fast path, and nobody sees a 3% difference.
    if abs(scale - 1) < 0.03 { scale = 1 }
    let w = Float(source.w) * scale
    let h = Float(source.h) * scale
    let cx = view.screenX(sprite.x)
    let cy = view.screenY(sprite.y)
    let degrees = Double(sprite.angle) * 180 / .pi
    // Near an edge the world wraps: draw the copy peeking in from the other side too.
    let spanX = view.worldWidth * view.scale
    let spanY = view.worldHeight * view.scale
    let xs: [Float] = cx - w / 2 < view.originX ? [cx, cx + spanX]
      : cx + w / 2 > view.originX + spanX ? [cx, cx - spanX] : [cx]
    let ys: [Float] = cy - h / 2 < view.originY ? [cy, cy + spanY]
      : cy + h / 2 > view.originY + spanY ? [cy, cy - spanY] : [cy]
    for x in xs {
      for y in ys {
        var target = SDL_FRect(x: x - w / 2, y: y - h / 2, w: w, h: h)
        if degrees == 0 {
          SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
        } else if let rotations {
          var whole = SDL_Rect(x: 0, y: 0, w: source.w, h: source.h)
          let turned = rotations.texture(name, source: source, radians: sprite.angle)
          SDL_RenderCopyF(renderer, turned, &whole, &target)
        } else {
          SDL_RenderCopyExF(renderer, sheet.texture, &source, &target, degrees, nil, SDL_FLIP_NONE)
        }
      }
    }
  }

  /// The sheet sprite for a kind and the radius, in sheet pixels, that its outline was drawn at
  /// (0: drawn at sheet size, whatever the world radius).
  static func image(for kind: Scene.Kind) -> (String, Float) {
    switch kind {
    case .ship(let thrusting): return (thrusting ? "ship-thrust" : "ship", 16)
    case .rock(let size, let shape):
      let size = min(2, max(0, size))
      return ("rock\(size)-\(shape & 3)", [44, 23, 11.5][size])
    case .saucer(let small): return (small ? "saucer-small" : "saucer-large", small ? 15 : 27)
    case .bullet: return ("bullet", 0)
    case .saucerBullet: return ("saucer-bullet", 0)
    }
  }
}

/// Maps world units onto the 1280 × 720 frame, centred, keeping the world's aspect.
struct View {
  var scale: Float
  var originX: Float
  var originY: Float
  var worldWidth: Float
  var worldHeight: Float

  init(scene: Scene) {
    worldWidth = max(1, scene.worldWidth)
    worldHeight = max(1, scene.worldHeight)
    let frameW = Float(SceneRenderer.frameWidth)
    let frameH = Float(SceneRenderer.frameHeight)
    scale = min(frameW / worldWidth, frameH / worldHeight)
    originX = (frameW - worldWidth * scale) / 2
    originY = (frameH - worldHeight * scale) / 2
  }

  func screenX(_ x: Float) -> Float { originX + x * scale }
  func screenY(_ y: Float) -> Float { originY + y * scale }
}
