import GameCore

/// What one tick looks like: an SDL-free description of a frame that the engine's renderer
/// draws, in a window or offscreen.
///
/// A game builds one from its state (``PlayableGame/scene(of:)``), once per tick; the engine
/// draws it, interpolated between the last two ticks, at any frame rate. Layers, back to
/// front: ``particles`` and the particles of the ``emitters``, then ``world`` (world units,
/// fitted into the frame), then ``overlay`` (the 1280 × 720 frame's own pixels: the HUD and
/// the screens).
///
/// Floating point is fine here: a scene is drawn, never replayed or hashed.
///
/// ```swift
/// var scene = Scene(tick: state.tick, worldWidth: 160, worldHeight: 90)
/// scene.world.append(.rect(Rect(x: 10, y: 40, width: 2, height: 12, color: .white)))
/// scene.overlay.append(.text(Text("3 : 1", x: 640, y: 20, alignment: .center)))
/// ```
public struct Scene: Equatable, Sendable {
  /// The width of the frame every scene is drawn into, in pixels.
  public static let frameWidth = 1280
  /// The height of the frame, in pixels.
  public static let frameHeight = 720

  /// The tick this scene shows: blinking text uses it, never the wall clock.
  public var tick: Int
  /// The world's width in world units; the view fits the world into the frame, keeping its
  /// aspect ratio.
  public var worldWidth: Float
  /// The world's height in world units.
  public var worldHeight: Float
  /// True when the world wraps at its edges: a sprite across an edge also shows on the other
  /// side, and a tracked sprite that jumps more than half the world is not blended.
  public var wraps: Bool
  /// The colour behind everything.
  public var background: Color
  /// True while play is under way (not a title, pause or game-over screen): the window then
  /// presses the game's pause button when it loses focus.
  public var isRunning: Bool
  /// Dots that fade: drawn first, at their image's size, drawn back along their velocity.
  public var particles: [Particle]
  /// Streams of cosmetic particles the renderer runs itself (a ship's exhaust).
  public var emitters: [Emitter]
  /// Shapes in world units.
  public var world: [Shape]
  /// Shapes in frame pixels, drawn over the world.
  public var overlay: [Shape]
  /// Where the window shows the player's saved high scores on this screen (a title, a game
  /// over, the HUD's best); nil shows none.
  public var highScores: HighScoreBoard?
  /// True when nothing in the world moved since the tick before (a paused game whose tick
  /// counter runs on): frames are then drawn without interpolation and emitters freeze. The
  /// engine sets it once per tick; games leave it false.
  public var isStill = false

  /// An empty scene of a world of this size.
  public init(
    tick: Int, worldWidth: Float = Float(Scene.frameWidth),
    worldHeight: Float = Float(Scene.frameHeight), wraps: Bool = false,
    background: Color = .black, isRunning: Bool = true
  ) {
    self.tick = tick
    self.worldWidth = worldWidth
    self.worldHeight = worldHeight
    self.wraps = wraps
    self.background = background
    self.isRunning = isRunning
    self.particles = []
    self.emitters = []
    self.world = []
    self.overlay = []
    self.highScores = nil
  }
}

/// One thing drawn.
public enum Shape: Equatable, Sendable {
  /// An image from the game's sprite sheet, centred on a point, turned and scaled.
  case sprite(Sprite)
  /// An image from the sheet in a rectangle (top-left corner and size), not turned.
  case image(Image)
  /// One line of text in the engine's bitmap font.
  case text(Text)
  /// A rectangle, filled or outlined.
  case rect(Rect)
  /// A straight line.
  case line(Line)
  /// A closed polygon, filled or outlined.
  case polygon(Polygon)
}

/// An RGBA colour.
public struct Color: Equatable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  /// 255 is opaque; less blends over what is below.
  public var alpha: UInt8

  /// A colour.
  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public static let black = Color(0, 0, 0)
  public static let white = Color(255, 255, 255)
}

/// How a sprite, rectangle, line or polygon of the world moved between the tick before and the
/// tick drawn: how frames between the two ticks draw it.
public enum Motion: Equatable, Sendable {
  /// Drawn where it is.
  case still
  /// Moving in a straight line: frames between ticks draw it back along its velocity (world
  /// units per tick) and spin (radians per tick). Needs no pairing between ticks, so a thing
  /// that just appeared (a rock that split) does not slide.
  case linear(vx: Float, vy: Float, spin: Float)
  /// Steered (a ship, a paddle): blended with the shape of the same kind and id
  /// (``Sprite/id``, ``Line/id``, ``Polygon/id``, ``Rect/id``) in the tick before, unless it
  /// jumped (wrapped, or more than half the world away).
  case tracked
}

/// An image from the sheet centred on a point of the world.
public struct Sprite: Equatable, Sendable {
  /// Stable across ticks for the same thing: tracked interpolation pairs sprites by it.
  public var id: Int
  /// The image's name in the sheet's atlas.
  public var image: String
  /// Centre, in world units.
  public var x: Float
  public var y: Float
  /// Radians, clockwise; 0 draws the image as it is in the sheet.
  public var angle: Float
  /// Drawn size over the image's size in the sheet, at a view scale of 1.
  public var scale: Float
  /// How it moved since the tick before.
  public var motion: Motion

  /// A sprite.
  public init(
    id: Int, image: String, x: Float, y: Float, angle: Float = 0, scale: Float = 1,
    motion: Motion = .still
  ) {
    self.id = id
    self.image = image
    self.x = x
    self.y = y
    self.angle = angle
    self.scale = scale
    self.motion = motion
  }
}

/// An image from the sheet placed in a rectangle.
public struct Image: Equatable, Sendable {
  /// The image's name in the sheet's atlas.
  public var name: String
  /// Top-left corner.
  public var x: Float
  public var y: Float
  /// Size; nil draws it at the sheet's size.
  public var width: Float?
  public var height: Float?

  /// An image.
  public init(_ name: String, x: Float, y: Float, width: Float? = nil, height: Float? = nil) {
    self.name = name
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// One line of text in the engine's bitmap font (16 × 24 pixel cells at scale 1; ASCII
/// 32-126, anything else shows as `?`).
///
/// The letters come out in ``color`` as asked (white is white, amber is amber), with a soft
/// halo of the same colour. ``Font/arcadeGlow`` is the look of Asteroids' and Blocks' screens
/// instead: cyan vector strokes tinted by the colour.
///
/// ```swift
/// scene.overlay.append(.text(Text("GAME OVER", x: 640, y: 300, scale: 4, alignment: .center,
///                                 color: Color(255, 190, 60))))
/// ```
public struct Text: Equatable, Sendable {
  /// Where ``Text/x`` is on the line.
  public enum Alignment: Equatable, Sendable { case left, center, right }

  /// The glyphs' look: both fonts have the same letters and sizes.
  public enum Font: Equatable, Sendable {
    /// White strokes with a white halo, multiplied by the colour: the colour as asked.
    case plain
    /// The arcade's glowing vector strokes (a pale cyan core in a blue halo), multiplied by
    /// the colour: white shows pale cyan, and warm colours come out darker and greener than
    /// asked. Asteroids and Blocks draw their text so.
    case arcadeGlow
  }

  public var string: String
  /// The anchor's x (see ``alignment``) and the top of the line.
  public var x: Float
  public var y: Float
  public var scale: Float
  public var alignment: Alignment
  public var color: Color
  /// A colour drawn around the letters first (two pixels each way), so the text reads over
  /// anything moving behind it (a HUD over rocks); nil draws none.
  public var outline: Color?
  /// The glyphs' look; ``Font/plain`` (the colour as asked) by default.
  public var font: Font

  /// A line of text.
  public init(
    _ string: String, x: Float, y: Float, scale: Float = 1, alignment: Alignment = .left,
    color: Color = .white, outline: Color? = nil, font: Font = .plain
  ) {
    self.string = string
    self.x = x
    self.y = y
    self.scale = scale
    self.alignment = alignment
    self.color = color
    self.outline = outline
    self.font = font
  }

  /// Width of a line at `scale`, in pixels (world units in the world layer).
  public static func width(of string: String, scale: Float = 1) -> Float {
    Float(string.count) * 16 * scale
  }
}

/// A rectangle: a paddle, a tile, a panel, a dimmed screen.
public struct Rect: Equatable, Sendable {
  public var x: Float
  public var y: Float
  public var width: Float
  public var height: Float
  public var color: Color
  /// False draws the outline only.
  public var filled: Bool
  /// Stable across ticks for the same thing (a paddle, the ball): ``Motion/tracked``
  /// interpolation pairs rectangles by it.
  public var id: Int
  /// How it moved since the tick before: ``Motion/linear(vx:vy:spin:)`` draws it back along
  /// its velocity between ticks; ``Motion/tracked`` blends it with the rectangle of the same
  /// ``id`` in the tick before (position and size), so a paddle or a ball drawn as a rectangle
  /// moves smoothly at any frame rate without the game knowing its velocity; ``Motion/still``
  /// draws it where it is.
  public var motion: Motion

  /// A rectangle with its top-left corner at (`x`, `y`).
  public init(
    x: Float, y: Float, width: Float, height: Float, color: Color, filled: Bool = true,
    id: Int = 0, motion: Motion = .still
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.color = color
    self.filled = filled
    self.id = id
    self.motion = motion
  }
}

/// A cosmetic dot that fades: debris, dust, sparks.
public struct Particle: Equatable, Sendable {
  /// The image's name in the sheet (drawn at the sheet's size).
  public var image: String
  public var x: Float
  public var y: Float
  /// World units per tick: frames between ticks draw it back along it.
  public var vx: Float
  public var vy: Float
  /// 1 when new, falling to 0 as it dies: its opacity.
  public var life: Float

  /// A particle.
  public init(image: String, x: Float, y: Float, vx: Float, vy: Float, life: Float) {
    self.image = image
    self.x = x
    self.y = y
    self.vx = vx
    self.vy = vy
    self.life = life
  }
}

/// A stream of cosmetic particles that the renderer runs on its own seeded generator: the
/// game says where it is this tick; nothing of it is in the game's state.
///
/// Each tick it emits ``perTick`` particles at (``x``, ``y``), each flying along
/// `direction + (u - 0.5) × spread` (radians, clockwise, 0 = up) at
/// `speed + u × speedRange` world units per tick, living `lifetime + ⌊u × lifetimeRange⌋`
/// ticks and slowing by ``drag`` every tick (`u` a fresh uniform draw in 0..<1 each time).
public struct Emitter: Equatable, Sendable {
  public var image: String
  public var x: Float
  public var y: Float
  public var direction: Float
  public var spread: Float
  public var speed: Float
  public var speedRange: Float
  public var lifetime: Int
  public var lifetimeRange: Float
  public var perTick: Int
  public var drag: Float

  /// An emitter.
  public init(
    image: String, x: Float, y: Float, direction: Float, spread: Float, speed: Float,
    speedRange: Float, lifetime: Int, lifetimeRange: Float, perTick: Int = 2,
    drag: Float = 0.97
  ) {
    self.image = image
    self.x = x
    self.y = y
    self.direction = direction
    self.spread = spread
    self.speed = speed
    self.speedRange = speedRange
    self.lifetime = lifetime
    self.lifetimeRange = lifetimeRange
    self.perTick = perTick
    self.drag = drag
  }
}

/// The player's saved high scores on a screen: the engine keeps the tables (one file per game
/// in the user's data folder) and draws them where a scene asks.
///
/// Drawn in frame pixels over the overlay. Where no tables are at hand (frame export, golden
/// tests) ``best`` is drawn as the game wrote it and no ``list``.
///
/// When a game that ends makes the table, the window asks for initials on an opaque panel in
/// the middle of the frame (x 310-970, y 220-510), and shows ``list`` only once they are
/// saved: a game-over title above y 220 stays in view while the player types.
public struct HighScoreBoard: Equatable, Sendable {
  /// The table shown: one of the game's `rankingTables`.
  public var table: String
  /// The heading of the top-ten list, placed and styled as the list should be; its rows follow
  /// below in the same style. Nil shows no list.
  public var list: Text?
  /// The best-score line as the game knows it (`HI SCORE 120`): in the window, the better of
  /// ``current`` and the table's best replaces everything after ``bestPrefix``.
  public var best: Text?
  /// What stays of ``best`` before the value (`HI SCORE `).
  public var bestPrefix: String
  /// The game's own value for ``best`` (its best so far this session), compared with the
  /// table's.
  public var current: Int?

  /// A board for `table`.
  public init(
    table: String = "", list: Text? = nil, best: Text? = nil, bestPrefix: String = "",
    current: Int? = nil
  ) {
    self.table = table
    self.list = list
    self.best = best
    self.bestPrefix = bestPrefix
    self.current = current
  }
}
