import CSDL2
import GameAssets
import GameScene

/// Draws any game's ``Scene`` into an SDL renderer: a window's or an offscreen software one.
///
/// Everything is laid out on the fixed 1280 × 720 frame; a window sets that as its logical
/// size and SDL scales it, so golden images, exported frames and the window match pixel for
/// pixel at the default size.
///
/// Two backends draw sprites and particles: SDL's own blits (`SDL_RenderCopyEx`, free on a
/// GPU), or, when the renderer draws into a surface we own (the offscreen renderer), blending
/// pre-turned ``SpriteFrame``s straight into its pixels, several times cheaper than SDL's
/// software blitter at thousands of sprites. Text, rectangles, lines and polygons always go
/// through SDL; the renderer flushes SDL's queue before it writes pixels itself, so shapes
/// land in the order the scene lists them.
package final class SceneRenderer {
  static let frameWidth = Int32(Scene.frameWidth)
  static let frameHeight = Int32(Scene.frameHeight)

  let renderer: OpaquePointer
  /// The game's sprite sheet; nil for a game that draws no images.
  let sheet: SpriteSheet?
  let font: BitmapFont
  private(set) var emitted = EmitterParticles()
  private var lastTick: Scene?
  /// Pre-turned sprite textures, on software renderers of a window (see ``RotationCache``).
  private let rotations: RotationCache?
  /// The surface path: its pixels and the frames blended into them (nil: SDL blits).
  private let canvas: SurfaceCanvas?
  private let frames: SpriteFrames?
  /// True when SDL has drawing queued that the canvas has not seen yet.
  private var queued = false
  /// The last few image names looked up and their numbers: a frame draws a few images many
  /// times over, and comparing two short names costs far less than hashing one.
  private var recentImages: [(name: String, number: Int)] = []
  private var nextRecent = 0

  /// Loads the game's sheet (when `game` holds a `sprites.atlas`) and the engine's font into
  /// `renderer`.
  ///
  /// Pass `surface` when `renderer` is a software renderer drawing into it (32-bit ARGB8888):
  /// sprites are then blended into its pixels directly instead of through SDL.
  package init(
    renderer: OpaquePointer, assets: AssetFolders, surface: UnsafeMutablePointer<SDL_Surface>? = nil
  ) throws {
    self.renderer = renderer
    if let folder = assets.game, assets.hasSprites {
      sheet = try SpriteSheet(renderer: renderer, folder: folder)
    } else {
      sheet = nil
    }
    font = try BitmapFont(renderer: renderer, folder: assets.engine)
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    if let surface, software {
      canvas = SurfaceCanvas(surface: surface)
      frames = sheet.map { SpriteFrames(renderer: renderer, sheet: $0) }
      rotations = nil
    } else {
      canvas = nil
      frames = nil
      rotations = software ? sheet.map { RotationCache(renderer: renderer, sheet: $0) } : nil
    }
  }

  /// Advances the emitters' particles when `scene` is a new tick; call once per simulation
  /// tick (forward or back).
  ///
  /// A scene of the tick observed last advances nothing: a networked match that waits for a
  /// peer runs no tick, and one that rolled back shows only its newest tick (the ticks it ran
  /// again are never observed), so a rollback emits no particle twice.
  package func observe(tick scene: Scene) {
    if let lastTick {
      if scene.tick == lastTick.tick {
        self.lastTick = scene
        return
      }
      if scene.tick < lastTick.tick {
        emitted.removeAll()
      } else {
        emitted.advance(from: lastTick, to: scene) { [sheet] in Self.number($0, in: sheet) }
      }
    }
    lastTick = scene
  }

  /// Forgets the ticks observed so far: no emitter particles, their generator back at its
  /// seed.
  package func forgetTicks() {
    emitted = EmitterParticles()
    lastTick = nil
  }

  /// Draws one frame: `scene` interpolated from `previous` by `fraction`, and the engine's
  /// rewind banner while `rewinding`, and `board` (the engine's high-score shapes, see
  /// ``HighScoreOverlay``) over all that; with no `board`, the scene's own best-score line.
  /// Does not present.
  package func draw(
    _ scene: Scene, previous: Scene? = nil, fraction: Float = 1, rewinding: Bool = false,
    notice: String? = nil, board: [Shape]? = nil
  ) {
    let shown = previous.map { scene.interpolated(from: $0, fraction: fraction) } ?? scene
    clear(shown.background)
    let world = FrameMapping(scene: shown)
    for particle in shown.particles {
      drawDot(
        number(particle.image), x: particle.x, y: particle.y, fade: particle.life, view: world)
    }
    for particle in emitted.items {
      let x = particle.previousX + (particle.x - particle.previousX) * fraction
      let y = particle.previousY + (particle.y - particle.previousY) * fraction
      let fade = 1 - Float(particle.age) / Float(particle.lifetime)
      drawDot(particle.image, x: x, y: y, fade: fade, view: world)
    }
    if canvas == nil, let sheet { SDL_SetTextureAlphaMod(sheet.texture, 255) }
    for shape in shown.world { draw(shape, view: world, wraps: shown.wraps) }
    for shape in shown.overlay { draw(shape, view: .frame, wraps: false) }
    let board =
      board ?? shown.highScores.flatMap { $0.best }.map { [Shape.text($0)] } ?? []
    for shape in board { draw(shape, view: .frame, wraps: false) }
    if rewinding {
      font.draw(
        "<< REWIND", x: Float(Self.frameWidth) / 2, y: 660, scale: 1.5, alignment: .center,
        color: Color(255, 200, 110), in: renderer)
    }
    if let notice {
      // Over a dark band, so it reads over anything the game draws.
      setDrawColor(Color(0, 0, 0, alpha: 190))
      var band = SDL_FRect(x: 0, y: 690, w: Float(Self.frameWidth), h: 30)
      SDL_RenderFillRectF(renderer, &band)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      font.draw(
        notice, x: Float(Self.frameWidth) / 2, y: 693, alignment: .center,
        color: Color(255, 120, 100), in: renderer)
    }
  }

  private func clear(_ color: Color) {
    if let canvas {
      // Anything SDL still has queued must land before we write pixels under it.
      SDL_RenderFlush(renderer)
      canvas.clear(
        0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
      queued = false
    } else {
      SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, 255)
      SDL_RenderClear(renderer)
    }
  }

  /// The number of image `name` in the sheet, through ``recentImages``.
  private func number(_ name: String) -> Int {
    for entry in recentImages where entry.name == name { return entry.number }
    let number = Self.number(name, in: sheet)
    if recentImages.count < 4 {
      recentImages.append((name, number))
    } else {
      recentImages[nextRecent] = (name, number)
      nextRecent = (nextRecent + 1) & 3
    }
    return number
  }

  /// The number of image `name` in `sheet`; drawing an image with no sheet is a game bug.
  private static func number(_ name: String, in sheet: SpriteSheet?) -> Int {
    guard let sheet else {
      preconditionFailure("image '\(name)' drawn, but the game's assets have no sprites.atlas")
    }
    return sheet.number(name)
  }

  /// Makes SDL's queued drawing land before the canvas writes pixels over it.
  private func flushBeforeCanvas() {
    if queued {
      SDL_RenderFlush(renderer)
      queued = false
    }
  }

  private func draw(_ shape: Shape, view: FrameMapping, wraps: Bool) {
    switch shape {
    case .sprite(let sprite): draw(sprite, view: view, wraps: wraps)
    case .image(let image): draw(image, view: view)
    case .text(let text):
      if let outline = text.outline {
        for (dx, dy) in [(-2, 0), (2, 0), (0, -2), (0, 2), (-2, -2), (2, 2), (-2, 2), (2, -2)] {
          font.draw(
            text.string, x: view.x(text.x) + Float(dx), y: view.y(text.y) + Float(dy),
            scale: text.scale * view.scale, alignment: text.alignment, color: outline,
            font: text.font, in: renderer)
        }
      }
      font.draw(
        text.string, x: view.x(text.x), y: view.y(text.y),
        scale: text.scale * view.scale, alignment: text.alignment, color: text.color,
        font: text.font, in: renderer)
      queued = true
    case .rect(let rect):
      setDrawColor(rect.color)
      var target = SDL_FRect(
        x: view.x(rect.x), y: view.y(rect.y), w: rect.width * view.scale,
        h: rect.height * view.scale)
      if rect.filled {
        SDL_RenderFillRectF(renderer, &target)
      } else {
        SDL_RenderDrawRectF(renderer, &target)
      }
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      queued = true
    case .line(let line):
      setDrawColor(line.color)
      SDL_RenderDrawLineF(
        renderer, view.x(line.x1), view.y(line.y1), view.x(line.x2),
        view.y(line.y2))
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      queued = true
    case .polygon(let polygon):
      draw(polygon, view: view)
      queued = true
    }
  }

  private func setDrawColor(_ color: Color) {
    SDL_SetRenderDrawBlendMode(
      renderer, color.alpha < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
  }

  private func draw(_ polygon: Polygon, view: FrameMapping) {
    let points = polygon.points.map { SDL_FPoint(x: view.x($0.x), y: view.y($0.y)) }
    guard points.count >= 2 else { return }
    if polygon.filled, points.count >= 3 {
      let color = SDL_Color(
        r: polygon.color.red, g: polygon.color.green, b: polygon.color.blue,
        a: polygon.color.alpha)
      // A fan from the first corner: exact for convex polygons.
      var vertices: [SDL_Vertex] = []
      vertices.reserveCapacity((points.count - 2) * 3)
      for i in 1..<(points.count - 1) {
        for point in [points[0], points[i], points[i + 1]] {
          vertices.append(SDL_Vertex(position: point, color: color, tex_coord: SDL_FPoint()))
        }
      }
      SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
      return
    }
    setDrawColor(polygon.color)
    var closed = points
    closed.append(points[0])
    SDL_RenderDrawLinesF(renderer, closed, Int32(closed.count))
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
  }

  private func draw(_ image: Image, view: FrameMapping) {
    let sheet = Self.sheet(sheet, for: image.name)
    var source = sheet.rect(image.name)
    var target = SDL_FRect(
      x: view.x(image.x), y: view.y(image.y),
      w: (image.width ?? Float(source.w)) * view.scale,
      h: (image.height ?? Float(source.h)) * view.scale)
    SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
    queued = true
  }

  private static func sheet(_ sheet: SpriteSheet?, for name: String) -> SpriteSheet {
    guard let sheet else {
      preconditionFailure("image '\(name)' drawn, but the game's assets have no sprites.atlas")
    }
    return sheet
  }

  private func drawDot(_ image: Int, x: Float, y: Float, fade: Float, view: FrameMapping) {
    // Fading by alpha only, at the sheet's size: no scaled blits.
    let alpha = UInt8(max(0, min(255, fade * 255)))
    if let canvas, let frames {
      flushBeforeCanvas()
      let source = frames.source(image)
      let size = Float(source.w)
      let frame = frames.frame(image, heading: 0, width: Int(source.w), height: Int(source.h))
      // SDL truncates float rectangles toward zero; so does Int(_:).
      canvas.blit(
        frame, x: Int(view.x(x) - size / 2), y: Int(view.y(y) - size / 2),
        alpha: UInt32(alpha))
      return
    }
    guard let sheet else { return }
    var source = sheet.rects[image]
    let size = Float(source.w)
    var target = SDL_FRect(
      x: view.x(x) - size / 2, y: view.y(y) - size / 2, w: size, h: size)
    SDL_SetTextureAlphaMod(sheet.texture, alpha)
    SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
    queued = true
  }

  private func draw(_ sprite: Sprite, view: FrameMapping, wraps: Bool) {
    let image = number(sprite.image)
    if let canvas, let frames {
      flushBeforeCanvas()
      let source = frames.source(image)
      let (w, h) = Self.size(source, scale: sprite.scale * view.scale)
      let cx = view.x(sprite.x)
      let cy = view.y(sprite.y)
      let heading = sprite.angle == 0 ? 0 : SpriteFrames.heading(sprite.angle)
      let frame = frames.frame(image, heading: heading, width: Int(w), height: Int(h))
      forEachCopy(cx, cy, w: w, h: h, view: view, wraps: wraps) { x, y in
        canvas.blit(frame, x: Int(x - w / 2), y: Int(y - h / 2))
      }
      return
    }
    guard let sheet else { return }
    let source = sheet.rects[image]
    let (w, h) = Self.size(source, scale: sprite.scale * view.scale)
    let cx = view.x(sprite.x)
    let cy = view.y(sprite.y)
    let degrees = Double(sprite.angle) * 180 / .pi
    forEachCopy(cx, cy, w: w, h: h, view: view, wraps: wraps) { x, y in
      var source = source
      var target = SDL_FRect(x: x - w / 2, y: y - h / 2, w: w, h: h)
      if degrees == 0 {
        SDL_RenderCopyF(renderer, sheet.texture, &source, &target)
      } else if let rotations {
        var whole = SDL_Rect(x: 0, y: 0, w: source.w, h: source.h)
        let turned = rotations.texture(image, source: source, radians: sprite.angle)
        SDL_RenderCopyF(renderer, turned, &whole, &target)
      } else {
        SDL_RenderCopyExF(renderer, sheet.texture, &source, &target, degrees, nil, SDL_FLIP_NONE)
      }
    }
    queued = true
  }

  /// The drawn size of an image of `source`'s size at `scale`. Within 3% of the sheet's size
  /// it is the sheet's size: an unscaled blit is the software renderer's fast path, and nobody
  /// sees a 3% difference.
  private static func size(_ source: SDL_Rect, scale: Float) -> (Float, Float) {
    let scale = abs(scale - 1) < 0.03 ? 1 : scale
    return (Float(source.w) * scale, Float(source.h) * scale)
  }

  /// Calls `body` with the centre of a `w × h` sprite at (`cx`, `cy`) and, in a world that
  /// wraps, near an edge, with the centre of the copy peeking in from the other side.
  private func forEachCopy(
    _ cx: Float, _ cy: Float, w: Float, h: Float, view: FrameMapping, wraps: Bool,
    _ body: (Float, Float) -> Void
  ) {
    body(cx, cy)
    guard wraps else { return }
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
    if wrapY != 0 { body(cx, cy + wrapY) }
    if wrapX != 0 {
      body(cx + wrapX, cy)
      if wrapY != 0 { body(cx + wrapX, cy + wrapY) }
    }
  }
}
