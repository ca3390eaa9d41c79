import CSDL2

/// Draws a ``Scene`` into any SDL renderer: a window's or an offscreen software one.
///
/// Everything is laid out on a fixed 1280 × 720 frame; a window sets that as its logical size
/// and SDL scales it, so golden images, exported frames and the window match pixel for pixel
/// at the default size.
///
/// Two backends draw the same sprites: SDL's own blits (`SDL_RenderCopyEx`, free on a GPU),
/// or, when the renderer draws into a surface we own (the offscreen renderer), blending
/// pre-turned ``SpriteFrame``s straight into its pixels, which is several times cheaper than
/// SDL's software blitter at thousands of sprites. The HUD always goes through SDL.
package final class SceneRenderer {
  static let frameWidth: Int32 = 1280
  static let frameHeight: Int32 = 720

  let renderer: OpaquePointer
  let sheet: SpriteSheet
  let font: BitmapFont
  private(set) var exhaust = Exhaust()
  private var lastTick: Scene?
  let hud: HUD
  /// Pre-turned sprite textures, on software renderers of a window (see ``RotationCache``).
  private let rotations: RotationCache?
  /// The surface path: its pixels and the frames blended into them (nil: SDL blits).
  private let canvas: SurfaceCanvas?
  private let frames: SpriteFrames?

  /// Loads the sheet and font from the assets folder into `renderer`.
  ///
  /// Pass `surface` when `renderer` is a software renderer drawing into it (32-bit ARGB8888):
  /// sprites are then blended into its pixels directly instead of through SDL.
  package init(
    renderer: OpaquePointer, assets: String, surface: UnsafeMutablePointer<SDL_Surface>? = nil
  ) throws {
    self.renderer = renderer
    sheet = try SpriteSheet(renderer: renderer, folder: assets)
    font = try BitmapFont(renderer: renderer, folder: assets)
    hud = HUD(font: font, sheet: sheet)
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    if let surface, software {
      canvas = SurfaceCanvas(surface: surface)
      frames = SpriteFrames(renderer: renderer, sheet: sheet)
      rotations = nil
    } else {
      canvas = nil
      frames = nil
      rotations = software ? RotationCache(renderer: renderer, sheet: sheet) : nil
    }
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
    if let canvas {
      // Anything SDL still has queued must land before we write pixels under it.
      SDL_RenderFlush(renderer)
      canvas.clear()
    } else {
      SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
      SDL_RenderClear(renderer)
    }
    let view = View(scene: shown)
    drawParticles(shown, view: view, fraction: fraction)
    for sprite in shown.sprites { draw(sprite, view: view) }
    hud.draw(shown, in: renderer)
  }

  private func drawParticles(_ scene: Scene, view: View, fraction: Float) {
    for particle in scene.particles {
      drawDot(
        particle.ember ? Self.emberImage : Self.sparkImage, x: particle.x, y: particle.y,
        fade: particle.life, view: view)
    }
    for particle in exhaust.items {
      let x = particle.previousX + (particle.x - particle.previousX) * fraction
      let y = particle.previousY + (particle.y - particle.previousY) * fraction
      let fade = 1 - Float(particle.age) / Float(particle.lifetime)
      drawDot(Self.emberImage, x: x, y: y, fade: fade, view: view)
    }
    if canvas == nil { SDL_SetTextureAlphaMod(sheet.texture, 255) }
  }

  private func drawDot(_ image: Int, x: Float, y: Float, fade: Float, view: View) {
    // Fading by alpha only, at the sheet's size: no scaled blits.
    let alpha = UInt8(max(0, min(255, fade * 255)))
    if let canvas, let frames {
      let source = frames.source(image)
      let size = Float(source.w)
      let frame = frames.frame(image, heading: 0, width: Int(source.w), height: Int(source.h))
      // SDL truncates float rectangles toward zero; so does Int(_:).
      canvas.blit(
        frame, x: Int(view.screenX(x) - size / 2), y: Int(view.screenY(y) - size / 2),
        alpha: UInt32(alpha))
      return
    }
    var source = sheet.rect(Self.imageNames[image])
    let size = Float(source.w)
    var target = SDL_FRect(
      x: view.screenX(x) - size / 2, y: view.screenY(y) - size / 2, w: size, h: size)
    SDL_SetTextureAlphaMod(sheet.texture, alpha)
    SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
  }

  private func draw(_ sprite: Scene.Sprite, view: View) {
    let (image, nominal) = Self.imageIndex(for: sprite.kind)
    let source = frames?.source(image) ?? sheet.rect(Self.imageNames[image])
    var scale = nominal > 0 ? sprite.radius * view.scale / nominal : 1
    // Within 3% of the sheet's size, draw at the sheet's size: an unscaled blit is the
    // software renderer's fast path, and nobody sees a 3% difference.
    if abs(scale - 1) < 0.03 { scale = 1 }
    let w = Float(source.w) * scale
    let h = Float(source.h) * scale
    let cx = view.screenX(sprite.x)
    let cy = view.screenY(sprite.y)
    if let canvas, let frames {
      let heading = sprite.angle == 0 ? 0 : SpriteFrames.heading(sprite.angle)
      let frame = frames.frame(image, heading: heading, width: Int(w), height: Int(h))
      forEachCopy(cx, cy, w: w, h: h, view: view) { x, y in
        canvas.blit(frame, x: Int(x - w / 2), y: Int(y - h / 2))
      }
      return
    }
    let name = Self.imageNames[image]
    let degrees = Double(sprite.angle) * 180 / .pi
    forEachCopy(cx, cy, w: w, h: h, view: view) { x, y in
      var source = source
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

  /// Calls `body` with the centre of a `w × h` sprite at (`cx`, `cy`) and, near an edge, with
  /// the centre of the copy peeking in from the other side: the world wraps.
  private func forEachCopy(
    _ cx: Float, _ cy: Float, w: Float, h: Float, view: View, _ body: (Float, Float) -> Void
  ) {
    let spanX = view.worldWidth * view.scale
    let spanY = view.worldHeight * view.scale
    let wrapX: Float =
      cx - w / 2 < view.originX
      ? spanX
      : cx + w / 2 > view.originX + spanX ? -spanX : 0
    let wrapY: Float =
      cy - h / 2 < view.originY
      ? spanY
      : cy + h / 2 > view.originY + spanY ? -spanY : 0
    body(cx, cy)
    if wrapY != 0 { body(cx, cy + wrapY) }
    if wrapX != 0 {
      body(cx + wrapX, cy)
      if wrapY != 0 { body(cx + wrapX, cy + wrapY) }
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
